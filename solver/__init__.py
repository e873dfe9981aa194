"""Headless N-Queens algorithms and their steppable engines; never imports textual, rich, ``tui``
or ``lessons``.

The names below load when first asked for (``from solver import IterativeEngine``), not with a
submodule."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solver.events import Attacker, Backtrack, Done, Event, Rule, Try
    from solver.methods.iterative.engine import IterativeEngine, Mode, Snapshot, Stop
    from solver.stepping import Found

_EVENTS = ("Attacker", "Backtrack", "Done", "Event", "Rule", "Try")
_ENGINE = ("IterativeEngine", "Mode", "Snapshot", "Stop")
_FROM = (
    {"Found": "solver.stepping"}
    | dict.fromkeys(_EVENTS, "solver.events")
    | dict.fromkeys(_ENGINE, "solver.methods.iterative.engine")
)

__all__ = [
    "Attacker",
    "Backtrack",
    "Done",
    "Event",
    "Found",
    "IterativeEngine",
    "Mode",
    "Rule",
    "Snapshot",
    "Stop",
    "Try",
]


def __getattr__(name: str) -> object:
    module = _FROM.get(name)
    if module is None:
        raise AttributeError(f"module 'solver' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
