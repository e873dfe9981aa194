"""Board geometry for drawing the search: attacked squares, lines of attack, the square in focus.

Pure helpers on (column, row) squares, row 0 at the bottom (the Wrocław lecture). A queen attacks
every square in its column, its row and its two diagonals: equal ``col+row`` (the lecture's ``b[i]+i
== y+x``) or equal ``row-col`` (``b[i]-i == y-x``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from solver.events import Backtrack, Solution, Try

if TYPE_CHECKING:  # the iterative engine loads with its method, not with the board's geometry
    from solver.methods.iterative.engine import Snapshot

Square = tuple[int, int]


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
    """The squares strictly between two squares on one row, column or diagonal, from ``a``.

    Raises ValueError when the squares share no line.
    """
    (ac, ar), (bc, br) = a, b
    dc, dr = bc - ac, br - ar
    if not (dc == 0 or dr == 0 or abs(dc) == abs(dr)):
        raise ValueError(f"{a} and {b} are not on one line")
    steps = max(abs(dc), abs(dr))
    sc = (dc > 0) - (dc < 0)
    sr = (dr > 0) - (dr < 0)
    for i in range(1, steps):
        yield (ac + i * sc, ar + i * sr)


def focus_square(snapshot: Snapshot) -> Square | None:
    """The square the last tick was about, to keep in view; None before the first tick.

    A try: the square examined. A backtrack: the queen now being moved (column ``col-1``).
    A solution: the queen in the last column. Done: the bottom-left corner.
    """
    event = snapshot.last_event
    if event is None:
        return None
    if isinstance(event, Try):
        return (event.col, event.row)
    if isinstance(event, Backtrack):
        col = event.col - 1
        return (col, max(snapshot.b[col], 0)) if col >= 0 else (0, 0)
    if isinstance(event, Solution):
        return (snapshot.n - 1, event.b[-1])
    return (0, 0)
