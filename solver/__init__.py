"""Headless N-Queens algorithms and their steppable engines.

This package never imports textual, rich, ``tui`` or ``lessons``; a test checks it.
"""

from solver.events import Attacker, Backtrack, Done, Event, Rule, Solution, Try
from solver.methods.iterative.engine import IterativeEngine, Mode, Snapshot, Stop

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
