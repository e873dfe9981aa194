"""The end of a run that never started: a run's worker cancelled (escape) before its thread ran
never posts its own end message (Textual cancels its task first), so the screen would stay
"running" with its keys dimmed for good. After a cancel, the screen looks again a little later:
when no worker of the run's group is left, the run is over (the fuzz of issue 25 found this)."""

from __future__ import annotations

from collections.abc import Callable

from textual.dom import DOMNode
from textual.worker import WorkerState

LOOKS = (0.25, 1.0, 3.0)
"""Seconds after a cancel when the screen looks whether the run's workers are gone."""

_ACTIVE = (WorkerState.PENDING, WorkerState.RUNNING)


def group_idle(node: DOMNode, group: str) -> bool:
    """No worker of ``group`` started by ``node`` is pending or running any more."""
    return not any(w.group == group and w.node is node and w.state in _ACTIVE for w in node.workers)


def end_if_never_ran(
    node: DOMNode, group: str, running: Callable[[], bool], end: Callable[[], None]
) -> None:
    """After a cancel: call ``end`` once, at the first look when the run is still marked
    ``running`` but no worker of ``group`` is left to end it."""

    def look() -> None:
        if running() and group_idle(node, group):
            end()

    for delay in LOOKS:
        node.set_timer(delay, look)
