"""The diagonal overlay as the board draws it (its rendered lines, not its frame): after each ``d``
every square in view shows its own col+row or row-col at once, on every board and method."""

from __future__ import annotations

import pytest

from solver.registry import METHODS, steppable_methods
from solver.views.frame import BoardFrame
from solver.views.squares import Overlay
from solver.views.widths import square_width
from tests.tiers import method_sweep, sweep
from tests.tui.screen_text import main_screen, pane
from tui.app import QueensTutorApp
from tui.widgets.session_view.pane import Pane


def col_plus_row(col: int, row: int) -> int:
    return col + row


def row_minus_col(col: int, row: int) -> int:
    return row - col


QUEENS_METHODS = [name for name in steppable_methods() if METHODS[name].queens]
"""The steppable methods with a queens board (the maze has no diagonals to number)."""


def drawn_values(board: Pane, frame: BoardFrame) -> dict[tuple[int, int], int]:
    """``{(column, row): value}`` for every square in view, read from the drawn lines; the
    column and row are the numbers printed beside the board."""
    assert frame.values is not None
    cell = square_width(frame)
    scroll_x, scroll_y = board.scroll_x, board.scroll_y
    head = max(len(label) for label in frame.row_labels) + 1
    width = board.content_region.width
    first_col = scroll_x // cell
    values = {}
    for y in range(board.content_region.height):
        line = y + scroll_y
        if line >= frame.height:
            break
        text = board.render_line(y).text
        if not text[:head].strip():
            break  # the file numbers, on the bottom line when the rows scroll
        row = int(text[:head])
        assert row == int(frame.row_labels[line])
        body = text[head:width]
        for index in range(len(body) // cell):
            col = first_col + index
            if col >= frame.width:
                break
            square = body[index * cell : (index + 1) * cell]
            values[col, row] = int(square[1:])  # the glyph, then the value
    return values


@pytest.mark.parametrize("method", method_sweep(QUEENS_METHODS, everyday=QUEENS_METHODS[:1]))
@pytest.mark.parametrize("n", sweep([4, 6, 8, 32], everyday=[32]))
async def test_each_d_repaints_every_square_with_its_own_value(method: str, n: int) -> None:
    app = QueensTutorApp(n, method=method)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = main_screen(app)
        await pilot.press(*["space"] * 6)
        board = pane(app, "board")
        for overlay, value in ((Overlay.SUM, col_plus_row), (Overlay.DIFF, row_minus_col)):
            await pilot.press("d")
            await pilot.pause()
            assert screen.session.overlay == overlay
            shown = drawn_values(board, screen.session.frame().board)
            assert len(shown) >= min(n, 4) ** 2, shown  # the squares in view, at least
            wrong = {square: v for square, v in shown.items() if v != value(*square)}
            assert not wrong, f"{overlay} on {n}x{n} ({method}): {wrong}"
        await pilot.press("d")  # off: the glyphs only, three columns a square
        await pilot.pause()
        frame = screen.session.frame().board
        assert frame.values is None
        assert square_width(frame) == 3 and board.step == 3
