"""The place board's marks and words say what is on the board now: a wrong step's ``!`` beside
the loop's queen until the next step, outside the cursor's brackets; after ``c`` or ``]`` the
"what happened" box says so."""

from __future__ import annotations

from dataclasses import replace

from textual.app import App, ComposeResult

from solver.views.frame import BoardFrame
from solver.views.squares import Mark
from tests.tui.screen_text import lines
from tui.app import QueensTutorApp
from tui.glyphs import UNICODE
from tui.screens.place_screen import PlaceScreen
from tui.widgets.board import Board

SIZE = (80, 24)


def row_of(app: QueensTutorApp, row: int) -> list[str]:
    board = lines(app.screen.query_one("#place-board"))
    return next(line for line in board if line.startswith(f"{row} ")).split()


def feedback(app: QueensTutorApp) -> str:
    return " ".join(str(app.screen.query_one("#place-feedback").render()).split())


async def test_a_wrong_step_under_the_loops_queen_shows_its_mark_until_the_next_step() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o", "y")
        screen = app.screen
        assert isinstance(screen, PlaceScreen)
        for row in (0, 1):  # b[0]=0; k=1 played: (1, 0) and (1, 1) are attacked, right
            screen.cursor = (1, row)
            await pilot.press("space")
        screen.cursor = (1, 2)
        await pilot.press("space")  # (1, 2) called attacked: the queen goes there
        assert screen.session.wrong == (1, 2)
        # the queen in the cursor's brackets, the mark after them
        assert row_of(app, 2)[:3] == ["2", "·", "[♛]!·"], row_of(app, 2)
        await pilot.press("right")
        assert row_of(app, 2)[:3] == ["2", "·", "♛![·]"], row_of(app, 2)  # the cursor moved
        screen.cursor = (2, 0)
        await pilot.press("space")  # (2, 0): attacked, right; the mark goes
        assert screen.session.wrong is None
        assert not any("!" in line for line in lines(app.screen.query_one("#place-board")))


class OneBoard(App[None]):
    def compose(self) -> ComposeResult:
        yield Board(UNICODE, id="board")


async def test_the_mark_of_a_wrong_step_under_the_cursor_on_the_last_column() -> None:
    """The last column has no square after the cursor's: the mark stands before it."""
    squares = tuple(
        tuple(Mark.QUEEN if (col, line) == (3, 1) else Mark.FREE for col in range(4))
        for line in range(4)
    )
    frame = BoardFrame(squares, ("3", "2", "1", "0"), ("0", "1", "2", "3"), None, cursor=(3, 1))
    app = OneBoard()
    async with app.run_test(size=SIZE) as pilot:
        board = app.query_one(Board)
        board.frame = frame
        board.set_flag((3, 1))
        await pilot.pause()
        drawn = [line for line in lines(board) if line.startswith("2 ")]
        assert drawn and drawn[0].split() == ["2", "·", "·", "·![♛]"], drawn
        board.set_flag((3, 0))  # a flag on a line without the cursor: after its square
        board.frame = replace(frame, squares=squares[1:2] + squares[1:])
        await pilot.pause()
        drawn = [line for line in lines(board) if line.startswith("3 ")]
        assert drawn[0].split() == ["3", "·", "·", "·", "♛!"], drawn


async def test_clear_and_a_new_size_say_so_in_what_happened() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o", "l", "k", "space")
        assert feedback(app) == "A queen in column 1, row 1."
        await pilot.press("c")
        assert feedback(app) == "The board is cleared: no queen on it.", feedback(app)
        await pilot.press("space", "right_square_bracket")
        assert feedback(app) == "A new 5 x 5 board, with no queen on it.", feedback(app)
