"""The worker's loops, without a screen: chunks, reports, cancel, pacing."""

from __future__ import annotations

from threading import Event, Timer

from solver.iterative import IterativeEngine, Stop
from tui.run_loop import Progress, autoplay, run_chunks


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


def test_autoplay_plays_to_the_end_and_reads_the_speed_each_frame() -> None:
    # 1 tick a second at first, then 100,000: the search ends in time only if the speed is
    # read again after the first frame (however late that frame comes on a busy machine).
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


def test_autoplay_cancelled_before_it_starts_plays_nothing() -> None:
    cancelled = Event()
    cancelled.set()
    engine = IterativeEngine(6)
    assert autoplay(engine, lambda: 10, cancelled, lambda p: None).ticks == 0
    assert engine.tick == 0
