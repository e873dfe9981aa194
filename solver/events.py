"""The ticks of the lecture's iterative backtracker, as small immutable values.

Columns and rows are counted from 0; row 0 is the bottom row of the board (the Wrocław lecture).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from solver.stepping import Done as Done  # the end every engine shares, one of the loop's events


class Rule(StrEnum):
    """Why one queen attacks a square in another column."""

    ROW = "row"
    """Same row: ``b[i] == y``."""
    SUM = "sum"
    """Same diagonal of equal column + row (``b[i] + i == y + x``), the Turin notes' i+j.

    With row 0 at the bottom (the Wrocław lecture, the tutor's board) it falls to the right; the
    Turin notes draws its first row at the top, where it is the rising diagonal."""
    DIFF = "diff"
    """Same diagonal of equal row - column (``b[i] - i == y - x``), the Turin notes' i-j.

    With row 0 at the bottom it rises to the right; in the Turin notes' picture it falls."""


def attack_rule(col_a: int, row_a: int, col_b: int, row_b: int) -> Rule | None:
    """The rule by which the queens on two squares in different columns attack, or None."""
    if row_a == row_b:
        return Rule.ROW
    if col_a + row_a == col_b + row_b:
        return Rule.SUM
    if row_a - col_a == row_b - col_b:
        return Rule.DIFF
    return None


@dataclass(frozen=True, slots=True)
class Attacker:
    """A placed queen that attacks the candidate square, and the rule it attacks by."""

    col: int
    row: int
    rule: Rule


@dataclass(frozen=True, slots=True)
class Try:
    """``b[k]++`` and the ``isfree`` test: one candidate square examined.

    ``attackers`` lists every placed queen (columns ``0..col-1``) that attacks the square,
    sorted by column. With none, the queen stays and ``k`` moved on to ``col + 1``.
    """

    col: int
    row: int
    attackers: tuple[Attacker, ...]
    kind: ClassVar[str] = "try"

    @property
    def placed(self) -> bool:
        """True when the square was free, so the queen stays and k moved on."""
        return not self.attackers


@dataclass(frozen=True, slots=True)
class Backtrack:
    """``b[k]`` went past the last row: ``b[k] = -1; k--``. ``col`` is the column emptied."""

    col: int
    kind: ClassVar[str] = "backtrack"


@dataclass(frozen=True, slots=True)
class Solution:
    """``k == n``: every column holds a queen. ``number`` counts solutions from 1."""

    b: tuple[int, ...]
    number: int
    kind: ClassVar[str] = "solution"


Event = Try | Backtrack | Solution | Done
