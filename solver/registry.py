"""The one registry of the notes' methods: what each is, where it comes from, what it can do.

``solve``, ``count``, ``compare``, their ``--help``, the tutor's ``--method`` and ``m`` key and the
lessons' ``@board algorithm=`` all read :data:`METHODS`. Adding a method touches its own module
and this registry only. Engines are named by import path and imported when first made, so
reading the registry stays cheap at start-up.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from solver.messages import N_
from solver.stepping import Mode, SteppableSearch

MIN_N = 1
MAX_APP_N = 32
"""The largest board the tutor (and a lesson's board) shows."""

PLACE_MAX_N = 10
"""The largest board to place queens on by hand (solver/placement.py: every solution of it is
listed in 0.1 s)."""

ALL_MAX_N = 12
"""Listing every solution is offered up to this n (14,200 solutions; n=13 has 73,712)."""

MAX_CANDIDATES = 20_000_000
"""Naive searches examining more placements than this are refused (about 30 s of work)."""

NAIVE_MAX_N = 12
"""Above this every naive search needs more than :data:`MAX_CANDIDATES` placements."""


@dataclass(frozen=True, slots=True)
class MethodInfo:
    """One method of the notes and what it can do."""

    name: str
    title: str
    """A short description: ``iterative backtracker``."""
    source: str
    """The key of the notes it comes from (solver/sources.py)."""
    unit: str
    """What its ``examined`` counts: ``squares tested``, ``placements checked``..."""
    engine: str | None = None
    """``module:Class`` of its steppable engine, None for a method that cannot be stepped."""
    queens: bool = True
    """It solves the N-Queens problem (the maze does not: solve/count/compare leave it out)."""
    lists_all: bool = True
    """It can find every solution (``--all``)."""
    summary: str = ""
    """One line for ``solve --help``: what it does, and the notes it comes from."""
    max_n: int = MAX_APP_N
    """The largest N ``solve`` takes with it (the first solution within about 30 s: see
    docs/benchmarks.md)."""
    backtracker: bool = False
    """It builds placements square by square (the backtrackers test the same squares in the
    same order); the others draw whole placements, or none."""

    @property
    def steppable(self) -> bool:
        return self.engine is not None


METHODS: dict[str, MethodInfo] = {
    info.name: info
    for info in (
        MethodInfo(
            "iterative",
            N_("iterative backtracker with isfree"),
            "wroclaw",
            N_("squares tested"),
            engine="solver.iterative:IterativeEngine",
            summary=N_("the while loop with isfree (the Wrocław lecture)"),
            max_n=29,
            backtracker=True,
        ),
        MethodInfo(
            "recursive",
            N_("recursive placeQueens with c[], a[], b[]"),
            "turin",
            N_("squares tested"),
            engine="solver.recursive:RecursiveEngine",
            summary=N_("placeQueens row by row, arrays c[], a[], b[] (the Turin notes)"),
            max_n=29,
            backtracker=True,
        ),
        MethodInfo(
            "scan",
            N_("recursive tenta with the O(k) check sicura"),
            "edutecnica",
            N_("squares tested"),
            engine="solver.scan_engine:ScanEngine",
            summary=N_("tenta/sicura, the O(k) check (the edutecnica page)"),
            max_n=27,
            backtracker=True,
        ),
        MethodInfo(
            "general",
            N_("the general BackTrack recipe on the queens"),
            "salerno",
            N_("squares tested"),
            engine="solver.recipe_engine:QueensRecipeEngine",
            summary=N_("the BackTrack recipe isFinal/allMoves/isAdm/newStato (the Salerno notes)"),
            max_n=27,
            backtracker=True,
        ),
        MethodInfo(
            "maze",
            N_("the general BackTrack recipe on a maze"),
            "salerno",
            N_("moves tested"),
            engine="solver.mazes:MazeEngine",
            queens=False,
            summary=N_("the same recipe finding a way through a maze (tutor only)"),
        ),
        MethodInfo(
            "bruteforce",
            N_("every set of N squares"),
            "python-course",
            N_("placements checked"),
            summary=N_("every set of N squares, C(N^2, N) placements (the Italian Python course)"),
            max_n=100,
        ),
        MethodInfo(
            "columns",
            N_("one queen per column"),
            "wroclaw",
            N_("placements checked"),
            summary=N_("one queen per column, N^N placements (the Wrocław lecture)"),
            max_n=100,
        ),
        MethodInfo(
            "permutations",
            N_("one queen per row and column"),
            "python-course",
            N_("placements checked"),
            summary=N_("one queen per row and column, N! placements (the Italian Python course)"),
            max_n=100,
        ),
        MethodInfo(
            "random",
            N_("random permutations"),
            "python-course",
            N_("permutations tried"),
            lists_all=False,
            summary=N_("shuffled permutations until one works (the Italian Python course)"),
            max_n=14,
        ),
        MethodInfo(
            "constructive",
            N_("an explicit formula"),
            "wroclaw",
            N_("none (formula)"),
            lists_all=False,
            summary=N_("an explicit formula, no search (the Wrocław lecture's remark)"),
            max_n=10_000_000,
        ),
    )
}
"""Every method, in the order the tutor and the command line list them."""


def queens_methods() -> tuple[str, ...]:
    """The methods that solve the N-Queens problem (solve, count, compare), in registry order."""
    return tuple(name for name, info in METHODS.items() if info.queens)


def backtrackers() -> tuple[str, ...]:
    """The queens methods that build placements square by square, in registry order."""
    return tuple(name for name, info in METHODS.items() if info.queens and info.backtracker)


def listing_methods() -> tuple[str, ...]:
    """The queens methods that can list every solution (``--all``), in registry order."""
    return tuple(name for name, info in METHODS.items() if info.queens and info.lists_all)


def steppable_methods() -> tuple[str, ...]:
    """The methods the tutor and the lessons can step, in registry order."""
    return tuple(name for name, info in METHODS.items() if info.steppable)


def method_info(name: str) -> MethodInfo:
    """The method called ``name``; ValueError naming the choices for an unknown one."""
    info = METHODS.get(name)
    if info is None:
        raise ValueError(f"unknown method {name!r}; choose one of {', '.join(METHODS)}")
    return info


def make_engine(
    name: str, n: int, mode: Mode = Mode.FIRST, maze: str | None = None
) -> SteppableSearch:
    """A new steppable engine for method ``name`` on an n x n board (the maze: ``maze``, a
    built-in maze's name or ``random:SEED``; n is then ignored)."""
    info = method_info(name)
    if info.engine is None:
        raise ValueError(f"{name} cannot be stepped")
    module_name, _, class_name = info.engine.partition(":")
    module = importlib.import_module(module_name)
    if not info.queens:
        maze_from_spec = module.maze_from_spec
        engine: SteppableSearch = getattr(module, class_name)(maze_from_spec(maze), mode)
        return engine
    if not MIN_N <= n <= MAX_APP_N:
        raise ValueError(f"n must be from {MIN_N} to {MAX_APP_N}, not {n}")
    engine = getattr(module, class_name)(n, mode)
    return engine
