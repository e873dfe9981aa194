"""The end of a run that never started: a run's worker cancelled (escape) before its thread ran
never posts its own end message (Textual cancels its task first), so the screen would stay
"running" with its keys dimmed for good. After a cancel, the screen looks again a little later:
when the run's thread has not begun by then, it never will (:class:`RunGate`), and the screen
ends the run itself (the fuzz of issue 25 found this).

A worker's state alone cannot say so: cancelling a thread worker cancels the task that waits for
its thread, so the worker reads CANCELLED at once while its thread still steps the engine until it
sees the cancel. Ending the run then would show a state the thread goes on changing."""

from __future__ import annotations

from collections.abc import Callable
from threading import Lock

from textual.dom import DOMNode

LOOKS = (0.25, 1.0, 3.0)
"""Seconds after a cancel when the screen looks whether the run's thread has begun."""


class RunGate:
    """Whether a run's thread began, decided once under a lock: either the thread begins (and
    posts the run's end itself when it is done), or the screen gives the run up first (and the
    thread, if it comes later, does nothing)."""

    def __init__(self) -> None:
        self._lock = Lock()
        self._began = False
        self._given_up = False

    def begin(self) -> bool:
        """On the run's thread, first: ``False`` when the run was given up (return at once)."""
        with self._lock:
            if self._given_up:
                return False
            self._began = True
            return True

    def give_up(self) -> bool:
        """After a cancel: ``True`` when the thread had not begun, and now never will."""
        with self._lock:
            if self._began:
                return False
            self._given_up = True
            return True


def end_if_never_ran(
    node: DOMNode, gate: RunGate, running: Callable[[], bool], end: Callable[[], None]
) -> None:
    """After a cancel: call ``end`` once, at the first look when the run is still marked
    ``running`` and its thread has not begun (its thread, once begun, ends the run itself)."""

    def look() -> None:
        if running() and gate.give_up():
            end()

    for delay in LOOKS:
        node.set_timer(delay, look)
