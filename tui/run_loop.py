"""Long runs of the engine, for a worker thread: in chunks, reporting progress, cancellable.

Nothing here touches the screen: the worker passes a ``report`` callback that posts a message.
Between two chunks the engine is consistent, so a run stopped by ``cancelled`` leaves a state
that can be stepped on or back from.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from threading import Event

from solver.stepping import SearchSnapshot, SteppableSearch, Stop

FRAME = 1 / 20
"""Seconds between two progress reports (and the time a chunk aims to take)."""


@dataclass(frozen=True, slots=True)
class Progress:
    """Ticks played since the run started, ticks per second, and the state after them."""

    ticks: int
    rate: float
    snapshot: SearchSnapshot
    tried: float = 0.0
    """Candidates examined per second (the engine's own count, ``examined``, over wall time):
    squares tried per second for the queens, moves tried for the maze."""


def _tried(engine: SteppableSearch, before: int, seconds: float) -> float:
    """Candidates the engine examined per second since it had examined ``before``."""
    return (engine.examined - before) / max(seconds, 1e-9)


def run_chunks(
    engine: SteppableSearch,
    stop: Stop,
    cancelled: Event,
    report: Callable[[Progress], object],
    frame: float = FRAME,
) -> Progress:
    """Run to ``stop`` in chunks that each take about ``frame`` seconds; report after each.

    Returns the final progress (also after a cancel); it is not reported.
    """
    started = time.perf_counter()
    examined = engine.examined
    played = 0
    chunk = 1_000
    while not cancelled.is_set():
        begun = time.perf_counter()
        result = engine.run(stop, max_ticks=chunk)
        took = time.perf_counter() - begun
        played += result.ticks
        if result.reached or result.ticks < chunk:
            break
        seconds = time.perf_counter() - started
        tried = _tried(engine, examined, seconds)
        report(Progress(played, played / seconds, engine.snapshot(), tried))
        # Size the next chunk to take about one frame (at most 4x bigger each time).
        chunk = max(100, min(chunk * 4, int(chunk * frame / max(took, 1e-6))))
    elapsed = max(time.perf_counter() - started, 1e-9)
    return Progress(played, played / elapsed, engine.snapshot(), _tried(engine, examined, elapsed))


def autoplay(
    engine: SteppableSearch,
    speed: Callable[[], int],
    cancelled: Event,
    report: Callable[[Progress], object],
    frame: float = FRAME,
) -> Progress:
    """Play ticks at ``speed()`` ticks per second (read every frame) until the search ends.

    Each frame plays the ticks that are due and reports; the first tick plays at once.
    """
    started = time.perf_counter()
    examined = engine.examined
    played = 0
    due = 1.0
    last = started
    while not cancelled.is_set():
        now = time.perf_counter()
        due += (now - last) * speed()
        last = now
        whole = int(due)
        if whole:
            result = engine.run(Stop.END, max_ticks=whole)
            played += result.ticks
            due -= whole
            if result.ticks < whole:
                break
            seconds = max(now - started, 1e-9)
            tried = _tried(engine, examined, seconds)
            report(Progress(played, played / seconds, engine.snapshot(), tried))
        wait = max(min(frame, (1 - due) / max(speed(), 1)), 0.001)
        cancelled.wait(wait)
    elapsed = max(time.perf_counter() - started, 1e-9)
    return Progress(played, played / elapsed, engine.snapshot(), _tried(engine, examined, elapsed))
