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
    """Columns a square takes: 2 for a maze, 3 for a queens board, more with an overlay."""
    if not board.checkered:
        return 2
    if board.values is None or not board.squares:
        return 3
    return max(len(str(v)) for line in board.values for v in (line[0], line[-1])) + 2


def cell_width(tables: Tables) -> int:
    """Columns a state-table cell takes: the widest value, a space, and room for a read cell's
    brackets when the method marks them."""
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
    """The code listing with its gutter and its scrollbar."""
    return GUTTER + max((len(line) for line in code.lines), default=0) + SCROLLBAR


def board_whole(board: BoardFrame) -> int:
    """The board whole in a pane: its row numbers, squares and the pane's border."""
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
    """A lesson's left column (the board over the state table, and the code with ``code``): as
    wide as the widest of them needs, at most ``room``."""
    wanted = [
        board_whole(frame.board),
        titled(table_width(frame.tables) + SCROLLBAR + BORDER, frame.table_title),
    ]
    if code and frame.code.lines:
        wanted.append(titled(code_width(frame.code) + BORDER, frame.code.title))
    return min(room, max(wanted))


def side_column(frame: Frame, most: int) -> int:
    """The main screen's right column (the state table over the code), at most ``most`` wide:
    nothing in it wraps, or only the code fits when the table would wrap anyway."""
    code = code_width(frame.code) + BORDER
    table = table_width(frame.tables) + SCROLLBAR + BORDER
    return min(max(code, table if table <= most else 0), most)
