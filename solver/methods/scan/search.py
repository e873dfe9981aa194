"""Recursive backtracking with the O(k) check by scanning the earlier queens.

Two lectures write it, both column by column (queen ``k`` goes in column ``k``, its row is
stored in the array):

* the edutecnica page: ``sicura(regina, riga)`` scans the queens of columns ``0..regina-1``;
  ``tenta(k)`` tries the rows 0..n-1 of column k and, with all n placed, prints ``T`` as a line
  of n numbers. It never stops early, so it prints *every* solution, in the lexicographic order
  of ``T`` (for n=8: ``0 4 7 5 2 6 1 3``, ``0 5 7 2 6 3 1 4``, ...). :func:`tenta` yields them
  lazily in that order.
* the Wrocław lecture (lecture 9): ``isf(x, y, a)`` is ``isfree`` with the array as a parameter, and
  ``hetmany(n, k, a)`` returns 1 as soon as columns ``k..n-1`` are filled: the first solution,
  the same one the iterative ``queens()`` finds. ``queensRek()`` calls ``hetmany(n, 0, b)``.

Both checks cost O(k): unlike the Turin notes' three boolean arrays, nothing is remembered between
calls. :class:`Tally` counts the squares examined (calls of the check), for comparisons.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableSequence, Sequence
from dataclasses import dataclass


@dataclass(slots=True)
class Tally:
    """Squares examined: how many times the O(k) check ran.

    ``progress``, when given, is called with the count every 65,536 checks.
    """

    checks: int = 0
    progress: Callable[[int], None] | None = None

    def add(self) -> None:
        self.checks += 1
        if self.progress is not None and not self.checks & 0xFFFF:
            self.progress(self.checks)


def sicura(T: Sequence[int], regina: int, riga: int) -> bool:
    """The edutecnica page: is row ``riga`` of column ``regina`` safe from the queens of earlier
    columns?"""
    for i in range(regina):
        xriga = T[i]  # the row of the queen in column i
        if xriga == riga or xriga == riga - (regina - i) or xriga == riga + (regina - i):
            return False  # same row, or same diagonal
    return True


def tenta(n: int, tally: Tally | None = None) -> Iterator[tuple[int, ...]]:
    """The edutecnica page's ``tenta(0)``: every solution, lazily, in the order the lecture prints
    them."""
    if n < 1:
        raise ValueError(f"n must be at least 1, not {n}")
    T = [0] * n
    counter = tally if tally is not None else Tally()

    def tenta_k(k: int) -> Iterator[tuple[int, ...]]:
        if k < n:
            for i in range(n):
                counter.add()
                if sicura(T, k, i):
                    T[k] = i
                    yield from tenta_k(k + 1)  # place another queen
        else:
            yield tuple(T)  # all n queens placed: the lecture prints T here

    return tenta_k(0)


def isf(x: int, y: int, a: Sequence[int]) -> bool:
    """The Wrocław lecture's ``isf(x, y, a)``: (x, y) is attacked by none of columns ``0..x-1`` of
    ``a``."""
    for i in range(x):  # noqa: SIM110 - the lecture's loop, kept as written
        if a[i] - i == y - x or a[i] + i == y + x or a[i] == y:
            return False
    return True


def hetmany(n: int, k: int, a: MutableSequence[int], tally: Tally | None = None) -> bool:
    """The Wrocław lecture's ``hetmany(n, k, a)``: fill columns ``k..n-1`` of ``a``; True on
    success."""
    if k == n:
        return True
    for i in range(n):
        if tally is not None:
            tally.add()
        if isf(k, i, a):
            a[k] = i
            if hetmany(n, k + 1, a, tally):
                return True
    return False


def queensRek(n: int, tally: Tally | None = None) -> tuple[int, list[int]]:
    """The Wrocław lecture's ``queensRek()``: (n, b) when a solution was found, (-1, b) when none
    exists.

    ``b`` starts as the lecture's ``init()`` leaves it: every queen under the board (-1).
    """
    if n < 1:
        raise ValueError(f"n must be at least 1, not {n}")
    b = [-1] * n
    if hetmany(n, 0, b, tally):
        return n, b
    return -1, b


def first_solution(n: int, tally: Tally | None = None) -> tuple[int, ...] | None:
    """The first solution by ``hetmany``, or None when there is none."""
    k, b = queensRek(n, tally)
    return tuple(b) if k == n else None
