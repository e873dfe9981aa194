"""Recursive backtracking with the O(k) check by scanning the earlier queens."""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableSequence, Sequence
from dataclasses import dataclass


@dataclass(slots=True)
class Tally:
    """Squares examined: how many times the O(k) check ran."""

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
    exists."""
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
