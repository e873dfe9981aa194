"""Every method of the lecture notes behind one call, for the command line and comparisons.

:func:`run_method` runs one method on an n x n board and reports its solutions and how many
candidates it examined, in the method's own unit:

* the backtrackers (``iterative``, ``recursive``, ``scan``, ``general``) count the squares
  they test (``isfree``, ``c[j] && a[i+j] && b[i-j+n-1]``, ``sicura``/``isf``, ``isAdm``). They
  walk the same tree in the same order, so the counts agree; what differs is the cost per test;
* the naive searches (``bruteforce``, ``columns``, ``permutations``) count whole placements;
* ``random`` counts the permutations it shuffled;
* ``constructive`` examines nothing: the formula places every queen.

Naive searches that would examine more than :data:`MAX_CANDIDATES` placements are refused with
:class:`TooBig` before they start: the count is known exactly in advance (see solver.naive).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from solver import naive, recipe_queens, scan
from solver.checker import is_valid
from solver.constructive import construct
from solver.counting import count_solutions
from solver.events import Backtrack
from solver.iterative import IterativeEngine, Mode, Stop
from solver.messages import N_, Figure, Message, MessageError, register, render
from solver.recursive import RecursiveEngine
from solver.registry import (
    ALL_MAX_N,  # noqa: F401 - the commands read it from here too
    MAX_CANDIDATES,
    NAIVE_MAX_N,
    backtrackers,
    listing_methods,
    queens_methods,
)
from solver.registry import METHODS as REGISTRY

METHODS = queens_methods()
"""The methods that solve the N-Queens problem, in the registry's order."""
BACKTRACKERS = backtrackers()
ALL_CAPABLE = listing_methods()
"""The methods that can list every solution (``--all``)."""


UNITS = {name: REGISTRY[name].unit for name in METHODS}

Progress = Callable[[int], None]
"""Called now and then during :func:`run_method` with a count in :func:`progress_unit`."""


def progress_unit(method: str) -> str:
    """What ``method`` counts in its progress calls: engine ticks, or the candidates examined."""
    return N_("ticks") if method in ("iterative", "recursive") else UNITS[method]


class TooBig(MessageError, ValueError):
    """The method would examine too many candidates; the message says how many.

    ``examined`` is the exact number it would examine, or None when that was not worked out
    (every n above :data:`NAIVE_MAX_N` is far over the limit whatever the number).
    """

    def __init__(self, message: Message, examined: int | None = None) -> None:
        super().__init__(message)
        self.examined = examined


class NoSolution(MessageError, ValueError):
    """The method cannot run because the board has no solution (random, constructive)."""


@dataclass(frozen=True, slots=True)
class MethodRun:
    """What one method found on an n x n board and how many candidates it examined."""

    method: str
    n: int
    solutions: tuple[tuple[int, ...], ...]
    examined: int

    @property
    def unit(self) -> str:
        return UNITS[self.method]

    @property
    def space(self) -> int | None:
        """The size of the search space the candidates come from (naive and random), or None."""
        return search_space(self.method, self.n)

    def examined_text(self) -> str:
        """``171 squares tested``, ``12,761 of 46,656 (n^n) placements checked``, and so on: one
        whole sentence per unit, in the language the translator installed speaks."""
        space = self.space
        key = _EXAMINED.get(self.unit)
        if key is None:
            return f"{self.examined:,} {self.unit}"
        params: dict[str, object] = {
            "examined": Figure(f"{self.examined:,}"),
            "count": self.examined,
        }
        if space is not None:
            params.update(space=Figure(f"{space:,}"), formula=naive.formula(self.method))
            if self.method != "random":  # random draws with replacement
                params["count"] = space
        return render(Message.of(key, **params))


_EXAMINED = {
    "squares tested": "examined.squares",
    "moves tested": "examined.moves",
    "placements checked": "examined.placements",
    "permutations tried": "examined.permutations",
}
"""The message that says how many candidates a method examined, by its unit."""

register(
    {
        "too_big.far": (
            "{method} searches {space} placements ({formula}) for n={n}; naive searches stop at "
            "{limit} placements (about 30 s), which no n above {max_n} stays under"
        ),
        "too_big.all": (
            "{method} would examine all {space} placements ({formula}) for n={n}; the limit is "
            "{limit} (about 30 s)"
        ),
        "too_big.first": (
            "{method} would examine {cost} of the {space} placements ({formula}) for n={n} "
            "before its first solution; the limit is {limit} (about 30 s)"
        ),
        "no_solution.method": "there is no solution for n={n}, so {method} cannot produce one",
        "examined.squares": ("{examined} square tested", "{examined} squares tested"),
        "examined.moves": ("{examined} move tested", "{examined} moves tested"),
        "examined.placements": (
            "{examined} of {space} ({formula}) placement checked",
            "{examined} of {space} ({formula}) placements checked",
        ),
        "examined.permutations": (
            "{examined} permutation tried, each drawn at random from the {space} ({formula})",
            "{examined} permutations tried, each drawn at random from the {space} ({formula})",
        ),
    }
)


def search_space(method: str, n: int) -> int | None:
    """How many candidates ``method`` draws from: C(n^2, n), n^n or n! (random: n!).

    None for the backtrackers (they build placements instead of drawing whole ones) and for
    the constructive formula.
    """
    if method in naive.METHODS:
        return naive.search_space(method, n)
    if method == "random":
        return naive.search_space("permutations", n)
    return None


def _iterative(n: int, every: bool, progress: Progress | None) -> MethodRun:
    engine = IterativeEngine(n, Mode.ALL if every else Mode.FIRST)
    ticks = backtracks = other = 0
    while not engine.finished:
        result = engine.run(Stop.BACKTRACK, max_ticks=1 << 20)
        ticks += result.ticks
        if progress is not None:
            progress(ticks)
        if result.reached:
            event = engine.last_event
            if isinstance(event, Backtrack):
                backtracks += 1
            else:  # a solution or done
                other += 1
    tries = ticks - backtracks - other
    return MethodRun("iterative", n, engine.solutions, tries)


def _recursive(n: int, every: bool, progress: Progress | None) -> MethodRun:
    engine = RecursiveEngine(n, Mode.ALL if every else Mode.FIRST)
    while not engine.finished:
        engine.run(max_ticks=1 << 20)
        if progress is not None:
            progress(engine.tick)
    return MethodRun("recursive", n, engine.solutions, engine.tries)


def _scan(n: int, every: bool, progress: Progress | None) -> MethodRun:
    tally = scan.Tally(progress=progress)
    if every:
        found = tuple(scan.tenta(n, tally))
    else:
        first = scan.first_solution(n, tally)
        found = () if first is None else (first,)
    return MethodRun("scan", n, found, tally.checks)


def _general(n: int, every: bool, progress: Progress | None) -> MethodRun:
    queen = recipe_queens.Queen(n)
    queen.progress = progress
    start = recipe_queens.QueenState.start(n)
    if every:
        found = tuple(s.placement() for s in queen.solutions(start))
    else:
        final = queen.solve(start)
        found = () if final is None else (final.placement(),)
    return MethodRun("general", n, found, queen.examined)


def naive_cost(method: str, n: int, every: bool) -> int:
    """Placements ``method`` would examine: all of them with ``every``, else to the first."""
    if every:
        return naive.search_space(method, n)
    engine = IterativeEngine(n, Mode.FIRST)
    engine.run(Stop.END)
    return naive.examined_until(method, engine.solutions[0] if engine.solutions else None, n)


def _naive(method: str, n: int, every: bool, progress: Progress | None) -> MethodRun:
    if n > NAIVE_MAX_N:
        space = naive.search_space(method, n)
        raise TooBig(
            Message.of(
                "too_big.far",
                method=method,
                space=Figure(f"{space:,}"),
                formula=naive.formula(method),
                n=n,
                limit=Figure(f"{MAX_CANDIDATES:,}"),
                max_n=NAIVE_MAX_N,
            ),
            None,
        )
    cost = naive_cost(method, n, every)
    if cost > MAX_CANDIDATES:
        space = naive.search_space(method, n)
        raise TooBig(
            Message.of(
                "too_big.all" if every else "too_big.first",
                method=method,
                cost=Figure(f"{cost:,}"),
                space=Figure(f"{space:,}"),
                formula=naive.formula(method),
                n=n,
                limit=Figure(f"{MAX_CANDIDATES:,}"),
            ),
            cost,
        )
    if every:
        found = tuple(naive.solutions(method, n, progress))
        return MethodRun(method, n, found, naive.search_space(method, n))
    result = naive.first_solution(method, n, progress)
    solutions = () if result.solution is None else (result.solution,)
    return MethodRun(method, n, solutions, result.examined)


def run_method(
    method: str,
    n: int,
    every: bool = False,
    seed: int = 0,
    progress: Progress | None = None,
) -> MethodRun:
    """Run ``method`` on the n x n board: the first solution, or every one with ``every``."""
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    if n < 1:
        raise ValueError(f"n must be at least 1, not {n}")
    if every and method not in ALL_CAPABLE:
        raise ValueError(f"{method} finds one solution; it cannot list them all")
    return RUNNERS[method](method, n, every, seed, progress)


def _random(method: str, n: int, every: bool, seed: int, progress: Progress | None) -> MethodRun:
    if n < 4 and count_solutions(n) == 0:
        raise NoSolution(Message.of("no_solution.method", n=n, method=method))
    result = naive.random_search(n, random.Random(seed), progress=progress)
    assert result is not None  # no max_tries: it returns only with a solution
    return MethodRun(method, n, (result.solution,), result.tries)


def _constructive(
    method: str, n: int, every: bool, seed: int, progress: Progress | None
) -> MethodRun:
    if n < 4 and count_solutions(n) == 0:
        raise NoSolution(Message.of("no_solution.method", n=n, method=method))
    placement = construct(n)
    if not is_valid(placement):  # pragma: no cover - the construction is proved, and tested
        raise AssertionError(f"the explicit placement for n={n} is not a solution")
    return MethodRun(method, n, (tuple(placement),), 0)


Runner = Callable[[str, int, bool, int, "Progress | None"], MethodRun]

RUNNERS: dict[str, Runner] = {
    "iterative": lambda m, n, every, seed, progress: _iterative(n, every, progress),
    "recursive": lambda m, n, every, seed, progress: _recursive(n, every, progress),
    "scan": lambda m, n, every, seed, progress: _scan(n, every, progress),
    "general": lambda m, n, every, seed, progress: _general(n, every, progress),
    **{
        name: lambda m, n, every, seed, progress: _naive(m, n, every, progress)
        for name in naive.METHODS
    },
    "random": _random,
    "constructive": _constructive,
}
"""The batch run of every queens method of the registry (a test checks none is missing)."""
