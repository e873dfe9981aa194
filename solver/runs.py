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
:class:`TooBig` before they start: the count is known exactly in advance (see
solver.methods.naive.search).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from solver.messages import Figure, Message, MessageError, register, render
from solver.methods.iterative.engine import IterativeEngine, Mode, Stop
from solver.methods.naive import search as naive
from solver.registry import (
    ALL_MAX_N,  # noqa: F401 - the commands read it from here too
    backtrackers,
    kit,
    listing_methods,
    queens_methods,
)

METHODS = queens_methods()
"""The methods that solve the N-Queens problem, in the registry's order."""
BACKTRACKERS = backtrackers()
ALL_CAPABLE = listing_methods()
"""The methods that can list every solution (``--all``)."""


UNITS = {name: kit(name).unit for name in METHODS}

Progress = Callable[[int], None]
"""Called now and then during :func:`run_method` with a count in :func:`progress_unit`."""


def progress_unit(method: str) -> str:
    """What ``method`` counts in its progress calls: engine ticks, or the candidates examined."""
    return kit(method).counts_in()


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
        return kit(self.method).search_space(self.n)

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
        method = kit(self.method)
        if space is not None:
            params.update(space=Figure(f"{space:,}"), formula=method.formula)
            if not method.seeded:  # a seeded method draws with replacement
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


def naive_cost(method: str, n: int, every: bool) -> int:
    """Placements ``method`` would examine: all of them with ``every``, else to the first."""
    if every:
        return naive.search_space(method, n)
    engine = IterativeEngine(n, Mode.FIRST)
    engine.run(Stop.END)
    return naive.examined_until(method, engine.solutions[0] if engine.solutions else None, n)


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
    return kit(method).run(n, every, seed, progress)
