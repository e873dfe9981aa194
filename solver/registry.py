"""The one registry of the notes' methods: what each is, where it comes from, what it can do.

``solve``, ``count``, ``compare``, their ``--help``, the tutor's ``--method`` and ``m`` key and the
lessons' ``@board algorithm=`` all read :data:`METHODS`. Adding a method touches its own module
and this registry only. Engines are named by import path and imported when first made, so
reading the registry stays cheap at start-up.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from solver.stepping import Mode, SteppableSearch

MIN_N = 1
MAX_APP_N = 32
"""The largest board the tutor (and a lesson's board) shows."""


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

    @property
    def steppable(self) -> bool:
        return self.engine is not None


METHODS: dict[str, MethodInfo] = {
    info.name: info
    for info in (
        MethodInfo(
            "iterative",
            "iterative backtracker with isfree",
            "wroclaw",
            "squares tested",
            engine="solver.iterative:IterativeEngine",
        ),
        MethodInfo(
            "recursive",
            "recursive placeQueens with c[], a[], b[]",
            "turin",
            "squares tested",
            engine="solver.recursive:RecursiveEngine",
        ),
        MethodInfo(
            "scan",
            "recursive tenta with the O(k) check sicura",
            "edutecnica",
            "squares tested",
            engine="solver.scan_engine:ScanEngine",
        ),
        MethodInfo(
            "general",
            "the general BackTrack recipe on the queens",
            "salerno",
            "squares tested",
            engine="solver.recipe_engine:QueensRecipeEngine",
        ),
        MethodInfo(
            "maze",
            "the general BackTrack recipe on a maze",
            "salerno",
            "moves tested",
            engine="solver.mazes:MazeEngine",
            queens=False,
        ),
    )
}
"""Every method, in the order the tutor and the command line list them."""


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
