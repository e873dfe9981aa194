"""Facts about the N-Queens problem, each computed by the solver when a question asks for it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from solver import symmetry
from solver.counting import bitmask as counting
from solver.methods.naive import search as naive
from solver.registry import DEFAULT_METHOD, make_engine
from solver.runs import run_method
from solver.stepping import Kind, Mode, Stop, step

METHODS = naive.METHODS
"""The naive search spaces: C(n^2,n) placements, n^n one-per-column, n! permutations."""

MAX_COUNT_N = 10
"""Largest n a question may ask the solutions of (the count must stay quick)."""

MAX_WORK_N = 20
"""Largest n a question may ask the tries/backtracks to the first solution of."""


@lru_cache(maxsize=64)
def count_solutions(n: int, unique: bool = False) -> int:
    """How many solutions the n x n board has (``unique``: up to rotations and reflections)."""
    return counting.count_solutions(n, unique=unique)


@lru_cache(maxsize=64)
def first_solution(n: int) -> tuple[int, ...] | None:
    """The first solution the lecture's iterative backtracker finds, or None."""
    solutions = run_method(DEFAULT_METHOD, n).solutions
    return solutions[0] if solutions else None


def orbit_size(b: tuple[int, ...]) -> int:
    """How many distinct boards the rotations and reflections of ``b`` give."""
    return len(symmetry.orbit(b))


@dataclass(frozen=True, slots=True)
class Work:
    """What the iterative backtracker did until the first solution (or the end)."""

    ticks: int
    tries: int
    backtracks: int


@lru_cache(maxsize=64)
def first_rows(n: int) -> tuple[int, ...]:
    """The row where the lecture's loop first puts each column's queen, on its way to its first
    solution (-1: a column it never fills; n with no solution: the run to the end)."""
    engine = make_engine(DEFAULT_METHOD, n, Mode.FIRST)
    rows = [-1] * n
    while not engine.finished:
        if not engine.run(Stop.ITERATION).reached:
            break
        if engine.last_kind is Kind.PLACE:
            snapshot = engine.snapshot()
            column = snapshot.k - 1  # type: ignore[attr-defined]
            if 0 <= column < n and rows[column] < 0:
                rows[column] = snapshot.b[column]  # type: ignore[attr-defined]
        if engine.last_kind is Kind.SOLUTION:
            break
    return tuple(rows)


@lru_cache(maxsize=64)
@lru_cache(maxsize=32)
def backtracks_in_a_row(n: int) -> int:
    """How many backtracks of the lecture's loop, up to its first solution, come right after
    another backtrack (a column that runs out of rows as soon as the loop comes back to it)."""
    engine = make_engine(DEFAULT_METHOD, n, Mode.FIRST)
    found = 0
    last = None
    while not engine.finished and step(engine):
        if engine.last_kind is Kind.BACKTRACK and last is Kind.BACKTRACK:
            found += 1
        last = engine.last_kind
    return found


def work(n: int, all_solutions: bool = False) -> Work:
    """Ticks, tries (``b[k]++`` with its test) and backtracks of a whole run of the lecture's
    loop."""
    engine = make_engine(DEFAULT_METHOD, n, Mode.ALL if all_solutions else Mode.FIRST)
    backtracks = 0
    ends = 0
    while True:
        if not engine.run(Stop.BACKTRACK).reached:
            break
        if engine.last_kind is Kind.BACKTRACK:
            backtracks += 1
        else:
            ends += 1
        if engine.finished:
            break
    return Work(engine.tick, engine.tick - backtracks - ends, backtracks)
