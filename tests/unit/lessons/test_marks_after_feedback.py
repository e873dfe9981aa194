"""After the feedback of a question about the live board, the board keeps
hiding its attack marks while another such question is still to come on the same board (else
the next question is answered by looking); a new board, or no such question left, shows
them again."""

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


def test_feedback_hides_the_marks_the_next_pages_question_would_read() -> None:
    """5 p3: the feedback of column 1's question showed column 2 all attacked, and the
    next page asks where column 2's queen goes: the board keeps its marks hidden."""
    lesson = parse(FEEDBACK_THEN_NEXT_PAGE, "marks.md").lesson
    assert lesson is not None
    run = LessonRun(lesson)
    asked = run.asked
    assert asked is not None
    assert run.answer(asked.posed.expected).correct
    assert run.answered and run.predicting  # the feedback: page Two asks about this board


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
    """9 p8: the attacked squares showed beside a question that counts attacked squares."""
    lesson = parse(NUMBER_BESIDE_A_BOARD, "marks.md").lesson
    assert lesson is not None
    run = LessonRun(lesson)
    assert run.asked is not None and run.predicting


def test_a_board_the_student_steps_shows_its_marks() -> None:
    """On 5 p3-p7, stepped past the answered question, the tried
    square showed as not attacked while the narration said it was: the marks hide only at the
    tick the lesson left the board at (the next question is about that one)."""
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
