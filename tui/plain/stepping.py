"""Stepping an engine for the plain tutor: tick by tick so each tick is said, or a long run in
chunks that Ctrl-C stops (tui/run_loop.py's, as the full-screen tutor's workers run them).
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator

from lessons.i18n import N_, _, ngettext, number
from solver.stepping import SteppableSearch, Stop
from tui.plain.output import Out
from tui.run_loop import Progress, run_chunks

PROGRESS_EVERY = 10.0
"""Seconds between two "still running" lines of a long run."""

GOALS = {
    "solution": (Stop.SOLUTION, N_("to next solution")),
    "backtrack": (Stop.BACKTRACK, N_("to next backtrack")),
}
"""A run's goal: where it stops, and its words (the full-screen tutor's, in the catalogs)."""


def play(engine: SteppableSearch, stop: Stop, said: Callable[[], None]) -> int:
    """Play one tick (``Stop.TICK``) or up to the end of an iteration (``Stop.ITERATION``)
    one tick at a time, calling ``said`` after each; the ticks played (0: the search is
    over)."""
    played = 0
    while engine.run(Stop.TICK, max_ticks=1).ticks:
        played += 1
        said()
        if stop is Stop.TICK or engine.last_kind in stop.value:
            break
    return played


@contextlib.contextmanager
def _ctrl_c_sets(event: threading.Event) -> Iterator[None]:
    """While the block runs, Ctrl-C (SIGINT) sets ``event`` instead of ending the tutor."""
    try:
        previous = signal.signal(signal.SIGINT, lambda *_: event.set())
    except ValueError:  # not the main thread: Ctrl-C keeps its usual meaning
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def run_long(engine: SteppableSearch, goal: str, out: Out) -> Progress:
    """Run to the goal's stop in chunks; a line every :data:`PROGRESS_EVERY` seconds says it
    goes on; Ctrl-C stops it between two chunks (the engine is then consistent). The final
    progress; a stopped run is told here."""
    stop, words = GOALS[goal]
    stopped = threading.Event()
    last = time.monotonic()

    def progressed(progress: Progress) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= PROGRESS_EVERY:
            last = now
            out.line(
                ngettext(
                    "Still running: {count} tick so far (Ctrl-C stops).",
                    "Still running: {count} ticks so far (Ctrl-C stops).",
                    progress.ticks,
                ).format(count=number(progress.ticks))
            )

    with _ctrl_c_sets(stopped):
        progress = run_chunks(engine, stop, stopped, progressed)
    if stopped.is_set():
        out.line(
            ngettext(
                "Stopped after {count} tick: step on, or back with left.",
                "Stopped after {count} ticks: step on, or back with left.",
                progress.ticks,
            ).format(count=number(progress.ticks))
        )
    else:
        out.line(
            ngettext(
                "{count} tick played, {goal}.", "{count} ticks played, {goal}.", progress.ticks
            ).format(count=number(progress.ticks), goal=_(words))
        )
    return progress
