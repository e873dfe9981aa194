"""Squares tried per second while a run plays: the engine's own count of candidates examined,
over wall time (the status line shows it: tests/tui/test_runs.py)."""

from __future__ import annotations

from threading import Event

import pytest

from solver.methods.recursive.engine import RecursiveEngine
from solver.session.progress import Progress
from solver.session.runs import autoplay, run_chunks
from solver.stepping import Stop


def test_the_rate_is_the_engine_s_examined_count_over_the_same_time() -> None:
    engine = RecursiveEngine(28)  # its first solution is far: the run is cancelled
    engine.run(max_ticks=50)
    before = engine.examined
    reports: list[Progress] = []
    cancelled = Event()

    def report(progress: Progress) -> None:
        reports.append(progress)
        if len(reports) == 3:
            cancelled.set()

    final = run_chunks(engine, Stop.SOLUTION, cancelled, report, frame=0.001)
    # ticks / s and squares / s share their wall time: their ratio is the engine's own.
    assert final.tried / final.rate == pytest.approx((engine.examined - before) / final.ticks)
    assert 0 < final.tried < final.rate  # fewer squares than ticks: the recursion's calls
    assert reports and all(p.tried > 0 for p in reports)


def test_autoplay_reports_the_rate_too() -> None:
    engine = RecursiveEngine(5)
    final = autoplay(engine, lambda: 100_000, Event(), lambda p: None, frame=0.001)
    assert final.tried / final.rate == pytest.approx(engine.examined / engine.tick)
