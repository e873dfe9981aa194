"""After the feedback of a question about the live board, the board hides its attack marks
while another such question is to come on it; a new board, or none left, shows them again."""

from __future__ import annotations

from lessons.parsing.parser import parse
from lessons.runner import LessonRun

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
