"""A frame: everything the tutor shows for one state of one method, as plain values."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from solver.messages import Message
from solver.stepping import Mode, SearchSnapshot


class Mark(StrEnum):
    """What a square shows. Each mark has a glyph of its own (tui/glyphs.py), never colour alone."""

    FREE = "free"
    """A free square (nothing known about it, or not attacked)."""
    ATTACKED = "attacked"
    """A square attacked by a queen placed for good."""
    QUEEN = "queen"
    """A queen placed for good."""
    CANDIDATE = "candidate"
    """The square being tried, found attacked."""
    TRYING = "trying"
    """The square being tried, not (yet) found attacked."""
    ATTACKER = "attacker"
    """A queen that attacks the square being tried (or the queen being compared with it)."""
    LINE_ROW = "line-row"
    """On the line from an attacker along a row."""
    LINE_COL = "line-col"
    """On the line from an attacker along a column."""
    LINE_FALLING = "line-falling"
    """On the line from an attacker along a diagonal drawn falling to the right: equal col+row
    where row 0 is drawn at the bottom, equal row-col where it is at the top
    (:meth:`solver.views.squares.Layout.line`)."""
    LINE_RISING = "line-rising"
    """... along a diagonal drawn rising to the right (the other one)."""
    WALL = "wall"
    """A wall of the maze."""
    FLOOR = "floor"
    """An open square of the maze, not on the path."""
    PATH = "path"
    """A square on the path walked so far."""
    HERE = "here"
    """The end of the path: where the search stands."""
    DEAD_END = "dead-end"
    """A square the search has backed out of."""
    START = "start"
    """The maze's start S."""
    EXIT = "exit"
    """The maze's exit E."""
    WRONG = "wrong"
    """You drive: the square the learner named for a step graded wrong."""


class CellMark(StrEnum):
    """How a cell of a state table stands out; each has its own brackets, never colour alone."""

    PLAIN = "plain"
    CURRENT = "current"
    """The entry the algorithm is working on (``b[k]``, the top frame's row)."""
    READ = "read"
    """An entry the last tick read (the test's c[j], a[i+j], b[i-j+n-1]; sicura's T[i])."""
    CHANGED = "changed"
    """An entry the last tick wrote."""
    STALE = "stale"
    """A value left over from earlier, not part of the current placement (C keeps it)."""


@dataclass(frozen=True, slots=True)
class Cell:
    text: str
    mark: CellMark = CellMark.PLAIN


@dataclass(frozen=True, slots=True)
class TableRow:
    """One line of the state pane: a label (``b[i]``, ``c[j]``) and its cells."""

    label: str
    cells: tuple[Cell, ...]


def array_name(label: str) -> str:
    """A row's array: ``b`` of ``b[i]`` (indexed by the index row); ``S[C]``, ``T`` kept whole."""
    return label.removesuffix("[i]") or label


@dataclass(frozen=True, slots=True)
class Tables:
    """The method's state: its arrays as rows of cells, then free lines (the call stack)."""

    rows: tuple[TableRow, ...]
    focus: int | None = None
    """The index of the cell column to keep in view (``k``), None for none."""
    marker: str = ""
    """Text drawn under the focus column after the marker glyph (``k = 3``)."""
    lines: tuple[str, ...] = ()
    """Lines under the arrays: the call stack, newest frame first, one line a frame."""
    reads: bool = False
    """The method marks the cells a test reads: every cell keeps room for the brackets."""
    room: int = 0
    """The most lines :attr:`lines` can take on this board (the deepest call stack)."""
    widest: int = 0
    """The widest value a cell can hold on this board (every cell keeps that width); 0: as wide
    as the widest value shown."""
    index_row: bool = False
    """The first row numbers the columns: a table wider than its pane is cut into bands of
    columns, each with every row."""


@dataclass(frozen=True, slots=True)
class BoardFrame:
    """The board as it is drawn: ``squares[line][column]``, the first line at the top."""

    squares: tuple[tuple[Mark, ...], ...]
    row_labels: tuple[str, ...]
    col_labels: tuple[str, ...]
    focus: tuple[int, int] | None
    """(column, line) of the square to keep in view."""
    checkered: bool = True
    values: tuple[tuple[int, ...], ...] | None = None
    """A number for every square (the col+row or row-col overlay), or None."""
    cursor: tuple[int, int] | None = None
    """(column, line) of the learner's cursor (placing queens by hand), drawn in brackets."""
    attacks: bool = True
    """Every square a queen attacks is marked; False where the notes test queen by queen (a
    square drawn free is then one nothing is said of, not one known free)."""

    @property
    def width(self) -> int:
        return len(self.squares[0]) if self.squares else 0

    @property
    def height(self) -> int:
        return len(self.squares)


@dataclass(frozen=True, slots=True)
class CodeFrame:
    """The method's code as its notes write it, and the lines the last tick ran."""

    title: str
    lines: tuple[str, ...]
    ran: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Status:
    """The numbers a learner reads as text under the board."""

    size: str
    """``n = 8``, or the maze's size."""
    where: str
    """``k = 3`` (the iterative loop), ``depth 3`` (a recursion)."""
    tick: int
    all_mode: bool
    found: int
    finished: bool
    examined: int
    """Candidates examined, in the unit of the method's kit."""

    @classmethod
    def of(cls, snapshot: SearchSnapshot, size: str, where: str) -> Status:
        """The numbers every snapshot has, with the method's own size and position."""
        return cls(
            size=size,
            where=where,
            tick=snapshot.tick,
            all_mode=snapshot.mode is Mode.ALL,
            found=snapshot.solutions_found,
            finished=snapshot.finished,
            examined=snapshot.examined,
        )


@dataclass(frozen=True, slots=True)
class Frame:
    """One state of one method, ready to draw."""

    method: str
    board: BoardFrame
    tables: Tables
    code: CodeFrame
    narration: tuple[Message, ...]
    """The sentences saying what the last tick did (first: the tick; then any notes)."""
    status: Status
    table_title: str = "state"
    solutions: tuple[str, ...] = field(default=())
    """The solutions found so far, one short line each (all-solutions mode)."""
