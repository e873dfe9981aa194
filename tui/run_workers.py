"""The end of a run whose worker was cancelled before its thread began (it never posts its end
message): the screen looks again a little later and ends the run itself."""

from __future__ import annotations

from collections.abc import Callable
from threading import Lock

from textual.dom import DOMNode

LOOKS = (0.25, 1.0, 3.0)
"""Seconds after a cancel when the screen looks whether the run's thread has begun."""


class RunGate:
    """Whether a run's thread began, decided once under a lock (by the thread or the cancel)."""

    def __init__(self) -> None:
        self._lock = Lock()
        self._began = False
        self._given_up = False

    def begin(self) -> bool:
        """On the run's thread, first: False when the run was given up."""
        with self._lock:
            if not self._given_up:
                self._began = True
            return self._began

    def give_up(self) -> bool:
        """After a cancel: True when the thread had not begun, and now never will."""
        with self._lock:
            if not self._began:
                self._given_up = True
            return self._given_up


def end_if_never_ran(
    node: DOMNode, gate: RunGate, running: Callable[[], bool], end: Callable[[], None]
) -> None:
    """After a cancel: call ``end`` when the run is still ``running`` and never began."""

    def look() -> None:
        if running() and gate.give_up():
            end()

    for delay in LOOKS:
        node.set_timer(delay, look)
