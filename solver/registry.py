"""The registry of the notes' methods: one kit per method, in the order they are listed."""

from __future__ import annotations

from solver.kit import MAX_APP_N, MethodKit, NotSteppable, SteppableKit
from solver.methods.constructive.kit import ConstructiveKit
from solver.methods.general.kit import GeneralKit
from solver.methods.iterative.kit import IterativeKit
from solver.methods.maze.kit import MazeKit
from solver.methods.naive.kit import (
    MAX_CANDIDATES,
    NAIVE_MAX_N,
    BruteforceKit,
    ColumnsKit,
    PermutationsKit,
)
from solver.methods.random_draws.kit import RandomKit
from solver.methods.recursive.kit import RecursiveKit
from solver.methods.scan.kit import ScanKit
from solver.sources import SOURCES
from solver.stepping import Mode, SteppableSearch

__all__ = ["MAX_APP_N", "MAX_CANDIDATES", "NAIVE_MAX_N", "SteppableKit"]

ALL_MAX_N = 12
"""Listing every solution is offered up to this n (14,200 solutions; n=13 has 73,712)."""


COUNTER = "bitmask"
"""``count --method bitmask``: the bit-mask counter, not a method of the notes."""

RESERVED: dict[str, str] = {COUNTER: "count --method bitmask, the bit-mask counter"}
"""Names the command line uses for something else: no method may take them."""

KITS: list[MethodKit] = []
"""Every method's kit, in the order the tutor and the command line list them."""
METHODS: dict[str, MethodKit] = {}
"""The kits by name."""


def register(new: MethodKit) -> None:
    """Add a method's kit after the others; ValueError, naming both, when its name is reserved or
    taken, and naming its source when solver/sources.py does not know it."""
    taken = f"{new!r} cannot take the name {new.name!r}"
    if new.name in RESERVED:
        raise ValueError(f"{taken}: it is {RESERVED[new.name]}")
    if new.name in METHODS:
        raise ValueError(f"{taken}: {METHODS[new.name]!r} has it")
    if new.source not in SOURCES:
        raise ValueError(f"{new!r}: its source {new.source!r} is not in solver/sources.py")
    KITS.append(new)
    METHODS[new.name] = new


for _kit in (
    IterativeKit(),
    RecursiveKit(),
    ScanKit(),
    GeneralKit(),
    MazeKit(),
    BruteforceKit(),
    ColumnsKit(),
    PermutationsKit(),
    RandomKit(),
    ConstructiveKit(),
):
    register(_kit)


def unregister(name: str) -> MethodKit:
    """Take a kit out again (a test's throwaway method)."""
    gone = METHODS.pop(name)
    KITS.remove(gone)
    return gone


DEFAULT_METHOD = KITS[0].name
"""The method the tutor and a lesson's ``@board`` start with: the Wrocław lecture's loop."""


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


def kit(name: str) -> MethodKit:
    """The kit of the method called ``name``; ValueError naming the choices for an unknown one."""
    found = METHODS.get(name)
    if found is None:
        raise ValueError(f"unknown method {name!r}; choose one of {', '.join(METHODS)}")
    return found


def stepped(name: str) -> SteppableKit:
    """The kit of the steppable method ``name``; ValueError for any other."""
    found = kit(name)
    if not isinstance(found, SteppableKit):
        raise NotSteppable(f"{name} cannot be stepped")
    return found


def make_engine(
    name: str, n: int, mode: Mode = Mode.FIRST, maze: str | None = None
) -> SteppableSearch:
    """A new steppable engine for method ``name`` on an n x n board (the maze: ``maze``)."""
    return stepped(name).make_engine(n, mode, maze)
