"""The ticks of the Turin notes' recursive backtracker, as small immutable values."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from solver.stepping import Call, Done, Found, Return


class Line(StrEnum):
    """Which of the Turin notes' arrays says a square is not free."""

    C = "c"
    """``c[j]``: the column already holds a queen."""
    A = "a"
    """``a[i+j]``: the rising diagonal (equal i+j) already holds a queen."""
    B = "b"
    """``b[i-j+n-1]``: the falling diagonal (equal i-j) already holds a queen."""


@dataclass(frozen=True, slots=True)
class Blocker:
    """Array ``line`` is false at ``index`` because of the queen placed in row ``row``."""

    line: Line
    index: int
    row: int


@dataclass(frozen=True, slots=True)
class Frame:
    """One active call ``placeQueens(row)``; ``col`` is its loop variable j (-1 before the loop)."""

    row: int
    col: int


@dataclass(frozen=True, slots=True)
class TryColumn:
    """``if (c[j] && a[i+j] && b[i-j+n-1])`` for j = ``col`` in row ``row``."""

    row: int
    col: int
    blocked: tuple[Blocker, ...]
    kind: ClassVar[str] = "try"

    @property
    def free(self) -> bool:
        return not self.blocked


@dataclass(frozen=True, slots=True)
class PlaceQueen:
    """``q[i] = j; c[j] = a[i+j] = b[i-j+n-1] = false``."""

    row: int
    col: int
    kind: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class RemoveQueen:
    """``c[j] = a[i+j] = b[i-j+n-1] = true``: the queen of row ``row`` is lifted (backtrack)."""

    row: int
    col: int
    kind: ClassVar[str] = "remove"


RecursiveEvent = (
    Call[int] | TryColumn | PlaceQueen | RemoveQueen | Return[int] | Found[tuple[int, ...]] | Done
)
"""The Turin notes' ticks, and those every search has: ``Call(i)``, ``placeQueens(i)`` called;
``Return(i)``, its loop over, it returns (false); ``Found(q)``, the queen of the last row placed
(``writeSolution(); numSolutions++``); ``Done``, ``placeQueens(0)`` has returned."""
