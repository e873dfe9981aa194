"""Where the board puts the terminal cursor (tui/widgets/board.py, ``cursor_square``)."""

from __future__ import annotations

from solver.views.frame import BoardFrame, Mark
from tui.widgets.board import cursor_square


def board(focus: tuple[int, int] | None, tried: tuple[int, int] | None = None) -> BoardFrame:
    squares = [[Mark.FREE] * 4 for _ in range(4)]
    if tried is not None:
        squares[tried[1]][tried[0]] = Mark.TRYING
    labels = tuple(str(i) for i in range(4))
    return BoardFrame(tuple(map(tuple, squares)), labels, labels, focus)


def test_the_cursor_rests_on_the_tried_square_and_a_focus_past_the_last_row_is_no_error() -> None:
    assert cursor_square(board((1, 2), tried=(1, 2))) == (1, 2)
    assert cursor_square(board((0, 0), tried=(3, 1))) == (3, 1)
    # a column whose rows are all tried (b[k] = n) may be the focus between two ticks
    assert cursor_square(board((2, 4))) == (2, 4)
    assert cursor_square(board((2, 4), tried=(0, 1))) == (0, 1)
