"""How many terminal columns a frame's panes take with nothing wrapped, cut or scrolled."""

from __future__ import annotations

from solver.views.frame import BoardFrame, CodeFrame, Frame, Tables

BORDER = 2
"""A pane's border, left and right."""
SCROLLBAR = 1
"""A vertical scrollbar's width."""
GUTTER = 2
"""The code pane's gutter (the marker of the lines run) and the stack lines' marker."""
RULE = 1
"""The rule between a state table's labels and its cells."""


def square_width(board: BoardFrame) -> int:
    """Columns a square takes: 2 for a maze, 3 for a queens board, more with an overlay (the glyph,
    then its value right-aligned, then a space)."""
    if not board.checkered:
        return 2
    if board.values is None or not board.squares:
        return 3
    return max(len(str(v)) for line in board.values for v in (line[0], line[-1])) + 2


def board_width(board: BoardFrame) -> int:
    """The board's row numbers and squares, and the blank columns after them that let it scroll
    sideways by whole squares (tui/widgets/lines_view.py)."""
    if not board.squares:
        return 0
    labels = max((len(label) for label in board.row_labels), default=0) + 1
    square = square_width(board)
    return labels + board.width * square + square - 1


def cell_width(tables: Tables) -> int:
    """Columns a state-table cell takes: the widest value the board can hold (as its view says, or
    else as found in its cells), a space, and room for the brackets of a read cell when the method
    marks them."""
    widest = tables.widest or max(
        (len(c.text) for row in tables.rows for c in row.cells), default=1
    )
    return widest + (2 if tables.reads else 1)


def label_width(tables: Tables) -> int:
    """The column of the arrays' names (``b[i]``) and a space, before the rule."""
    return max((len(row.label) for row in tables.rows), default=0) + 1


def table_width(tables: Tables) -> int:
    """The state table with every array on one line: names, rule and cells."""
    head = label_width(tables) + RULE
    return head + max((len(row.cells) for row in tables.rows), default=0) * cell_width(tables)


def code_width(code: CodeFrame) -> int:
    """The code listing with its gutter and its scrollbar (a listing is often taller than its
    pane)."""
    return GUTTER + max((len(line) for line in code.lines), default=0) + SCROLLBAR


def board_whole(board: BoardFrame) -> int:
    """The board in a pane where it is whole: its row numbers and squares and the pane's border (a
    board that fits its pane never scrolls, so it needs no room to scroll)."""
    if not board.squares:
        return 0
    labels = max((len(label) for label in board.row_labels), default=0) + 1
    return labels + board.width * square_width(board) + BORDER


TITLE_FRAME = 6
"""A border title's frame: the corner, a line and a blank on each side (``╭─ b[] ─╮``)."""


def titled(width: int, title: str) -> int:
    """A pane ``width`` wide, or wider for its border title to show whole."""
    return max(width, len(title) + TITLE_FRAME) if title else width


def state_column(frame: Frame, room: int, code: bool = False) -> int:
    """A lesson's left column (the board over the state table, and the code under them when
    ``code``), at most ``room`` wide (what the text beside it does not need): as wide as the widest
    of them needs, the board whole, the table and the code whole where that fits in ``room``; one
    wider than that wraps (the table) or scrolls (the code) in all of ``room``."""
    wanted = [
        board_whole(frame.board),
        titled(table_width(frame.tables) + SCROLLBAR + BORDER, frame.table_title),
    ]
    if code and frame.code.lines:
        wanted.append(titled(code_width(frame.code) + BORDER, frame.code.title))
    return min(room, max(wanted))


def side_column(frame: Frame, most: int) -> int:
    """A column holding the state table over the code (the main screen's right column), with the
    panes' borders and scrollbars, at most ``most`` wide: wide enough that nothing in it wraps, or
    for the code alone when the table would wrap even at ``most`` (no column is taken from the board
    for a table that wraps anyway)."""
    code = code_width(frame.code) + BORDER
    table = table_width(frame.tables) + SCROLLBAR + BORDER
    return min(max(code, table if table <= most else 0), most)
