"""What the next tick or iteration of a method does, as values: a square tested and who attacks
it (:class:`Test`), where an iteration lands (:class:`Iteration`). Squares are (x, y): the
board's column, and the row as the notes number it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from solver.geometry import Rule

Square = tuple[int, int]


class Along(StrEnum):
    """The rule by which a queen attacks a square, named by what stays equal along the line."""

    LINE = "line"
    """The same row (notes that go column by column) or the same column (row by row)."""
    SUM = "sum"
    """The same x + y: the Turin notes' i+j, the Wrocław lecture's ``b[i]+i == y+x``."""
    DIFF = "diff"
    """The same y - x: the Turin notes' i-j, the Wrocław lecture's ``b[i]-i == y-x``."""


ALONG = {Rule.ROW: Along.LINE, Rule.SUM: Along.SUM, Rule.DIFF: Along.DIFF}
LINE = {"c": Along.LINE, "a": Along.SUM, "b": Along.DIFF}
"""The Turin notes' arrays (``Line`` values) and the rule each one records."""


@dataclass(frozen=True, slots=True)
class Threat:
    """A queen on ``square`` that attacks the square tested, by ``along``."""

    square: Square
    along: Along


@dataclass(frozen=True, slots=True)
class Test:
    """One tick that tests a square, as the engine played it."""

    square: Square
    free: bool
    """The engine's verdict: the square is free (the maze: the step is admissible)."""
    threats: tuple[Threat, ...] = ()
    """The queens that attack the square, in the order the method checks them."""
    against: Square | None = None
    """The one queen this tick compares with (the edutecnica page's sicura), else None."""
    move: str | None = None
    """The maze: the move tried (up, right, down, left)."""
    reason: str | None = None
    """The maze: why a step is not admissible (``wall``, ``outside``, ``visited``)."""
    reads: tuple[tuple[str, int], ...] = ()
    """The state-table cells (array name, index) whose values give the verdict away."""

    @property
    def attacked(self) -> bool:
        """The answer to "does it attack?" for a comparison, "is it taken?" otherwise."""
        return not self.free


@dataclass(frozen=True, slots=True)
class Iteration:
    """Ticks up to the next placement or backtrack, as the engine played them."""

    subject: int
    """The column (row-wise notes: the row) whose queen is being decided."""
    placed: bool
    """True: a queen was placed (the maze: a step taken); False: a backtrack."""
    answer: int | str | None
    """Where the queen landed (the maze: the move); None after a backtrack."""
    square: Square | None
    """The square the queen landed on; None after a backtrack."""
    tests: tuple[Test, ...]
    """Every square tested on the way, in order."""
    origin: Square | None = None
    """The maze: the square the path stands on."""
    ticks: int = 0
    """How many ticks the iteration plays (set by the kit's ``next_iteration``)."""
    earlier: tuple[Test, ...] = ()
    """The last test of each square of its line before it (set by ``next_iteration``)."""
    kind: str = ""
    """What ``subject`` is (``column``, ``row``, an item: the kit's ``landed``); "": Wording's."""
    n: int = 0
    """The board's size (set by ``next_iteration``; 0: unknown)."""

    def test_of(self, square: Square) -> Test | None:
        """The test of ``square`` in this iteration (the last one), or None."""
        found = None
        for test in self.tests:
            if test.square == square:
                found = test
        return found
