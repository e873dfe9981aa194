"""A question's ``shows:`` line draws its placement once the question is answered (never while it
waits: it is the answer), a queen only where b holds a row; a list that does not fit the page's
board is refused."""

from __future__ import annotations

import pytest

from lessons.model import Choice, Question
from lessons.quiz.pose import QuizError, pose
from solver.registry import make_engine
from solver.session.board import BoardSession
from solver.stepping import Mode
from solver.views.hidden import given_placement
from solver.views.squares import Mark
from tests.tui.lesson_apps import builtin
from tests.tui.lesson_apps import open_builtin as open_page
from tests.tui.test_board_the_text_speaks_of import _board

SHOWN = (1, 3, -1, -1, -1)


async def test_lesson_1_page_2_draws_the_questions_b_once_answered() -> None:
    app = builtin(1, 2, (80, 24))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_page(pilot, 1, 2)
        asked = screen.lesson_run.asked
        assert asked is not None and asked.posed.shown_after == SHOWN
        assert _board(screen) != given_placement(SHOWN)  # not while it waits: the answer
        await pilot.press("1")  # wrong: still waiting, still not drawn
        await pilot.pause()
        assert not screen.lesson_run.answered
        assert _board(screen) != given_placement(SHOWN)
        await pilot.press(asked.posed.choice_label(int(asked.posed.expected)))
        await pilot.pause()
        assert screen.lesson_run.answered
        assert _board(screen) == given_placement(SHOWN)
        await pilot.press("enter")  # on from the feedback: still drawn
        await pilot.pause()
        assert _board(screen) == given_placement(SHOWN)
        session = screen.lesson_run.session
        assert session is not None and session.tick == 0
        # The keys step only what is on screen: space does not step the page's board hidden
        # behind the placement (it swapped one board for the other, and left swapped them
        # back); r shows the page's board, then space steps it.
        await pilot.press("space")
        await pilot.pause()
        assert session.tick == 0 and _board(screen) == given_placement(SHOWN)
        await pilot.press("r")
        await pilot.pause()
        assert session.tick == 0 and _board(screen) != given_placement(SHOWN)
        await pilot.press("space")  # a step: the page's board, one tick on
        await pilot.pause()
        assert session.tick == 1 and _board(screen) != given_placement(SHOWN)
        await pilot.press("left")  # and back: still the page's board
        await pilot.pause()
        assert session.tick == 0 and _board(screen) != given_placement(SHOWN)


@pytest.mark.parametrize(
    ("b", "queens"),
    [
        (SHOWN, {(0, 1), (1, 3)}),
        ((1, 3, 0, 2), {(0, 1), (1, 3), (2, 0), (3, 2)}),
        ((-1, 2, -1), {(1, 2)}),
    ],
)
def test_a_given_placement_draws_a_queen_only_where_b_holds_a_row(
    b: tuple[int, ...], queens: set[tuple[int, int]]
) -> None:
    """-1 is no queen (the three -1 of lesson 1 p2 were drawn as queens
    on the top row, as if b[2] = -1 were Python's last row: the misreading the page asks
    about)."""
    board = given_placement(b)
    drawn = {
        (col, int(label))
        for line, label in zip(board.squares, board.row_labels, strict=True)
        for col, mark in enumerate(line)
        if mark is Mark.QUEEN
    }
    assert drawn == queens


@pytest.mark.parametrize(
    ("shows", "words"),
    [
        ("b = [1, 3, -1]", "the page's board is 5 x 5"),
        ("b = [1, 3, -1, -1, 5]", "a row of the 5 x 5 board is 0 to 4"),
        ("q = [1, 3, -1, -1, -1]", "shows: must read b = [...]"),
    ],
)
def test_a_shows_line_that_does_not_fit_the_board_is_refused(shows: str, words: str) -> None:
    question = Question(
        line=3,
        kind="choice",
        prompt="Which squares?",
        choices=(Choice("one", True, line=4), Choice("two", False, line=5)),
        shows=shows,
    )
    board = BoardSession(engine=make_engine("iterative", 5, Mode.FIRST))
    with pytest.raises(QuizError) as raised:
        pose(question, board)
    assert words in str(raised.value)
