"""Long runs of the engine, for a worker thread: in chunks, reporting progress, cancellable.

Nothing here touches the screen: the worker passes a ``report`` callback that posts a message.
Between two chunks the engine is consistent, so a run stopped by ``cancelled`` leaves a state
that can be stepped on or back from.

A served session (tui/serve/session.py, ``queens-tutor serve --run-cpu``) gives every run a
CPU budget (:func:`set_run_budget`): the worker thread's own CPU time (``time.thread_time``),
so a run that waits (autoplay between ticks) spends nothing while it waits. A run that has
spent it stops between two chunks, as if cancelled, with ``over_budget`` set in its final
progress; the board session says so (:func:`budget_message`), and the student may run on.

Each chunk plays in its turn of the machine's share of the cores (solver/session/share.py), and
on a thread its report is drawn within that turn (:func:`until_drawn`; the full-screen tutor
plays autoplay on its event loop instead, a batch a frame: :class:`Autoplay`): a run waits,
using nothing, while the runs of other tutors (or other sessions of one server) hold every
slot, so that a student waiting for a frame or a key always finds a core free.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from threading import Event

from solver.messages import Figure, Message, register
from solver.session.share import RunShare, run_share
from solver.stepping import SearchSnapshot, SteppableSearch, Stop

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
"""The most frames a second a run is shown at: smooth to the eye, and no more than a student
can read. Faster than a tick a frame, autoplay plays the ticks due in one batch a frame."""
AUTOPLAY_FRAME = 1 / FRAMES_PER_SECOND
"""Seconds between two of autoplay's batches (and reports) when it plays more than a tick in
that time."""
FRAMES_CPU_SHARE = 0.085
"""The most of a core autoplay may take on a front end that plays it on its own thread (a
batch, its frame built, drawn and written, and whatever else that thread did meanwhile):
after a frame that cost more than this share of the time since the last one, the next waits
longer (:func:`paced_wait`). On a machine or a terminal where frames are cheap, autoplay
draws its 30 frames a second; where a frame costs 4 ms, about 21; on a lab server shared by
thirty students, each of them pays at most this (issue 42: at most 0.1 of a core)."""


@dataclass(frozen=True, slots=True)
class Progress:
    """Ticks played since the run started, ticks per second, and the state after them."""

    ticks: int
    rate: float
    snapshot: SearchSnapshot
    tried: float = 0.0
    """Candidates examined per second (the engine's own count, ``examined``, over wall time):
    squares tried per second for the queens, moves tried for the maze."""
    over_budget: bool = False
    """True when the run stopped because it had spent its CPU budget."""


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
    """Call ``listener`` with the budget each time a run stops for it (a served session
    tells the server's console); returns what stops that."""
    _listeners.append(listener)
    return lambda: _listeners.remove(listener)


class CpuBudget:
    """The current thread's CPU time against the run budget, from its creation."""

    def __init__(self) -> None:
        self.limit = run_budget()
        self.start = time.thread_time()
        self.told = False

    def spent(self, used: float | None = None) -> bool:
        """Whether the run has spent its budget (its listeners are told the first time):
        this thread's CPU time since the budget's creation, or ``used`` seconds (a run played
        in batches on a thread that does other work too: the batches' own time)."""
        if used is None:
            used = time.thread_time() - self.start
        if self.limit is None or used < self.limit:
            return False
        if not self.told:
            self.told = True
            for listener in _listeners:
                listener(self.limit)
        return True


def budget_message() -> Message:
    """What the student is told when a run stopped for its budget."""
    limit = run_budget() or 0.0
    return Message.of("run.budget", seconds=Figure(f"{limit:g}"))


@contextlib.contextmanager
def in_turn(share: RunShare | None, cancelled: Event) -> Iterator[bool]:
    """A chunk's turn in ``share`` (solver/session/share.py); at once without one. Yields
    False when the run was cancelled while it waited."""
    if share is None:
        yield True
        return
    with share.turn(cancelled) as turn:
        yield turn


def until_drawn(told: object) -> None:
    """Hold the turn until the front end has drawn the progress just reported, when its
    ``report`` returned an event it sets once the frame is drawn (at most :data:`DRAW_WAIT`
    seconds): a run's frames are part of the run, so the turns bound what they cost too, and
    a run plays no faster than its frames can show it."""
    if isinstance(told, Event):
        told.wait(DRAW_WAIT)


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
    budget = CpuBudget()
    share = run_share()
    examined = engine.examined
    played = 0
    chunk = 1_000
    over = False
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
            seconds = time.perf_counter() - started
            tried = _tried(engine, examined, seconds)
            until_drawn(report(Progress(played, played / seconds, engine.snapshot(), tried)))
        # Size the next chunk to take about one frame (at most 4x bigger each time).
        chunk = max(100, min(chunk * 4, int(chunk * frame / max(took, 1e-6))))
    elapsed = max(time.perf_counter() - started, 1e-9)
    tried = _tried(engine, examined, elapsed)
    return Progress(played, played / elapsed, engine.snapshot(), tried, over)


class Autoplay:
    """Autoplay's pacing, one batch at a time: the ticks due at ``speed()`` ticks per second
    since the last batch (the first tick at once), at most what the engine plays in about
    ``frame`` seconds. Ticks due beyond that are dropped: at a speed the engine cannot keep up
    with, the time a big batch takes would otherwise make the next batch bigger still, until
    one batch ran the whole search past the CPU budget and the cancel.

    Played by a thread's loop (:func:`autoplay`) or by a front end's event loop, a batch a
    frame and no thread (tui/screens/board_screen.py): a batch at the top speed is a few
    hundred ticks, well under a millisecond."""

    def __init__(
        self, engine: SteppableSearch, speed: Callable[[], int], frame: float = FRAME
    ) -> None:
        self.engine = engine
        self.speed = speed
        self.frame = frame
        self.started = self.last = time.perf_counter()
        self.examined = engine.examined
        self.played = 0
        self.due = 1.0
        self.chunk = 1_000
        self.cpu = 0.0
        """CPU seconds the batches took (the caller's thread's time while they played)."""

    def due_now(self) -> int:
        """The ticks due now (at most a batch's worth): what :meth:`play` is to play."""
        now = time.perf_counter()
        self.due += (now - self.last) * self.speed()
        self.last = now
        return min(int(self.due), self.chunk)

    def play(self, whole: int) -> Progress | None:
        """Play ``whole`` ticks (from :meth:`due_now`); the progress to report, or None when
        the search ended within them."""
        cpu = time.thread_time()
        begun = time.perf_counter()
        result = self.engine.run(Stop.END, max_ticks=whole)
        took = time.perf_counter() - begun
        self.played += result.ticks
        self.due = min(self.due - whole, float(self.chunk))
        if result.ticks < whole:
            self.cpu += time.thread_time() - cpu
            return None
        if whole == self.chunk:
            chunk = self.chunk
            self.chunk = max(100, min(chunk * 4, int(chunk * self.frame / max(took, 1e-6))))
        seconds = max(self.last - self.started, 1e-9)
        tried = _tried(self.engine, self.examined, seconds)
        progress = Progress(self.played, self.played / seconds, self.engine.snapshot(), tried)
        self.cpu += time.thread_time() - cpu
        return progress

    def wait(self) -> float:
        """Seconds until the next batch. Faster than a tick a frame: a frame (the ticks due
        by then are played in one batch, one report a frame); slower: until the next tick is
        due."""
        rate = max(self.speed(), 1)
        step = min(self.frame, AUTOPLAY_FRAME)
        if rate * step >= 1:
            return step
        return max(min(self.frame, (1 - self.due) / rate), 0.001)

    def final(self, over_budget: bool = False) -> Progress:
        """The progress when autoplay stops (not reported)."""
        elapsed = max(time.perf_counter() - self.started, 1e-9)
        tried = _tried(self.engine, self.examined, elapsed)
        return Progress(
            self.played, self.played / elapsed, self.engine.snapshot(), tried, over_budget
        )


def paced_wait(wait: float, cpu: float, busy: float, share: float = FRAMES_CPU_SHARE) -> float:
    """Seconds until autoplay's next batch: ``wait`` (:meth:`Autoplay.wait`), or longer when
    the last frame's cycle took ``cpu`` seconds of the thread's time and ``busy`` seconds have
    gone by since its batch began, so that the cycles take at most ``share`` of a core."""
    return max(wait, cpu / share - busy)


def autoplay(
    engine: SteppableSearch,
    speed: Callable[[], int],
    cancelled: Event,
    report: Callable[[Progress], object],
    frame: float = FRAME,
) -> Progress:
    """Play ticks at ``speed()`` ticks per second (read every frame) until the search ends, on
    this thread, paced by :class:`Autoplay`; each batch is reported and drawn in its turn of
    the machine's share (:func:`until_drawn`)."""
    play = Autoplay(engine, speed, frame)
    budget = CpuBudget()
    share = run_share()
    over = False
    while not cancelled.is_set():
        whole = play.due_now()
        if whole:
            with in_turn(share, cancelled) as turn:
                if not turn:
                    break
                progress = play.play(whole)
                if progress is None:
                    break
                until_drawn(report(progress))
        if budget.spent():
            over = True
            break
        cancelled.wait(play.wait())
    return play.final(over)
