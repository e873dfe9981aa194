"""The view of each steppable method: it turns the method's snapshots into frames.

Each steppable method's kit (solver/methods/) makes its view (``kit.make_view()``); views are
imported when first asked for.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar, Protocol

from solver.messages import render
from solver.views.frame import Cell, CellMark, Frame, TableRow
from solver.views.squares import BOTTOM_UP, BoardBuilder, Layout


class View(Protocol):
    """Builds frames for one method; keeps what it can reuse from one frame to the next."""

    method: str

    def frame(self, snapshot: Any, overlay: str) -> Frame:
        """The frame for ``snapshot`` with the diagonal overlay ``overlay`` (``off``,
        ``col+row`` or ``row-col``)."""
        ...


def narration_text(frame: Frame) -> str:
    """The frame's narration as one paragraph."""
    return " ".join(render(message) for message in frame.narration)


class QueensView:
    """The base of a queens method's view: the board drawn as its notes draw it (row 0 at the
    bottom, or at the top), its lines kept from one frame to the next."""

    method: ClassVar[str]
    layout: ClassVar[Layout] = BOTTOM_UP
    """Where the notes draw row 0 (solver.views.squares: BOTTOM_UP or TOP_DOWN)."""

    def __init__(self) -> None:
        self._board = BoardBuilder(self.layout)


def solution_lines(solutions: tuple[tuple[int, ...], ...], limit: int = 200) -> tuple[str, ...]:
    """The last ``limit`` solutions found, one line each: ``3: [1, 3, 0, 2]``."""
    first = max(len(solutions) - limit, 0)
    return tuple(
        f"{index}: [{', '.join(map(str, s))}]"
        for index, s in enumerate(solutions[first:], start=first + 1)
    )


@lru_cache(maxsize=1024)
def table_row(
    name: str,
    texts: tuple[str, ...],
    read: int | None = None,
    changed: int | None = None,
    stale: frozenset[int] = frozenset(),
) -> TableRow:
    """One array of the notes as a row of a state table, each cell marked as every table marks
    it: the entry the last tick read, else the one it wrote, else a value left over from
    earlier (C keeps it), else plain. The same arguments give the same row object (a tick
    changes a cell or two, and the state table redraws only the rows that are new)."""
    cells = []
    for index, text in enumerate(texts):
        mark = CellMark.PLAIN
        if index == read:
            mark = CellMark.READ
        elif index == changed:
            mark = CellMark.CHANGED
        elif index in stale:
            mark = CellMark.STALE
        cells.append(Cell(text, mark))
    return TableRow(name, tuple(cells))
