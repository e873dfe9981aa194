"""N-Queens as an instance of the general recipe (the Salerno notes' ``class Queen(BackTrack)``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from solver.methods.general.recipe import BackTrack


@dataclass(frozen=True, slots=True)
class QueenState:
    """The seed's ``stato``: ``regine`` (column per row, None = undecided) and ``R``."""

    regine: tuple[int | None, ...]
    R: int

    @classmethod
    def start(cls, n: int) -> QueenState:
        """``[[None]*n, 0]``: no position decided, row 0 next."""
        return cls((None,) * n, 0)

    def placement(self) -> tuple[int, ...]:
        """The decided positions as a tuple of ints (for a final state: the solution)."""
        return tuple(c for c in self.regine if c is not None)


def samecolumn(r1: int, c1: int, r2: int, c2: int) -> bool:
    return c1 == c2


def sameMajorD(r1: int, c1: int, r2: int, c2: int) -> bool:
    return c1 - r1 == c2 - r2


def sameMinorD(r1: int, c1: int, r2: int, c2: int) -> bool:
    return c1 + r1 == c2 + r2


def attackingQ(r1: int, c1: int, r2: int, c2: int) -> bool:
    """The Salerno notes: queens on (r1, c1) and (r2, c2), in different rows, attack each other."""
    return samecolumn(r1, c1, r2, c2) or sameMajorD(r1, c1, r2, c2) or sameMinorD(r1, c1, r2, c2)


def checkQueen(posizioni: Sequence[int | None], R: int, C: int) -> bool:
    """The Salerno notes: the queen (R, C) is compatible with the queens of rows ``0..R-1``."""
    for r in range(R):
        c2 = posizioni[r]
        assert c2 is not None  # rows before R are decided
        if attackingQ(R, C, r, c2):
            return False
    return True


def queen_tests(posizioni: Sequence[int | None], R: int, C: int) -> Iterator[tuple[int, int, str]]:
    """Each of the notes' tests true of the queen (R, C) against the queens of rows ``0..R-1``,
    in checkQueen's order (row by row: samecolumn, sameMajorD, sameMinorD): the row and column
    of the queen it meets and the test (``samecolumn``, ``major``, ``minor``)."""
    tests = (("samecolumn", samecolumn), ("major", sameMajorD), ("minor", sameMinorD))
    for r in range(R):
        c2 = posizioni[r]
        assert c2 is not None  # rows before R are decided
        for name, test in tests:
            if test(R, C, r, c2):
                yield r, c2, name


class Queen(BackTrack[QueenState, int]):
    """The n queens, written as the four ingredients of the recipe."""

    def __init__(self, n: int) -> None:
        super().__init__()
        if n < 1:
            raise ValueError(f"n must be at least 1, not {n}")
        self.n = n

    def allMoves(self, stato: QueenState) -> list[int]:
        return list(range(self.n))

    def isAdm(self, stato: QueenState, m: int) -> bool:
        return checkQueen(stato.regine, stato.R, m)

    def newState(self, stato: QueenState, m: int) -> QueenState:
        regine = list(stato.regine)
        regine[stato.R] = m
        return QueenState(tuple(regine), stato.R + 1)

    def isFinal(self, stato: QueenState) -> bool:
        return self.n == stato.R


def first_solution(n: int) -> tuple[int, ...] | None:
    """The first solution found by the recipe, or None."""
    final = Queen(n).solve(QueenState.start(n))
    return None if final is None else final.placement()


def all_solutions(n: int) -> list[tuple[int, ...]]:
    """Every solution found by the recipe, in its order."""
    return [s.placement() for s in Queen(n).solutions(QueenState.start(n))]
