"""Headless N-Queens algorithms and their steppable engines.

This package never imports textual, rich, ``tui`` or ``lessons``; a test checks it.

The names below are loaded when first asked for (``from solver import IterativeEngine``), not
when a submodule is: importing ``solver.registry`` alone does not build the iterative engine's
and its events' classes (the tutor's start, for a method that is not the iterative one).
"""

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
