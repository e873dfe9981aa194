"""Squares tried per second while a run plays (lesson 9's "largest board in 30 s" needs it):
the engine's own count of candidates examined, over wall time."""

from __future__ import annotations

import re
from threading import Event

import pytest

from solver.methods.recursive.engine import RecursiveEngine
from solver.session.progress import Progress
from solver.session.runs import autoplay, run_chunks
from solver.stepping import Stop
from tests.tui.screen_text import lines, main_screen, pane, wait_for
from tui.app import QueensTutorApp


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


async def test_the_status_shows_squares_tried_per_second_while_a_run_plays() -> None:
    app = QueensTutorApp(28)  # the first solution is tens of millions of ticks away
    async with app.run_test(size=(80, 24)) as pilot:
        screen = main_screen(app)
        status = pane(app, "status")
        await pilot.press("s")
        # The run's first report: from the run's start the status says "0 ticks at 0/s" and
        # "squares tested: 0/s" until the worker has played its first chunk (a busy machine
        # delays that by seconds).
        first_report = re.compile(r"[1-9][\d,.]*[kM]? ticks? at")
        await wait_for(pilot, lambda: first_report.search("\n".join(lines(status))) is not None)
        await wait_for(pilot, lambda: "squares tested:" in "\n".join(lines(status)))
        text = "\n".join(lines(status))
        found = re.search(r"squares tested: ([\d.]+)([kM]?)/s", text)
        assert found is not None and float(found.group(1)) > 0
        await pilot.press("escape")
        await wait_for(pilot, lambda: not screen.running)
        assert "squares tested:" not in "\n".join(lines(status))  # the legend is back
