"""A board with what would answer a prediction question taken off (headless)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from solver.views.frame import BoardFrame, Cell, CellMark, Mark, TableRow, Tables

HIDDEN = {
    Mark.ATTACKED: Mark.FREE,
    Mark.ATTACKER: Mark.QUEEN,
    Mark.LINE_ROW: Mark.FREE,
    Mark.LINE_COL: Mark.FREE,
    Mark.LINE_FALLING: Mark.FREE,
    Mark.LINE_RISING: Mark.FREE,
    Mark.CANDIDATE: Mark.TRYING,
}
"""Each mark that gives an answer away, and what is drawn instead."""
QUIET = {CellMark.READ: CellMark.PLAIN, CellMark.CHANGED: CellMark.PLAIN}
"""The last tick's cell marks, dropped while a question about that tick is open."""


def without_answers(board: BoardFrame) -> BoardFrame:
    """``board`` with every mark of :data:`HIDDEN` replaced by its plain stand-in."""
    squares = tuple(tuple(HIDDEN.get(mark, mark) for mark in line) for line in board.squares)
    return board if squares == board.squares else replace(board, squares=squares)


def with_asked(board: BoardFrame, squares: tuple[tuple[int, int], ...]) -> BoardFrame:
    """``board`` with the squares a question is about drawn as :attr:`Mark.TRYING`, the only
    squares so drawn (the square the search was trying is drawn free), a queen on one of them
    kept as a queen (a square off the board is left out)."""
    lines: list[list[Mark]] = [
        [Mark.FREE if m is Mark.TRYING else m for m in line] for line in board.squares
    ]
    for x, y in squares:
        label = str(y)
        if label in board.row_labels and 0 <= x < len(lines[0]):
            line = lines[board.row_labels.index(label)]
            line[x] = line[x] if line[x] in (Mark.QUEEN, Mark.ATTACKER) else Mark.TRYING
    marked = tuple(tuple(line) for line in lines)
    return board if marked == board.squares else replace(board, squares=marked)


def given_placement(b: tuple[int, ...]) -> BoardFrame:
    """The board of the placement ``b`` a question is about: its queens alone, row 0 at the
    bottom (a column whose b[i] is -1 holds none)."""
    from solver.views.squares import BOTTOM_UP, BoardBuilder

    queens = tuple((col, row) for col, row in enumerate(b) if row >= 0)
    return without_answers(BoardBuilder(BOTTOM_UP).frame(len(b), queens, {}, (0, 0)))


def given_tables(b: tuple[int, ...]) -> Tables:
    """The b[] table of the placement ``b`` a question is about, without a k."""
    head = TableRow("i", tuple(Cell(str(i)) for i in range(len(b))))
    values = TableRow("b[i]", tuple(Cell(str(r)) for r in b))
    return Tables((head, values), widest=max(len(str(len(b) - 1)), 2), index_row=True)


def hide_cells(
    tables: Tables,
    hidden: Mapping[str, frozenset[int] | None],
    quiet: Mapping[CellMark, CellMark] | None = None,
) -> Tables:
    """``tables`` with the cells that give an answer away shown as ``?``: those ``hidden`` names
    (a row's label: those indices, or None: the whole row); ``quiet`` turns the other cells'
    marks (the last tick's) into others."""
    rows = []
    for row in tables.rows:
        indices = hidden.get(row.label, frozenset())
        cells = tuple(
            Cell("?", CellMark.READ)
            if indices is None or i in indices
            else Cell(cell.text, (quiet or {}).get(cell.mark, cell.mark))
            for i, cell in enumerate(row.cells)
        )
        rows.append(TableRow(row.label, cells))
    return replace(tables, rows=tuple(rows))
