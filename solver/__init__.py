"""Headless N-Queens algorithms and their steppable engines."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solver.events import Attacker, Backtrack, Done, Event, Rule, Solution, Try
    from solver.methods.iterative.engine import IterativeEngine, Mode, Snapshot, Stop

_FROM = {
    "Attacker": "solver.events",
    "Backtrack": "solver.events",
    "Done": "solver.events",
    "Event": "solver.events",
    "Rule": "solver.events",
    "Solution": "solver.events",
    "Try": "solver.events",
    "IterativeEngine": "solver.methods.iterative.engine",
    "Mode": "solver.methods.iterative.engine",
    "Snapshot": "solver.methods.iterative.engine",
    "Stop": "solver.methods.iterative.engine",
}

__all__ = [
    "Attacker",
    "Backtrack",
    "Done",
    "Event",
    "IterativeEngine",
    "Mode",
    "Rule",
    "Snapshot",
    "Solution",
    "Stop",
    "Try",
]


def __getattr__(name: str) -> object:
    module = _FROM.get(name)
    if module is None:
        raise AttributeError(f"module 'solver' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
