"""The worker's loops, without a screen: chunks, reports, cancel, pacing."""

from __future__ import annotations

import time
from itertools import pairwise
from threading import Event, Timer

import pytest

from solver.methods.iterative.engine import IterativeEngine, Stop
from solver.session.progress import Progress
from solver.session.runs import (
    DRAW_WAIT,
    FRAMES_CPU_SHARE,
    FRAMES_PER_SECOND,
    autoplay,
    paced_wait,
    run_chunks,
)
from solver.stepping import RunResult


def test_run_chunks_reaches_the_stop_and_reports_on_the_way() -> None:
    reports: list[Progress] = []
    engine = IterativeEngine(10)
    final = run_chunks(engine, Stop.SOLUTION, Event(), reports.append, frame=0.001)
    reference = IterativeEngine(10)
    reference.run(Stop.SOLUTION)
    assert engine.b == reference.b and final.ticks == reference.tick
    assert final.snapshot == engine.snapshot()
    ticks = [p.ticks for p in reports]
    assert ticks == sorted(ticks) and all(t < final.ticks for t in ticks)


def test_a_cancelled_run_stops_between_chunks_in_a_consistent_state() -> None:
    cancelled = Event()
    engine = IterativeEngine(28)

    def report(progress: Progress) -> None:
        cancelled.set()  # cancel after the first chunk

    final = run_chunks(engine, Stop.SOLUTION, cancelled, report)
    assert 0 < final.ticks == engine.tick
    assert not engine.finished
    fresh = IterativeEngine(28)
    fresh.run(max_ticks=engine.tick)
    assert fresh.snapshot() == engine.snapshot()


def test_autoplay_reads_the_speed_each_frame_to_the_end_and_plays_nothing_once_cancelled() -> None:
    # 1 tick a second, then 100,000: the search ends only if the speed is read again.
    speeds = []

    def speed() -> int:
        speeds.append(1)
        return 1 if len(speeds) == 1 else 100_000

    engine = IterativeEngine(6)
    cancelled = Event()
    stop = Timer(20, cancelled.set)
    stop.start()
    try:
        final = autoplay(engine, speed, cancelled, lambda p: None, frame=0.001)
    finally:
        stop.cancel()
    assert engine.finished and final.ticks == engine.tick
    assert len(speeds) > 1
    cancelled.set()  # cancelled before it starts: plays nothing
    engine = IterativeEngine(6)
    assert autoplay(engine, lambda: 10, cancelled, lambda p: None).ticks == 0
    assert engine.tick == 0


class _Recording(IterativeEngine):
    """An engine that records how many ticks each call to ``run`` was asked for."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.asked: list[int] = []

    def run(self, stop: Stop = Stop.END, max_ticks: int | None = None) -> RunResult:
        self.asked.append(max_ticks or 0)
        return super().run(stop, max_ticks=max_ticks)


def test_autoplay_faster_than_the_engine_plays_frame_sized_batches_and_stops_on_cancel() -> None:
    # Batches stay about a frame long however fast the speed, so a cancel is seen at once.
    engine = _Recording(28)
    cancelled = Event()
    stop = Timer(0.2, cancelled.set)
    stop.start()
    try:
        final = autoplay(engine, lambda: 10**9, cancelled, lambda p: None)
    finally:
        stop.cancel()
    assert not engine.finished and final.ticks == engine.tick > 0
    # A frame's batch is some 10**5 ticks here; the runaway asked for tens of millions.
    assert max(engine.asked) < 20_000_000


def test_fast_autoplay_reports_once_a_frame_not_once_a_tick() -> None:
    """At 10,000 ticks/s autoplay reports once a frame (1/30 s), not once a tick."""
    engine = IterativeEngine(32)
    reports: list[Progress] = []
    cancelled = Event()
    Timer(0.5, cancelled.set).start()
    started = time.perf_counter()
    done = autoplay(engine, lambda: 10_000, cancelled, reports.append)
    took = time.perf_counter() - started  # 0.5 s, more when a loaded machine fires the timer late
    assert done.ticks > 500  # it played
    assert len(reports) <= took * FRAMES_PER_SECOND + 3  # about 15 in 0.5 s


def test_paced_wait_keeps_autoplays_cycles_within_their_share_of_a_core() -> None:
    """A cycle that took 4 ms of CPU, 5 ms after its batch began, waits until it is
    0.085 of the time (47 ms in all); a cheap one waits what it would have waited."""
    assert paced_wait(1 / 30, 0.004, 0.005, share=0.085) == pytest.approx(0.004 / 0.085 - 0.005)
    assert paced_wait(1 / 30, 0.0005, 0.001, share=0.085) == 1 / 30
    assert paced_wait(0.2, 0.004, 0.005, share=0.085) == 0.2  # slow speeds: the tick's time


def test_autoplay_draws_fewer_frames_when_they_cost_and_plays_every_tick() -> None:
    """Frames that cost 12 ms of CPU take at most FRAMES_CPU_SHARE of a core; each plays a batch."""
    engine = IterativeEngine(32)
    reports: list[Progress] = []
    cancelled = Event()

    reported_at: list[float] = []

    def report(progress: Progress) -> None:
        reports.append(progress)
        reported_at.append(time.perf_counter())
        spent = time.process_time() + 0.012
        while time.process_time() < spent:  # the frame's cost, on this process's CPU
            pass

    Timer(0.5, cancelled.set).start()
    started = time.perf_counter()
    done = autoplay(engine, lambda: 10_000, cancelled, report)
    took = time.perf_counter() - started
    assert len(reports) <= took / (0.012 / FRAMES_CPU_SHARE) + 1
    # Each frame plays a batch of the ticks due, not one tick a frame.
    assert reports[-1].ticks >= 10 * len(reports)
    assert done.ticks >= reports[-1].ticks


def test_autoplay_waits_for_its_frame_before_it_plays_on() -> None:
    """An undrawn report holds the run (at most DRAW_WAIT): fewer frames, never a queue of them."""
    engine = IterativeEngine(32)
    reports: list[Progress] = []
    cancelled = Event()
    Timer(0.3, cancelled.set).start()

    def report(progress: Progress) -> Event:
        reports.append(progress)
        return Event()  # never drawn

    done = autoplay(engine, lambda: 10_000, cancelled, report)
    assert DRAW_WAIT > 0.3
    assert len(reports) == 1  # in 0.3 s, about 9 when every frame is drawn at once
    assert done.ticks == reports[0].ticks  # nothing played while it waited


def test_a_run_to_a_solution_reports_again_once_its_frame_is_drawn() -> None:
    engine = IterativeEngine(14)
    seen: list[float] = []
    cancelled = Event()

    def report(progress: Progress) -> Event:
        seen.append(time.perf_counter())
        if len(seen) == 3:
            cancelled.set()
        drawn = Event()
        Timer(0.2, drawn.set).start()  # drawn 0.2 s later
        return drawn

    run_chunks(engine, Stop.SOLUTION, cancelled, report, frame=0.001)
    assert len(seen) == 3
    assert all(later - earlier >= 0.19 for earlier, later in pairwise(seen))
