"""Long runs of the engine, for a worker thread: in chunks, reporting progress, cancellable.

Each chunk plays in its turn of the machine's share (solver/session/share.py); a served session
gives every run a budget of the thread's CPU time (:func:`set_run_budget`), after which it stops
between two chunks as if cancelled."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from threading import Event
from typing import TYPE_CHECKING

from solver.messages import Figure, Message, register
from solver.session.share import RunShare, run_share
from solver.stepping import SteppableSearch, Stop

if TYPE_CHECKING:  # created with the first run (solver/session/progress.py)
    from solver.session.progress import Progress

register(
    {
        "run.budget": "Paused: this run used {seconds} s of processor time, the most one run may "
        "use on this server. Run again to go on.",
    }
)

FRAME = 1 / 20
"""Seconds between two progress reports (and the time a chunk aims to take)."""
DRAW_WAIT = 0.5
"""The longest a run holds its turn waiting for the front end to draw its progress."""
FRAMES_PER_SECOND = 30
"""The most frames a second a run is shown at: smooth to the eye, and no more than a student can
read."""
AUTOPLAY_FRAME = 1 / FRAMES_PER_SECOND
"""Seconds between two of autoplay's batches (and reports) when it plays more than a tick in that
time."""
FRAMES_CPU_SHARE = 0.075
"""The most of a core autoplay's cycles may take in its process (a batch, its frame built, drawn and
written, and whatever else the process did meanwhile): after a cycle that cost more than this share
of the time since the last one, the next batch waits longer (:func:`paced_wait`)."""


_budget: list[float] = []
"""The CPU seconds one run may spend (one item), or none: no limit."""
_listeners: list[Callable[[float], None]] = []
"""Called (on the run's thread, with the budget) each time a run stops for its budget."""


def set_run_budget(seconds: float | None) -> None:
    """Give every run from now on ``seconds`` of CPU time (None or 0: no limit)."""
    _budget[:] = [seconds] if seconds else []


def run_budget() -> float | None:
    return _budget[0] if _budget else None


def when_budget_spent(listener: Callable[[float], None]) -> Callable[[], None]:
    """Call ``listener`` with the budget each time a run stops for it (a served session tells the
    server's console); returns what stops that."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener)


class CpuBudget:
    """The current thread's CPU time against the run budget, from its creation."""

    def __init__(self) -> None:
        self.limit = run_budget()
        self.start = time.thread_time()
        self.told = False

    def spent(self) -> bool:
        """Whether the run has spent its budget (its listeners are told the first time)."""
        if self.limit is None or time.thread_time() - self.start < self.limit:
            return False
        if not self.told:
            self.told = True
            for listener in _listeners:
                listener(self.limit)
        return True


def budget_message() -> Message:
    """What the student is told when a run stopped for its budget."""
    return Message.of("run.budget", seconds=Figure(f"{(run_budget() or 0.0):g}"))


@contextlib.contextmanager
def in_turn(share: RunShare | None, cancelled: Event) -> Iterator[bool]:
    """A chunk's turn in ``share`` (solver/session/share.py); at once without one. Yields False when
    the run was cancelled while it waited."""
    if share is None:
        yield True
        return
    with share.turn(cancelled) as turn:
        yield turn


def until_drawn(told: object) -> None:
    """Hold the turn until the front end has drawn the progress just reported, when its ``report``
    returned an event it sets once the frame is drawn (at most :data:`DRAW_WAIT` seconds): a run's
    frames are part of the run, so the turns bound what they cost too, and a run plays no faster
    than its frames can show it."""
    if isinstance(told, Event):
        told.wait(DRAW_WAIT)


def _progress(
    engine: SteppableSearch, before: int, played: int, seconds: float, over: bool = False
) -> Progress:
    """A run's progress: ``played`` ticks in ``seconds``, and the candidates the engine examined
    per second since it had examined ``before``."""
    from solver.session.progress import Progress

    seconds = max(seconds, 1e-9)
    tried = (engine.examined - before) / seconds
    return Progress(played, played / seconds, engine.snapshot(), tried, over)


def _begin(engine: SteppableSearch) -> tuple[float, CpuBudget, RunShare | None, int]:
    """A run's start: its time, its CPU budget, its turn's share, the engine's examined count."""
    return time.perf_counter(), CpuBudget(), run_share(), engine.examined


def run_chunks(
    engine: SteppableSearch,
    stop: Stop,
    cancelled: Event,
    report: Callable[[Progress], object],
    frame: float = FRAME,
) -> Progress:
    """Run to ``stop`` in chunks that each take about ``frame`` seconds; report after each."""
    started, budget, share, examined = _begin(engine)
    played, chunk, over = 0, 1_000, False
    while not cancelled.is_set():
        with in_turn(share, cancelled) as turn:
            if not turn:
                break
            begun = time.perf_counter()
            result = engine.run(stop, max_ticks=chunk)
            took = time.perf_counter() - begun
            played += result.ticks
            if result.reached or result.ticks < chunk:
                break
            if budget.spent():
                over = True
                break
            until_drawn(report(_progress(engine, examined, played, time.perf_counter() - started)))
        # Size the next chunk to take about one frame (at most 4x bigger each time).
        chunk = max(100, min(chunk * 4, int(chunk * frame / max(took, 1e-6))))
    return _progress(engine, examined, played, time.perf_counter() - started, over)


def paced_wait(wait: float, cpu: float, busy: float, share: float = FRAMES_CPU_SHARE) -> float:
    """Seconds until autoplay's next batch: ``wait``, or longer when the last cycle took ``cpu``
    seconds of the process's CPU time and ``busy`` seconds have gone by since its batch began, so
    that the cycles take at most ``share`` of a core."""
    return max(wait, cpu / share - busy)


def autoplay(
    engine: SteppableSearch,
    speed: Callable[[], int],
    cancelled: Event,
    report: Callable[[Progress], object],
    frame: float = FRAME,
) -> Progress:
    """Play ticks at ``speed()`` ticks per second (read every frame) until the search ends."""
    started, budget, share, examined = _begin(engine)
    played, due, last, over, chunk = 0, 1.0, started, False, 1_000
    cycle = time.process_time()  # the process's CPU time when the last frame was drawn
    pace = 0.0
    while not cancelled.is_set():
        now = time.perf_counter()
        due += (now - last) * speed()
        last = now
        whole = min(int(due), chunk)
        if whole:
            with in_turn(share, cancelled) as turn:
                if not turn:
                    break
                begun = time.perf_counter()
                result = engine.run(Stop.END, max_ticks=whole)
                took = time.perf_counter() - begun
                played += result.ticks
                due = min(due - whole, float(chunk))
                if result.ticks < whole:
                    break
                if whole == chunk:
                    chunk = max(100, min(chunk * 4, int(chunk * frame / max(took, 1e-6))))
                until_drawn(report(_progress(engine, examined, played, now - started)))
                cpu, cycle = time.process_time() - cycle, time.process_time()
                pace = paced_wait(0.0, cpu, time.perf_counter() - now)
        if budget.spent():
            over = True
            break
        rate = max(speed(), 1)
        # Faster than a tick a frame: wake once a frame and play the ticks due by then (one
        # report a frame); slower: wake when the next tick is due.
        step = min(frame, AUTOPLAY_FRAME)
        wait = step if rate * step >= 1 else max(min(frame, (1 - due) / rate), 0.001)
        # Longer when the last frame's cycle cost more than its share of a core (every tick
        # due is still played, in the next batch).
        cancelled.wait(max(wait, pace))
        pace = 0.0
    return _progress(engine, examined, played, time.perf_counter() - started, over)
