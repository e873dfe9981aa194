"""``queens-tutor serve --run-cpu``: a run in a served session stops after its CPU budget and
says so, and the session goes on (solver/session/runs.py; the server passes the budget to each
session, tui/serve/session.py)."""

from __future__ import annotations

from collections.abc import Iterator
from threading import Event

import aiohttp
import pytest

from solver.registry import make_engine
from solver.session.runs import (
    autoplay,
    run_budget,
    run_chunks,
    set_run_budget,
    when_budget_spent,
)
from solver.stepping import Mode, Stop
from tests.serve.server import serving
from tests.serve.tabs import open_tab
from tests.tui.screen_text import lines, main_screen, pane, wait_for
from tui.app import QueensTutorApp
from tui.serve.session import parse

pytestmark = pytest.mark.integration  # starts real servers and their session processes

BUDGET = 0.2


@pytest.fixture
def budget() -> Iterator[float]:
    set_run_budget(BUDGET)
    try:
        yield BUDGET
    finally:
        set_run_budget(None)


def test_the_session_reads_the_budget_from_its_command_line() -> None:
    args = parse(["--home", "/tmp/h", "--server-pid", "1", "--run-cpu", "2.5"])
    assert args.run_cpu == 2.5
    assert parse(["--home", "/tmp/h", "--server-pid", "1"]).run_cpu == 0.0


async def test_a_run_over_its_budget_pauses_says_so_and_the_tutor_goes_on(budget: float) -> None:
    app = QueensTutorApp(28, Mode.FIRST)  # its first solution is far beyond 0.2 s of CPU
    async with app.run_test(size=(160, 40), notifications=True) as pilot:
        screen = main_screen(app)
        await pilot.press("s")
        await wait_for(pilot, lambda: screen.session.snapshot.tick > 0)
        await wait_for(pilot, lambda: not screen.running, timeout=30)
        await pilot.pause(0.2)
        text = " ".join(" ".join(lines(pane(app, "status"))).split())  # the notice's place
        assert "Paused: this run used 0.2 s of processor time" in text
        first = screen.session.snapshot.tick
        assert first > 0 and screen.session.engine.solutions_found == 0
        await pilot.press("s")  # run again: a new budget
        await wait_for(pilot, lambda: screen.session.snapshot.tick > first)
        await wait_for(pilot, lambda: not screen.running, timeout=30)


def test_autoplay_and_runs_stop_at_the_budget_tell_its_listeners_and_not_without_one(
    budget: float,
) -> None:
    told: list[float] = []
    forget = when_budget_spent(told.append)
    try:
        engine = make_engine("recursive", 28, Mode.FIRST)
        played = autoplay(engine, lambda: 10**9, Event(), lambda _p: None)
        assert played.over_budget and played.ticks > 0
        assert run_chunks(engine, Stop.SOLUTION, Event(), lambda _p: None).over_budget
        assert told == [budget, budget]  # once per paused run
    finally:
        forget()
    set_run_budget(None)
    assert run_budget() is None
    small = make_engine("recursive", 6, Mode.FIRST)
    done = run_chunks(small, Stop.SOLUTION, Event(), lambda _p: None)
    assert not done.over_budget and small.solutions_found == 1


async def test_a_paused_run_of_a_served_tab_is_a_line_on_the_console() -> None:
    with serving("--run-cpu", "0.001", "--keep", "0") as served:
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, served)
            await tab.wait_for("tick 0")
            await tab.press("]" * 12)  # n = 20: its first solution is some 200,000 ticks away
            await tab.wait_for("n = 20")
            await tab.press("s")
            await tab.wait_for("Paused")
            line = served.wait_log("run paused")
            (pid,) = served.sessions()
            assert f"pid={pid}" in line and "cpu=0.001" in line
            await tab.socket.close()
