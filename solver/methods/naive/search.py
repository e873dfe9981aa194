"""The naive searches of the Wrocław lecture and the Italian Python course: generate whole
placements, then check them."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from solver.checker import is_valid

METHODS = ("bruteforce", "columns", "permutations")
"""The exhaustive naive methods, in the order the lecture improves them."""

Progress = Callable[[int], None]
"""Called now and then with the number of candidates examined so far."""

_PROGRESS_EVERY = 1 << 16


def search_space(method: str, n: int) -> int:
    """How many candidates ``method`` can examine on an n x n board (exact)."""
    if n < 1:
        raise ValueError(f"n must be at least 1, not {n}")
    if method == "bruteforce":
        return math.comb(n * n, n)
    if method == "columns":
        return int(n**n)
    if method == "permutations":
        return math.factorial(n)
    raise ValueError(f"unknown naive method {method!r}; choose one of {', '.join(METHODS)}")


_FORMULAS = {"bruteforce": "C(n^2, n)", "columns": "n^n", "permutations": "n!", "random": "n!"}


def formula(method: str) -> str:
    """The search-space size as the lecture writes it (``random`` draws from the n! too)."""
    return _FORMULAS[method]


@dataclass(frozen=True, slots=True)
class NaiveResult:
    """What one naive search did: its first solution (or None) and the candidates examined."""

    method: str
    n: int
    solution: tuple[int, ...] | None
    examined: int
    space: int


def _bruteforce(n: int) -> Iterator[tuple[tuple[int, ...], bool]]:
    """Every set of n squares, with whether it is a solution (checked pair by pair's lines)."""
    cols = [s // n for s in range(n * n)]
    rows = [s % n for s in range(n * n)]
    sums = [cols[s] + rows[s] for s in range(n * n)]
    diffs = [rows[s] - cols[s] for s in range(n * n)]
    for squares in itertools.combinations(range(n * n), n):
        ok = (
            len({cols[s] for s in squares}) == n
            and len({rows[s] for s in squares}) == n
            and len({sums[s] for s in squares}) == n
            and len({diffs[s] for s in squares}) == n
        )
        yield squares, ok


def _columns(n: int) -> Iterator[tuple[tuple[int, ...], bool]]:
    for b in itertools.product(range(n), repeat=n):
        yield b, is_valid(b)


def _diagonals_free(b: Sequence[int]) -> bool:
    """For a permutation only the diagonals can clash (the Italian Python course's ``board_ok``)."""
    n = len(b)
    return len({c + r for c, r in enumerate(b)}) == n and len({r - c for c, r in enumerate(b)}) == n


def _permutations(n: int) -> Iterator[tuple[tuple[int, ...], bool]]:
    for b in itertools.permutations(range(n)):
        yield b, _diagonals_free(b)


def _candidates(method: str, n: int) -> Iterator[tuple[tuple[int, ...], bool]]:
    search_space(method, n)  # validates method and n
    if method == "bruteforce":
        return ((tuple(s % n for s in sq), ok) for sq, ok in _bruteforce(n))
    return _columns(n) if method == "columns" else _permutations(n)


def solutions(method: str, n: int, progress: Progress | None = None) -> Iterator[tuple[int, ...]]:
    """Lazily every solution ``method`` finds, in its (lexicographic) order, examining all."""
    for examined, (b, ok) in enumerate(_candidates(method, n), 1):
        if progress is not None and examined % _PROGRESS_EVERY == 0:
            progress(examined)
        if ok:
            yield b


def first_solution(method: str, n: int, progress: Progress | None = None) -> NaiveResult:
    """Examine candidates in order until the first solution; report how many were examined."""
    found = next(solutions(method, n, progress), None)
    return NaiveResult(method, n, found, examined_until(method, found, n), search_space(method, n))


def rank(method: str, b: Sequence[int]) -> int:
    """How many candidates ``method`` examines *before* reaching the placement ``b``."""
    n = len(b)
    if method == "columns":
        value = 0
        for row in b:
            value = value * n + row
        return value
    if method == "permutations":
        value = 0
        for i, row in enumerate(b):
            value += sum(1 for r in b[i + 1 :] if r < row) * math.factorial(n - 1 - i)
        return value
    if method == "bruteforce":
        total = n * n
        value = 0
        previous = -1
        for i, row in enumerate(b):
            square = i * n + row
            for skipped in range(previous + 1, square):
                value += math.comb(total - 1 - skipped, n - 1 - i)
            previous = square
        return value
    raise ValueError(f"unknown naive method {method!r}; choose one of {', '.join(METHODS)}")


def examined_until(method: str, first: Sequence[int] | None, n: int) -> int:
    """Candidates ``method`` examines to reach ``first`` (the first solution), or all of them."""
    return search_space(method, n) if first is None else rank(method, first) + 1


@dataclass(frozen=True, slots=True)
class RandomResult:
    """A random search's solution and the number of permutations it tried."""

    n: int
    solution: tuple[int, ...]
    tries: int


def random_search(
    n: int, rng: random.Random, max_tries: int | None = None, progress: Progress | None = None
) -> RandomResult | None:
    """Shuffle ``0..n-1`` until the diagonals are free (the Italian Python course); None after
    ``max_tries``."""
    if n < 1:
        raise ValueError(f"n must be at least 1, not {n}")
    board = list(range(n))
    tries = 0
    while max_tries is None or tries < max_tries:
        rng.shuffle(board)
        tries += 1
        if progress is not None and tries % _PROGRESS_EVERY == 0:
            progress(tries)
        if _diagonals_free(board):
            return RandomResult(n, tuple(board), tries)
    return None


@dataclass(frozen=True, slots=True)
class RandomStats:
    """Tries per solution over many seeded random searches."""

    n: int
    runs: int
    seed: int
    total_tries: int
    fewest: int
    most: int

    @property
    def mean(self) -> float:
        return self.total_tries / self.runs


def mean_tries(
    n: int, runs: int, seed: int, progress: Callable[[int], None] | None = None
) -> RandomStats:
    """Run the random search ``runs`` times with one generator seeded by ``seed``."""
    if runs < 1:
        raise ValueError(f"runs must be at least 1, not {runs}")
    from solver.counting.bitmask import count_solutions

    if n < 4 and count_solutions(n) == 0:
        raise ValueError(f"there is no solution for n={n}: a random search would never stop")
    rng = random.Random(seed)
    tries = []
    for run in range(runs):
        result = random_search(n, rng)
        assert result is not None  # no max_tries: it returns only with a solution
        tries.append(result.tries)
        if progress is not None:
            progress(run + 1)
    return RandomStats(n, runs, seed, sum(tries), min(tries), max(tries))


def cost(method: str, n: int, every: bool) -> int:
    """Placements ``method`` would examine: all of them with ``every``, else to the first."""
    from solver.methods.iterative.engine import IterativeEngine, Mode, Stop

    if every:
        return search_space(method, n)
    engine = IterativeEngine(n, Mode.FIRST)
    engine.run(Stop.END)
    return examined_until(method, engine.solutions[0] if engine.solutions else None, n)
