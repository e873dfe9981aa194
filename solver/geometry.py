"""Board geometry for drawing the search: attacked squares, lines of attack."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import StrEnum

Square = tuple[int, int]


class Rule(StrEnum):
    """Why one queen attacks a square in another column."""

    ROW = "row"
    """Same row: ``b[i] == y``."""
    SUM = "sum"
    """Same diagonal of equal column + row (``b[i] + i == y + x``), the Turin notes' i+j."""
    DIFF = "diff"
    """Same diagonal of equal row - column (``b[i] - i == y - x``), the Turin notes' i-j."""


def attack_rule(col_a: int, row_a: int, col_b: int, row_b: int) -> Rule | None:
    """The rule by which the queens on two squares in different columns attack, or None."""
    if row_a == row_b:
        return Rule.ROW
    if col_a + row_a == col_b + row_b:
        return Rule.SUM
    return Rule.DIFF if row_a - col_a == row_b - col_b else None


def attacked_squares(queens: Iterable[Square], n: int) -> frozenset[Square]:
    """Every square of the n x n board attacked by ``queens``, except the queens' own squares."""
    queens = tuple(queens)
    cols = {c for c, _ in queens}
    rows = {r for _, r in queens}
    sums = {c + r for c, r in queens}
    diffs = {r - c for c, r in queens}
    occupied = set(queens)
    return frozenset(
        (c, r)
        for c in range(n)
        for r in range(n)
        if (c, r) not in occupied and (c in cols or r in rows or c + r in sums or r - c in diffs)
    )


def line_between(a: Square, b: Square) -> Iterator[Square]:
    """The squares strictly between two squares on one row, column or diagonal, from ``a``."""
    (ac, ar), (bc, br) = a, b
    dc, dr = bc - ac, br - ar
    if not (dc == 0 or dr == 0 or abs(dc) == abs(dr)):
        raise ValueError(f"{a} and {b} are not on one line")
    steps = max(abs(dc), abs(dr))
    sc = (dc > 0) - (dc < 0)
    sr = (dr > 0) - (dr < 0)
    for i in range(1, steps):
        yield (ac + i * sc, ar + i * sr)
