"""Nothing on screen gives a question's answer before the guess: every question of every
built-in lesson, in every language, walked as it waits with the text the lesson screen shows
(answers_on_screen.py; tests/tui/test_answers_not_on_screen.py checks the app on a sample); after
the feedback of a question about the live board, the board hides its attack marks while another
such question is to come on it."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.catalog import load_catalog
from lessons.model import Lesson
from lessons.parsing.parser import parse
from lessons.runner import LessonRun
from solver.views.frame import Mark
from tests.tiers import sweep
from tests.unit.lessons.answers_on_screen import Waiting, number_found, tells, walk

LANGUAGES = ("en", "it", "pl")


def _lessons(lang: str) -> list[Lesson]:
    i18n.set_language(lang)
    return list(load_catalog(lang).lessons)


@pytest.mark.parametrize("lang", sweep(LANGUAGES, everyday=["pl"]))
def test_no_answer_is_on_screen_while_its_question_waits(lang: str) -> None:
    problems: list[str] = []
    asked = 0
    for lesson in _lessons(lang):
        for waiting in walk(lesson):
            asked += 1
            problems.extend(
                f"{lang} {lesson.id} page {waiting.page + 1} ({waiting.title}), "
                f"{waiting.kind}: {tell} is on screen"
                for tell in tells(waiting)
            )
    assert asked >= 100  # every lesson's questions were walked
    assert problems == []


def _waiting(posed: Posed, text: str, kind: str, marks: frozenset[Mark] = frozenset()) -> Waiting:
    return Waiting("demo", 0, "P", kind, posed, text, marks)


def test_the_screen_check_finds_an_answer_that_is_on_screen() -> None:
    number = Posed("solutions", "How many?", AnswerType.NUMBER, "92", "")
    assert tells(_waiting(number, "How many? solutions found: 92", "solutions"))
    assert not tells(_waiting(number, "How many? tick 920, 1,092 tries", "solutions"))
    big = Posed("search-space", "?", AnswerType.NUMBER, "4426165368", "")
    for text in ("4,426,165,368", "4.426.165.368", "4\u00a0426\u00a0165\u00a0368", "4426165368"):
        assert tells(_waiting(big, f"it counts {text}.", "search-space")), text
    choices = ("the board", "every column holds one")
    choice = Posed("choice", "Why?", AnswerType.CHOICE, "1", "", choices=choices)
    assert tells(_waiting(choice, "Every column holds one queen.\nWhy?", "choice"))
    row = Posed("next-choice", "Where?", AnswerType.ROW, "2", "")
    assert tells(_waiting(row, "Where?", "next-choice", frozenset({Mark.ATTACKED})))
    assert not tells(_waiting(row, "Where?", "next-choice", frozenset({Mark.QUEEN})))


def test_numbers_are_matched_whole() -> None:
    assert number_found(10, "it has 10 solutions")
    assert not number_found(10, "it has 100 solutions, 4,410 or 1.10")
    assert number_found(40320, "40 320 permutations")


TWO_ON_ONE_BOARD = """@lesson marks
@title Marks
@page P
@board n=5
@step iteration
@question next-choice
@end
@question next-choice
@end
@board n=4
@step 3
@question attacker
@end
"""


def test_marks_stay_hidden_between_two_questions_on_one_board() -> None:
    lesson = parse(TWO_ON_ONE_BOARD, "marks.md").lesson
    assert lesson is not None
    run = LessonRun(lesson)
    assert run.predicting  # the first question waits
    asked = run.asked
    assert asked is not None
    assert run.answer(asked.posed.expected).correct
    assert run.answered and run.predicting  # its feedback: the second question is to come
    run.go_on()
    asked = run.asked
    assert asked is not None and asked.question.kind == "next-choice"
    assert run.answer(asked.posed.expected).correct
    assert run.answered and not run.predicting  # a new @board comes before the next one
    run.go_on()
    asked = run.asked
    assert asked is not None and asked.question.kind == "attacker" and run.predicting
    assert run.answer(asked.posed.expected).correct
    assert not run.predicting  # nothing left to answer on this board


FEEDBACK_THEN_NEXT_PAGE = """@lesson marks
@title Marks
@page One
@board n=4
@step iteration
@question next-choice
@end
Column 1 gets its queen.

@page Two
@question next-choice
@end
"""


NUMBER_BESIDE_A_BOARD = """@lesson marks
@title Marks
@page Jobs
@board n=8
@run iteration
@run iteration
@question number
prompt: How many placements of the first two queens are there?
answer: 21
@end
"""


def test_any_question_beside_the_live_board_hides_its_marks() -> None:
    lesson = parse(NUMBER_BESIDE_A_BOARD, "marks.md").lesson
    assert lesson is not None
    run = LessonRun(lesson)
    assert run.asked is not None and run.predicting


def test_feedback_hides_the_next_pages_marks_and_a_board_the_student_steps_shows_them() -> None:
    """The feedback hides the marks page Two's question would read; a tick the student steps
    to shows them (they hide only at the tick the lesson left the board at)."""
    lesson = parse(FEEDBACK_THEN_NEXT_PAGE, "marks.md").lesson
    assert lesson is not None
    run = LessonRun(lesson)
    asked = run.asked
    assert asked is not None
    assert run.answer(asked.posed.expected).correct
    session = run.session
    assert session is not None and run.predicting
    session.tick_forward()
    assert run.explored and not run.predicting  # a tick the student stepped to
    run.settle()
    assert not run.explored and run.predicting  # the lesson's own tick again
