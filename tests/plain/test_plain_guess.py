"""A ``guess`` question in the plain tutor: a tick predicted a line (an empty line asks, y / n and
1 / 2 / 3 answer), esc leaves without an attempt, the visit is graded once its ticks are played,
and an empty line after a visit starts over from the question's tick."""

from __future__ import annotations

import io

import pytest

from lessons.catalog import load_catalog
from lessons.parsing.parser import parse
from lessons.progress.store import ProgressStore
from solver.methods.iterative.engine import IterativeEngine
from tests.plain.test_invited_words_answer import heard, plain_tutor
from tests.tui.guess_keys import lecture_rule
from tests.tui.test_lesson_guess import GUESS
from tui.lesson_context import LessonContext
from tui.plain.lesson_walk import LessonWalk
from tui.plain.tutor import PlainTutor

TICKS = 14
LESSON = GUESS.format(ticks=TICKS)
WRONG_RULE = {"1": "2", "2": "3", "3": "1"}


def tutor_in_lesson(text: str = LESSON) -> tuple[PlainTutor, LessonWalk, io.StringIO]:
    tutor, stream = plain_tutor(LessonContext(load_catalog("en"), ProgressStore(), None, []))
    lesson = parse(text, "guessing.md").lesson
    assert lesson is not None
    walk = LessonWalk(tutor.out, lesson, None)
    tutor.walk = walk
    walk.say_page()
    return tutor, walk, stream


def answer_line(walk: LessonWalk, right: bool) -> str:
    """The line a student types now: empty between questions, else the answer worked out with
    the Wrocław lecture's isfree on the board's b (right, or deliberately wrong)."""
    assert walk.guess is not None
    question = walk.guess.round.game.question
    if question is None:
        return ""
    engine = walk.guess.round.engine
    assert isinstance(engine, IterativeEngine) and question.test is not None
    rule = lecture_rule(tuple(engine.b), *question.test.square)
    if question.stage.value == "free":
        return "y" if (rule is None) == right else "n"
    assert rule is not None
    return rule if right else WRONG_RULE[rule]


def predict_all(tutor: PlainTutor, walk: LessonWalk, right: bool) -> None:
    for _ in range(200):
        if walk.guess is None:
            return
        assert tutor.handle(answer_line(walk, right))
    raise AssertionError("the visit did not end")


def test_a_guess_question_a_tick_a_line() -> None:
    tutor, walk, stream = tutor_in_lesson()
    run = walk.run
    said = stream.getvalue()
    # the board is open already: no [o] to press ("Press [o] and predict")
    assert "Predict the board's next 14 ticks: before each tick" in said
    assert "Press [o]" not in said
    assert "An empty line asks about the next tick" in said
    # The loop's first tick is b[0]=0; k=1, which calls no isfree: it plays without a question.
    assert "(b[0]=0)" in said and "questions 0, right 0, ticks left 13" in said
    assert "isfree(0, 0)" not in said
    # the next tick's question is asked at once, in words: yes and no are
    # no letter a command uses (s shows the answer)
    assert said.rstrip().endswith(
        "isfree(1, 0): is column 1, row 0 free?\n"
        "Type y or yes, n or no (esc: leave the board, no attempt)."
    )
    engine = run.engine
    assert engine is not None and walk.guess is not None
    # A 1 to an "is it free?" question: a line and the question's keys again; nothing counted.
    before = (walk.guess.round.asked, engine.tick)
    heard(tutor, stream, "1")
    assert "“1” is not an answer here" in stream.getvalue()
    assert stream.getvalue().rstrip().endswith("n or no (esc: leave the board, no attempt).")
    assert (walk.guess.round.asked, engine.tick) == before
    # Two lines, then esc: no attempt, the board back at the question's tick.
    tutor.handle(answer_line(walk, True))
    tutor.handle(answer_line(walk, True))
    assert engine.tick > 0 and "questions 1, right 1, ticks left" in stream.getvalue()
    tutor.handle("esc")
    assert walk.guess is None and engine.tick == 0
    assert run.asked is not None and run.asked.attempts == 0
    # A miss, said to make leaving an attempt, then esc: an attempt (not taken back by leaving).
    tutor.handle("o")
    tutor.handle(answer_line(walk, False))
    tutor.handle(answer_line(walk, True))
    assert stream.getvalue().count("esc now leaves counted as an attempt") == 1  # at the miss
    assert "n or no (esc: leave the board, counted as an attempt)." in stream.getvalue()
    tutor.handle("wyjdź")  # the leave words of every language leave the board, not the lesson
    assert walk.guess is None and run.asked is not None and run.asked.attempts == 1
    # o (as the full-screen tutor's question says) starts over; every tick wrong: one attempt.
    tutor.handle("o")
    assert walk.guess is not None and walk.guess.round.asked == 0
    predict_all(tutor, walk, right=False)
    assert run.asked is not None and run.asked.attempts == 2 and engine.tick == 0
    assert "0 of 12 ticks predicted right; the goal is 3." in stream.getvalue()
    # Again, every tick right: graded right, the board TICKS ticks on.
    heard(tutor, stream, "")
    predict_all(tutor, walk, right=True)
    assert run.answered and engine.tick == TICKS
    said = stream.getvalue()
    assert "Right: 12 of 12 ticks predicted right (goal 3)." in said
    assert run.record.answers[next(iter(run.record.answers))].attempts == 3
    # every rule question says the digits to type; a line has no space key
    rule = "By which rule? 1 same row, 2 same col+row, 3 same row-col.\nType 1, 2 or 3."
    assert said.count(rule) == said.count("By which rule?") > 0
    assert "space" not in said.lower(), said


def test_show_the_answer_during_a_visit_plays_from_the_questions_tick() -> None:
    tutor, walk, _stream = tutor_in_lesson()
    for _ in range(3):
        tutor.handle(answer_line(walk, True))
    engine = walk.run.engine
    assert engine is not None and engine.tick > 0 and walk.guess is not None
    question = walk.guess.round.game.question
    if question is not None:  # s would answer "yes" (sì) while a question is open
        tutor.handle(answer_line(walk, True))
    if walk.guess.round.game.question is not None:
        tutor.handle(answer_line(walk, True))
    walk.reveal()
    assert walk.run.answered and engine.tick == TICKS and walk.guess is None


def test_after_each_prediction_the_next_question_is_asked_at_once() -> None:
    """After a right or a wrong prediction alike (after the first, missed, leaving counts)."""
    tutor, walk, stream = tutor_in_lesson()
    for right in (False, True, False, False, True):
        assert walk.guess is not None and walk.guess.round.game.question is not None
        heard(tutor, stream, answer_line(walk, right))
        if walk.guess is None or walk.guess.round.done:
            break
        assert walk.guess.round.game.question is not None, stream.getvalue()
        said = stream.getvalue().rstrip()
        assert said.endswith(("(esc: leave the board, counted as an attempt).", "Type 1, 2 or 3."))


def test_show_shows_the_answer_and_s_answers_yes_during_a_stretch() -> None:
    """s is sì (as t is tak) while a stretch waits: it answers, and the word show shows the
    answer, as the help and the reminder say."""
    tutor, walk, stream = tutor_in_lesson()
    assert walk.guess is not None and walk.guess.round.game.question is not None
    tutor.handle("help")
    assert "show shows the answer" in stream.getvalue()
    tutor.handle("s")
    assert not walk.run.answered and walk.guess is not None
    assert "is not an answer" not in stream.getvalue()
    tutor.handle("next")  # the reminder names no s for show
    assert stream.getvalue().rstrip().endswith("(show shows the answer).")
    tutor.handle("show")
    assert walk.run.answered and walk.guess is None
    assert walk.run.record.answers[next(iter(walk.run.record.answers))].revealed


def test_a_failed_visit_names_the_plain_tutors_keys_and_only_they_act() -> None:
    """After a visit short of its goal: the plain tutor's own keys (an empty line starts
    again, s shows the answer), not the full screen's; a leftover y answers nothing, says so
    and costs nothing; s shows the answer."""
    tutor, walk, stream = tutor_in_lesson()
    predict_all(tutor, walk, right=False)
    said = stream.getvalue()
    assert "0 of 12 ticks predicted right; the goal is 3.\n" in said
    assert "[f3]" not in said and "Press [o]" not in said
    assert said.rstrip().endswith(
        "Back at the question's tick: an empty line starts again, s shows the answer."
    )
    attempts = walk.run.asked.attempts if walk.run.asked is not None else -1
    assert tutor.handle("y")
    said = stream.getvalue()[len(said) :]
    assert walk.guess is None and "“y” answers nothing: the stretch is over." in said
    assert "An empty line starts it again" in said and "isfree" not in said
    assert walk.run.asked is not None and walk.run.asked.attempts == attempts
    assert tutor.handle("s")
    assert walk.run.answered


@pytest.mark.parametrize("word", ["space", "spazio", "spacja", "SPAZIO"])
def test_space_in_any_language_asks_about_the_tick_as_the_pages_say(word: str) -> None:
    tutor, walk, stream = tutor_in_lesson()
    assert walk.guess is not None and walk.guess.takes(word)
    tutor.handle(word)
    said = stream.getvalue()
    assert "not an answer" not in said and "no such command" not in said, said
    assert said.rstrip().endswith("(esc: leave the board, no attempt).")


@pytest.mark.parametrize("method", ["iterative", "recursive", "scan", "general"])
def test_state_during_a_visit_hides_the_cells_the_asked_tick_reads(method: str) -> None:
    """While a visit's question waits, `state` shows each cell its tick's test reads as ``?``, as
    the full screen's table does, and says which they are."""
    text = GUESS.replace("n=4", f"n=6 algorithm={method}\n@step 6").format(ticks=8)
    tutor, walk, stream = tutor_in_lesson(text.replace("goal=3", "goal=1"))
    assert walk.guess is not None
    question = walk.guess.round.game.question
    assert question is not None
    reads = question.test.reads if question.test is not None else ()
    heard(tutor, stream, "state")
    held = dict(
        part.partition(" = ")[::2] for part in stream.getvalue().split(".\n")[0].split("; ")
    )
    for name, index in reads:
        assert held[name].split(", ")[index] == "?", stream.getvalue()
    cells = ", ".join(f"{name}[{index}]" for name, index in reads)
    assert (f"The next tick reads {cells}: hidden" in stream.getvalue()) == bool(reads)
    assert stream.getvalue().count("?") == len(reads)


@pytest.mark.parametrize("board", ["n=4", "maze=corridor algorithm=maze"])
def test_the_visits_first_line_names_the_rule_keys_only_where_a_rule_is_asked(board: str) -> None:
    """The Wrocław loop asks by which rule an attacked square is attacked (1, 2 or 3); a maze
    asks no rule, so its first line names only y and n."""
    tutor, _walk, stream = tutor_in_lesson(GUESS.replace("n=4", board).format(ticks=8))
    first = next(line for line in stream.getvalue().splitlines() if "An empty line" in line)
    assert ("then 1, 2 or 3" in first) is (board == "n=4"), first
    assert first.endswith("esc leaves the board."), first
    refused = heard(tutor, stream, "x")[0]  # no answer: the words that answer, again
    assert refused.startswith("“x” is not an answer here: y or n,"), refused
    assert ("1, 2 or 3 for the rule" in refused) is (board == "n=4"), refused


def test_the_escape_key_typed_on_a_line_leaves_the_board_as_the_word_does() -> None:
    """A terminal in line mode sends the Escape key as its byte: the line is the word escape
    (it read as an empty line, an Enter), so the page's "press esc" works with the key too."""
    from tui.plain.start import converse

    tutor, walk, _stream = tutor_in_lesson()
    assert walk.guess is not None
    converse(tutor, tutor.out, io.StringIO("\x1b\n"), interactive=True)
    assert walk.guess is None, "the visit goes on"
