"""Questions that look ahead on the board: ``@question guess`` (checked, posed, graded from a
:class:`GuessRound`) and ``next-state`` (``ticks=N``; ``of=NAME`` for every method's values)."""

from __future__ import annotations

import bisect
import re

import pytest

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.catalog import BUILTIN_DIR
from lessons.checking.validate import check_text
from lessons.model import Question, StepOp, StepUnit
from lessons.parsing.parser import parse
from lessons.quiz.guess import MAX_PREDICTIONS, MAX_TICKS, GuessResult, GuessRound
from lessons.quiz.next_state import pose_next_state
from lessons.quiz.not_askable import NotAskable
from lessons.quiz.params import Params
from lessons.quiz.place import PlaceResult
from lessons.quiz.pose import QuizError, pose
from lessons.runner import LessonRun
from lessons.stage.expect_names import read
from solver.guess.game import RULE_KEYS
from solver.guess.stage import Stage
from solver.messages import render
from solver.methods.iterative.engine import IterativeEngine
from solver.registry import make_engine, stepped
from solver.session.board import BoardSession
from solver.stepping import Mode, SteppableSearch, Stop, back_to
from tests.tiers import sweep
from tests.unit.solver.lecture_reference import isfree

P = "@lesson demo\n@title Demo\n@page P\nText.\n"


def lesson_text(question: str, board: str = "@board n=4\n") -> str:
    return P + board + f"@question guess {question}\n@end\n"


def errors(question: str, board: str = "@board n=4\n") -> list[str]:
    return [str(e) for e in check_text(lesson_text(question, board), "x.md")]


def ticks_testing(method: str, n: int, start: int, ticks: int) -> int:
    """The ticks from ``start`` that test an attackable square, read from the snapshots."""
    engine = make_engine(method, n, Mode.FIRST, None)
    if start:
        engine.run(Stop.END, max_ticks=start)
    count = 0
    for _ in range(ticks):
        assert engine.run(Stop.TICK, max_ticks=1).ticks == 1
        kit = stepped(method)
        test = kit.test_of(engine.snapshot())
        count += test is not None and not kit.asks_nothing(test, n)
    return count


B4 = "@board n=4\n"
GUESS_CHECKS = [  # (board, question, the error's words; "" where it checks clean)
    (B4, "ticks=31", ""), (B4, "ticks=10 goal=3", ""),
    ("@board n=4 algorithm=recursive\n", "ticks=20", ""),
    ("@board n=5 algorithm=scan\n", "ticks=40 goal=1", ""),
    ("@board n=4 algorithm=general\n", "ticks=12", ""),
    (B4, "ticks=0", f"ticks must be from 1 to {MAX_TICKS}, not 0"),
    (B4, f"ticks={MAX_TICKS + 1}", f"ticks must be from 1 to {MAX_TICKS}"),
    (B4, "goal=3", "missing ticks="),
    (B4, "ticks=32", "over at tick 31, before the last of these ticks"),
    (B4, "ticks=3 goal=4", "goal=4: these ticks ask only 2 questions"),
    ("@board n=4\n@step 8\n", "ticks=1", "ticks=1: none of these ticks tests a square"),
    ("@board n=4 algorithm=recursive\n", "ticks=1", "none of these ticks tests a square"),
    ("", "ticks=3", "needs a board: put @board before it"), (B4, "ticks=3 play=no", "play"),
]  # fmt: skip


@pytest.mark.parametrize(("board", "question", "message"), GUESS_CHECKS)
def test_guess_questions_check_clean_on_every_steppable_method_or_are_reported_at_their_line(
    board: str, question: str, message: str
) -> None:
    found = errors(question, board)
    if not message:
        assert found == []
        return
    line = 5 + board.count("\n")
    assert len(found) == 1 and found[0].startswith(f"x.md:{line}: "), found
    assert message in found[0]


def run_of(question: str, board: str = "@board n=4\n") -> LessonRun:
    lesson = parse(lesson_text(question, board), "x.md").lesson
    assert lesson is not None
    return LessonRun(lesson)


@pytest.mark.parametrize(
    ("method", "start", "ticks"), [("iterative", 0, 31), ("iterative", 5, 12), ("general", 3, 20)]
)
def test_the_questions_asked_are_counted_from_the_engine(
    method: str, start: int, ticks: int
) -> None:
    board = f"@board n=4 algorithm={method}\n" + (f"@step {start}\n" if start else "")
    run = run_of(f"ticks={ticks}", board)
    assert run.asked is not None and run.engine is not None
    posed = run.asked.posed
    asked = ticks_testing(method, 4, start, ticks)
    assert posed.answer_type is AnswerType.PLACE and posed.play == ticks
    assert posed.values["asked"] == str(asked)
    assert posed.values["goal"] == str(max(1, asked - 1))  # every one right but one
    assert run.engine.tick == start  # counted on the page's engine, stepped back


@pytest.mark.parametrize(
    ("method", "said_so"),
    [
        ("iterative", r"tick \d+: column \d, row \d is (free|attacked by the queen in .*)"),
        ("scan", r"tick \d+: the queen in column \d, row \d (attacks|does not attack) .*"),
    ],
)
def test_the_answer_says_what_each_tick_found_as_it_asks(method: str, said_so: str) -> None:
    """A square found free or attacked; on the edutecnica board, which compares the square with
    one queen a tick, whether that queen attacks it: never "free" of a square one comparison
    cleared."""
    run = run_of("ticks=12", f"@board n=5 algorithm={method}\n@step 3\n")
    assert run.asked is not None
    said = run.asked.posed.expected.split(": ", 1)[1].split("; ")
    assert len(said) == int(run.asked.posed.values["asked"]) >= 4
    assert all(re.fullmatch(said_so, item) for item in said), said
    assert any(" free" in item or " not attack" in item for item in said), said


def answer_all(round_: GuessRound, right: bool, skip: bool = False) -> tuple[int, int]:
    """Predict every tick of the round, right (from the open question's own test) or wrong,
    or skip each rule (its verdict checked); the free squares and the rules skipped."""
    free = skipped = 0
    while round_.next():
        question = round_.game.question
        while question is not None:
            test = question.test
            assert test is not None
            if question.stage is Stage.FREE:
                free += test.free
                round_.answer_yes(test.free == right)
            elif skip:
                assert round_.next()  # space: skip the rule
                skipped += 1
                verdict = round_.game.verdict
                assert verdict is not None and not verdict.right
                said = " ".join(render(m) for m in verdict.messages)
                keys = sorted({RULE_KEYS[t.along.value] for t in test.threats})
                assert said.startswith("You skipped the rule, so this square counts as not")
                assert ", ".join(keys) in said and "not asked" not in said
            else:
                round_.answer_rule(test.threats[0].along)
            question = round_.game.question
    return free, skipped


def test_a_round_predicted_right_passes_and_the_board_moves_on() -> None:
    run = run_of("ticks=31")
    engine = run.engine
    assert run.asked is not None and engine is not None
    round_ = GuessRound(engine, engine.tick, 31)
    answer_all(round_, right=True)
    result = round_.result()
    assert result == GuessResult(ticks_testing("iterative", 4, 0, 31), result.asked, 31)
    verdict = run.answer_guess(result)
    assert verdict.correct and run.answered
    assert f"{result.asked} of {result.asked} ticks predicted right" in verdict.message
    assert engine.tick == 31 and engine.finished
    kept = run.record.answers["0.0"]
    assert kept.right and len(kept.given_at) == 1
    assert kept.given == (f"right={result.asked}/{result.asked} played=31",)


def test_a_wrong_round_is_an_attempt_and_a_second_visit_starts_over() -> None:
    run = run_of("ticks=10 goal=5")
    engine = run.engine
    assert run.asked is not None and engine is not None
    round_ = GuessRound(engine, 0, 10)
    answer_all(round_, right=False)
    assert round_.right == 0 and round_.asked == ticks_testing("iterative", 4, 0, 10)
    verdict = run.answer_guess(round_.result())
    assert not verdict.correct and "the goal is 5" in verdict.message
    assert engine.tick == 0  # back at the question's tick
    assert run.asked is not None and run.asked.attempts == 1 and run.record.open["0.0"]
    round_.restart()
    assert engine.tick == 0 and round_.asked == 0 and round_.left == 10
    answer_all(round_, right=True)
    assert run.answer_guess(round_.result()).correct
    assert run.record.answers["0.0"].attempts == 2 and run.record.answers["0.0"].points == 0


def test_a_skipped_rule_is_not_a_right_prediction_and_says_so() -> None:
    """A skipped rule counts as not predicted; its verdict names the right keys."""
    run = run_of("ticks=31")
    engine = run.engine
    assert run.asked is not None and engine is not None
    round_ = GuessRound(engine, engine.tick, 31)
    free, skipped = answer_all(round_, right=True, skip=True)
    assert skipped > 0 and round_.asked == free + skipped
    assert round_.right == free
    verdict = run.answer_guess(round_.result())
    assert not verdict.correct  # the goal is every square right but one


def test_a_skipped_rule_on_the_main_screen_is_not_counted_and_names_the_keys() -> None:
    """Outside a lesson (--guess) a skip adds nothing to the tally and names the keys."""
    session = BoardSession(n=6, guessing=True)
    for _ in range(200):
        question = session.game.question
        if question is None:
            session.tick_forward()
            continue
        test = question.test
        assert test is not None
        if question.stage is Stage.FREE:
            session.answer_yes(test.free)
            continue
        before = session.game.tally
        session.answer_rule(None)
        verdict = session.game.verdict
        assert verdict is not None and session.game.tally == before
        said = " ".join(render(m) for m in verdict.messages)
        assert said.startswith("You skipped the rule (not counted).")
        keys = ", ".join(sorted({RULE_KEYS[t.along.value] for t in test.threats}))
        assert said.endswith((f"The right key was {keys}.", f"keys was right: {keys}."))
        return
    pytest.fail("no rule asked in 200 ticks")


def test_only_a_whole_round_answers_a_guess_question() -> None:
    """A round left early is not passed however right; typed text and the place board never
    answer it."""
    run = run_of("ticks=10 goal=1")
    engine = run.engine
    assert engine is not None
    GuessRound(engine, 0, 10).next()
    verdict = run.answer_guess(GuessResult(asked=1, right=1, played=1))
    assert not verdict.correct and "after 1 of 10 ticks" in verdict.message
    assert engine.tick == 0
    assert not run.answer("done").counted
    with pytest.raises(RuntimeError):
        run.answer_place(PlaceResult(4, (), False))


def test_a_shown_answer_plays_the_ticks_and_a_resume_keeps_in_step() -> None:
    text = lesson_text("ticks=7") + "@expect tick = 7\n@page Q\n@question guess ticks=3\n@end\n"
    lesson = parse(text, "x.md").lesson
    assert lesson is not None and check_text(text, "x.md") == []
    run = LessonRun(lesson)
    run.reveal()
    assert run.engine is not None and run.engine.tick == 7
    later = LessonRun(lesson, page=1)
    assert later.engine is not None and later.engine.tick == 7


TOO_MANY = {
    "en": "these ticks ask {asked} questions, more than the 40",
    "it": "questi tick fanno {asked} domande, più delle 40",
    "pl": "te kroki zadają {asked} pytań, więcej niż 40",
}


@pytest.mark.parametrize("language", sweep(TOO_MANY, everyday=["pl"]))
def test_more_than_40_predictions_in_one_guess_question_are_refused_at_its_line(
    language: str,
) -> None:
    """At most MAX_PREDICTIONS ticks that ask: a guess question is done in one sitting."""
    board = "@board n=6\n"
    ticks = range(1, 198)  # the ticks that ask only grow with the stretch: the last that fits
    fits = ticks[
        bisect.bisect_right(ticks, 40, key=lambda t: ticks_testing("iterative", 6, 0, t)) - 1
    ]
    assert ticks_testing("iterative", 6, 0, fits) == MAX_PREDICTIONS == 40
    assert errors(f"ticks={fits}", board) == []
    i18n.set_language(language)
    found = errors("ticks=197 goal=150", board)
    asked = ticks_testing("iterative", 6, 0, 197)
    assert asked == 169  # 170 squares tested, one of them column 0 (free by construction)
    assert len(found) == 1 and found[0].startswith("x.md:6: "), found
    assert TOO_MANY[language].format(asked=asked) in found[0]


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_lesson_5_ends_predicting_the_6_x_6_search_to_its_first_solution(language: str) -> None:
    """Short guess questions, stepped between, predict the search to its first solution."""
    engine = make_engine("iterative", 6, Mode.FIRST, None)
    first = engine.run(Stop.SOLUTION).ticks
    lesson = parse((BUILTIN_DIR / language / "05-iterative.md").read_text(), "05.md").lesson
    assert lesson is not None
    last = lesson.pages[-1]
    assert last.scored  # the quiz's last questions: every built-in lesson ends on its quiz
    blocks = last.blocks[next(i for i, b in enumerate(last.blocks) if is_guess(b)) :]
    guesses = [b for b in blocks if is_guess(b)]
    assert len(guesses) >= 3 and last.questions[-1] is guesses[-1]
    counted = make_engine("iterative", 6, Mode.FIRST, None)
    played = 0
    for block in blocks:
        if isinstance(block, StepOp):
            assert block.unit is StepUnit.TICK
            played += block.count
            counted.run(Stop.END, max_ticks=block.count)
        elif is_guess(block):
            ticks = int(block.params["ticks"])
            asked = 0
            for _ in range(ticks):
                asked += stepped("iterative").next_test(counted) is not None
                counted.run(Stop.TICK, max_ticks=1)
            assert 0 < int(block.params["goal"]) <= asked <= MAX_PREDICTIONS
            played += ticks
    assert played == first  # from a fresh board to the first solution


def is_guess(block: object) -> bool:
    return isinstance(block, Question) and block.kind == "guess"


NUMBER, CHOICE, LIST = AnswerType.NUMBER, AnswerType.CHOICE, AnswerType.LIST
CASES = [
    ("recursive", "depth", NUMBER), ("general", "R", NUMBER), ("scan", "k", NUMBER),
    ("maze", "path", NUMBER), ("recursive", "finished", CHOICE), ("general", "finished", CHOICE),
    ("scan", "finished", CHOICE), ("maze", "finished", CHOICE), ("recursive", "c[3]", CHOICE),
    ("recursive", "q", LIST), ("recursive", "a", LIST), ("general", "regine", LIST),
    ("scan", "T", LIST), ("maze", "at", LIST),
]  # fmt: skip


def _engine(method: str) -> SteppableSearch:
    return make_engine(method, 5, Mode.FIRST, None)


def _changing(method: str, name: str) -> tuple[SteppableSearch, int, str, str]:
    """An engine where ``name`` changes within 3 ticks, the ticks, and the value now and then."""
    engine = _engine(method)
    total = engine.run(Stop.END).ticks
    starts = range(total - 1, -1, -1) if name == "finished" else range(total)
    for start in starts:
        for ahead in (1, 2, 3):
            if start + ahead > total:
                break
            back_to(engine, start)
            now = read(engine, method, name)
            engine.run(Stop.END, max_ticks=ahead)
            then = read(engine, method, name)
            back_to(engine, start)
            if now != then:
                return engine, ahead, now, then
    raise AssertionError(f"{name} never changes on the {method} board")


def _pose(engine: SteppableSearch, name: str, ahead: int) -> Posed:
    return pose_next_state(
        Params({"of": name, "ticks": str(ahead)}, "@question"), BoardSession(engine=engine)
    )


def _typed(value: str) -> str:
    """``value`` as a student may type it: a list without brackets or spaces after commas."""
    return value.strip("[]()").replace(", ", ",") if value[:1] in "[(" else value


@pytest.mark.parametrize(("method", "name", "kind"), CASES, ids=lambda c: str(c))
def test_every_kind_of_value_is_posed_and_graded(method: str, name: str, kind: AnswerType) -> None:
    engine, ahead, now, then = _changing(method, name)
    tick = engine.tick
    posed = _pose(engine, name, ahead)
    assert engine.tick == tick  # taken back
    assert posed.answer_type is kind and posed.play == ahead
    right = posed.check(_typed(then))
    assert right.correct, right.message
    assert then in posed.answer_text
    dashed = re.sub(r"(?<![\w-])(-1|None)\b", "-", _typed(then))  # as the state pane shows it
    assert dashed == _typed(then) or posed.check(dashed).correct, dashed
    stays = posed.check(_typed(now))
    assert not stays.correct and stays.counted and f"That is {name} now" in stays.message
    for typed in ("x?", "[1, 2", "1 2 ]", "one, two", "[[1]]"):  # named, not counted
        verdict = posed.check(typed)
        assert not verdict.counted, typed
        assert typed in verdict.message


@pytest.mark.parametrize(
    ("method", "name"),
    [
        ("recursive", "q"),
        ("recursive", "b"),
        ("general", "regine"),
        ("scan", "T"),
        ("iterative", "b"),
    ],
)
def test_a_wrong_entry_of_a_list_is_named_without_its_right_value(method: str, name: str) -> None:
    """A true/false entry named wrong, or the wrong ones counted, would give the answer away;
    the prompt says how to type what the list holds (T and F, -1 for a pane's -)."""
    engine, ahead, now, then = _changing(method, name)
    posed = _pose(engine, name, ahead)
    assert ("T and F" in posed.prompt) is ("true" in then or "false" in then), posed.prompt
    assert ("where the pane shows -" in posed.prompt) is ("-1" in now + then), posed.prompt
    entries = then.strip("[]").split(", ")
    swap = {"true": "false", "false": "true", "None": "0"}
    for index in (0, len(entries) - 1):
        wrong = list(entries)
        entry = wrong[index]
        wrong[index] = swap[entry] if entry in swap else str(int(entry) + 7)
        verdict = posed.check(" ".join(wrong))
        assert not verdict.correct and verdict.counted
        if set(entries) <= {"true", "false"}:  # neither named nor counted: n tries would do
            assert f"{name}[" not in verdict.message and "wrong" not in verdict.message
        else:
            assert f"{name}[{index}] is not {wrong[index]} then" in verdict.message
        assert f"is {entries[index]} then" not in verdict.message  # never the right value
    short = posed.check(", ".join(entries[:-1]))
    assert not short.correct and short.counted
    assert f"{name} has {len(entries)} entries then; your answer has {len(entries) - 1}" in (
        short.message
    )


def test_the_maze_square_names_its_wrong_row_or_column() -> None:
    engine, ahead, _now, then = _changing("maze", "at")
    posed = _pose(engine, "at", ahead)
    row, column = (int(x) for x in then.strip("()").split(", "))
    assert (
        posed.check(f"({row}, {column + 3})").message.count(f"Its column is not {column + 3}") == 1
    )
    assert f"Its row is not {row + 3}." in posed.check(f"{row + 3} {column}").message
    assert not posed.check(f"({row}, {column}, 1)").counted  # a square has two numbers
    assert not posed.check("(true, false)").counted


def test_true_and_false_are_answered_with_yes_and_no_or_as_the_pane_shows_them() -> None:
    """In every language; a list of booleans as the recursive pane shows it, T and F."""
    engine, ahead, _now, then = _changing("recursive", "c[3]")
    posed = _pose(engine, "c[3]", ahead)
    assert posed.choices == ("true", "false")
    for word in ("true", "yes", "sì", "tak", "vero", "prawda", "1"):
        assert posed.check(word).correct == (then == "true"), word
    for word in ("false", "no", "nie", "falso", "fałsz", "2"):
        assert posed.check(word).correct == (then == "false"), word
    engine, ahead, _now, then = _changing("recursive", "b")
    posed = _pose(engine, "b", ahead)
    letters = " ".join("T" if e == "true" else "F" for e in then.strip("[]").split(", "))
    assert posed.check(letters).correct
    assert posed.check(letters.replace("T", "X", 1)).counted is False


def lecture_ticks(b: list[int], k: int, n: int, count: int) -> tuple[list[int], int, int]:
    """The Wrocław loop, one tick at a time: b[k]++ with isfree, or b[k]=-1; k--."""
    backtracks = 0
    for _ in range(count):
        if b[k] + 1 < n:
            b[k] += 1
            if isfree(b, k, b[k]):
                k += 1
        else:
            b[k] = -1
            k -= 1
            backtracks += 1
    return b, k, backtracks


@pytest.mark.parametrize("ticks", [3, 10, 25])
def test_k_several_ticks_ahead(ticks: int) -> None:
    engine = IterativeEngine(6, Mode.FIRST)
    for _ in range(15):
        engine.step()
    before = (engine.b, engine.k, engine.tick)
    posed = pose(
        Question(1, "next-state", {"of": "k", "ticks": str(ticks)}), BoardSession(engine=engine)
    )
    assert (engine.b, engine.k, engine.tick) == before
    _b, k, backtracks = lecture_ticks(list(engine.b), engine.k, 6, ticks)
    assert posed.expected == str(k) and posed.play == ticks
    if backtracks > 1:
        assert f"backtracked {backtracks} times" in posed.explanation


def test_a_word_value_and_a_state_past_the_end_are_refused() -> None:
    with pytest.raises(NotAskable, match="of=event: its value then, call, is a word"):
        _pose(_engine("recursive"), "event", 1)
    engine = IterativeEngine(4, Mode.FIRST)
    with pytest.raises(QuizError, match="the search ends"):
        pose(Question(1, "next-state", {"of": "k", "ticks": "50"}), BoardSession(engine=engine))
