"""The view of each steppable method: it turns the method's snapshots into frames."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar, Protocol

from solver.messages import Message, render
from solver.stepping import SearchSnapshot
from solver.views.frame import (
    BoardFrame,
    Cell,
    CellMark,
    CodeFrame,
    Frame,
    Status,
    TableRow,
    Tables,
)
from solver.views.squares import BOTTOM_UP, BoardBuilder, Layout


class View(Protocol):
    """Builds frames for one method; keeps what it can reuse from one frame to the next."""

    method: str
    layout: Layout
    """Where the notes draw row 0 (solver.views.squares: BOTTOM_UP or TOP_DOWN)."""

    def frame(self, snapshot: Any, overlay: str) -> Frame:
        """The frame for ``snapshot`` with the diagonal overlay ``overlay``."""
        ...


def narration_text(frame: Frame) -> str:
    """The frame's narration as one paragraph."""
    return " ".join(render(message) for message in frame.narration)


class QueensView:
    """The base of a queens method's view: the board drawn as its notes draw it."""

    method: ClassVar[str]
    layout: ClassVar[Layout] = BOTTOM_UP
    """Where the notes draw row 0 (solver.views.squares: BOTTOM_UP or TOP_DOWN)."""

    def __init__(self) -> None:
        self._board = BoardBuilder(self.layout)

    def queens_frame(
        self,
        snapshot: SearchSnapshot,
        board: BoardFrame,
        tables: Tables,
        code: CodeFrame,
        narration: Message,
        where: str,
        table_title: str,
    ) -> Frame:
        """The frame of ``snapshot`` from what the method draws its own way (``where``: where the
        search stands, ``k = 3``) and what every queens method's frame has."""
        return Frame(
            method=self.method,
            board=board,
            tables=tables,
            code=code,
            narration=(narration,),
            status=Status.of(snapshot, f"n = {snapshot.n}", where),
            table_title=table_title,
            solutions=solution_lines(snapshot.solutions),
        )


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
    """One array as a row of a state table: the cell the last tick read, else the one it wrote,
    else a stale value, else plain. Rows and cells are cached and shared."""
    cells = list(_plain_cells(texts))
    for index in stale:
        if 0 <= index < len(cells):
            cells[index] = _cell(texts[index], CellMark.STALE)
    if changed is not None and 0 <= changed < len(cells):
        cells[changed] = _cell(texts[changed], CellMark.CHANGED)
    if read is not None and 0 <= read < len(cells):
        cells[read] = _cell(texts[read], CellMark.READ)
    return TableRow(name, tuple(cells))


@lru_cache(maxsize=256)
def _plain_cells(texts: tuple[str, ...]) -> tuple[Cell, ...]:
    return tuple(_cell(text, CellMark.PLAIN) for text in texts)


@lru_cache(maxsize=4096)
def _cell(text: str, mark: CellMark) -> Cell:
    return Cell(text, mark)
