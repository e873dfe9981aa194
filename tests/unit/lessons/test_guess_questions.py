"""``@question guess ticks=N [goal=R]``: checked by ``lessons check`` (the N ticks can be played,
at least R of them ask), posed on a board of any steppable method, graded from what a
:class:`GuessRound` reports, the board left N ticks later; lesson 5 ends predicting the 6 x 6
search in such short stretches."""

from __future__ import annotations

import bisect

import pytest

from lessons import i18n
from lessons.answers.checking import AnswerType
from lessons.catalog import BUILTIN_DIR
from lessons.checking.validate import check_text
from lessons.model import Question, StepOp, StepUnit
from lessons.parsing.parser import parse
from lessons.quiz.guess import MAX_PREDICTIONS, MAX_TICKS, GuessResult, GuessRound
from lessons.quiz.place import PlaceResult
from lessons.runner import LessonRun
from solver.guess.game import RULE_KEYS
from solver.guess.stage import Stage
from solver.messages import render
from solver.registry import make_engine, stepped
from solver.session.board import BoardSession
from solver.stepping import Mode, Stop
from tests.tiers import sweep

P = "@lesson demo\n@title Demo\n@page P\nText.\n"


def lesson_text(question: str, board: str = "@board n=4\n") -> str:
    return P + board + f"@question guess {question}\n@end\n"


def errors(question: str, board: str = "@board n=4\n") -> list[str]:
    return [str(e) for e in check_text(lesson_text(question, board), "x.md")]


def ticks_testing(method: str, n: int, start: int, ticks: int) -> int:
    """The ticks from ``start`` that test a square a placed queen could attack, read from a
    fresh engine's snapshots (not the kit's next_test, which the question uses)."""
    engine = make_engine(method, n, Mode.FIRST, None)
    if start:
        engine.run(Stop.END, max_ticks=start)
    count = 0
    for _ in range(ticks):
        assert engine.run(Stop.TICK, max_ticks=1).ticks == 1
        kit = stepped(method)
        test = kit.test_of(engine.snapshot())
        count += test is not None and not kit.asks_nothing(test)
    return count


@pytest.mark.parametrize(
    ("board", "question"),
    [
        ("@board n=4\n", "ticks=31"),
        ("@board n=4\n", "ticks=10 goal=3"),
        ("@board n=4 algorithm=recursive\n", "ticks=20"),
        ("@board n=5 algorithm=scan\n", "ticks=40 goal=1"),
        ("@board n=4 algorithm=general\n", "ticks=12"),
    ],
)
def test_good_questions_check_clean_on_every_steppable_method(board: str, question: str) -> None:
    assert errors(question, board) == []


@pytest.mark.parametrize(
    ("board", "question", "message"),
    [
        ("@board n=4\n", "ticks=0", f"ticks must be from 1 to {MAX_TICKS}, not 0"),
        ("@board n=4\n", f"ticks={MAX_TICKS + 1}", f"ticks must be from 1 to {MAX_TICKS}"),
        ("@board n=4\n", "goal=3", "missing ticks="),
        ("@board n=4\n", "ticks=32", "over at tick 31, before the last of these ticks"),
        ("@board n=4\n", "ticks=3 goal=4", "goal=4: these ticks ask only 2 questions"),
        ("@board n=4\n@step 8\n", "ticks=1", "ticks=1: none of these ticks tests a square"),
        ("@board n=4 algorithm=recursive\n", "ticks=1", "none of these ticks tests a square"),
        ("", "ticks=3", "needs a board: put @board before it"),
        ("@board n=4\n", "ticks=3 play=no", "play"),
    ],
)
def test_bad_questions_are_reported_at_their_line(board: str, question: str, message: str) -> None:
    found = errors(question, board)
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


def answer_all(round_: GuessRound, right: bool) -> None:
    """Predict every tick of the round, right (from the open question's own test) or wrong."""
    while round_.next():
        question = round_.game.question
        while question is not None:
            test = question.test
            assert test is not None
            if question.stage is Stage.FREE:
                round_.answer_yes(test.free == right)
            else:
                round_.answer_rule(test.threats[0].along)
            question = round_.game.question


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
    assert f"{result.asked} of {result.asked} squares predicted right" in verdict.message
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
    """In a graded stretch a skipped rule counts as not predicted, and its verdict names
    the keys that were right."""
    run = run_of("ticks=31")
    engine = run.engine
    assert run.asked is not None and engine is not None
    round_ = GuessRound(engine, engine.tick, 31)
    free = skipped = 0
    while round_.next():
        question = round_.game.question
        while question is not None:
            test = question.test
            assert test is not None
            if question.stage is Stage.FREE:
                free += test.free
                round_.answer_yes(test.free)
            else:
                assert round_.next()  # space: skip the rule
                skipped += 1
                verdict = round_.game.verdict
                assert verdict is not None and not verdict.right
                said = " ".join(render(m) for m in verdict.messages)
                keys = sorted({RULE_KEYS[t.along.value] for t in test.threats})
                assert said.startswith("You skipped the rule, so this square counts as not")
                assert ", ".join(keys) in said and "not asked" not in said
            question = round_.game.question
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


def test_a_round_left_early_is_not_passed_however_right() -> None:
    run = run_of("ticks=10 goal=1")
    engine = run.engine
    assert engine is not None
    round_ = GuessRound(engine, 0, 10)
    round_.next()
    verdict = run.answer_guess(GuessResult(asked=1, right=1, played=1))
    assert not verdict.correct and "after 1 of 10 ticks" in verdict.message
    assert engine.tick == 0


def test_typed_text_and_the_place_board_never_answer_a_guess_question() -> None:
    run = run_of("ticks=5")
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
    """The whole search in a few short guess questions (each of at most MAX_PREDICTIONS ticks
    that ask), the last one ending at the first solution; what lies between them is stepped."""
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
