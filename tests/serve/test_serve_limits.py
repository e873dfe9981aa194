"""``queens-tutor serve`` for a class: an idle tab's tutor stops and the tab says why, a stop
signal is its exit status (SIGHUP and SIGTERM clean, Ctrl-C 130), running out of file
descriptors is one line in its log, the lessons it serves are checked at start, and with
``--run-cpu`` a run in a served session stops after its CPU budget and says so, and the session
goes on (solver/session/runs.py; the server passes the budget to each session,
tui/serve/session.py)."""

from __future__ import annotations

import asyncio
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
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
from tests.serve.server import plain, serving, session_processes
from tests.serve.tabs import open_tab
from tests.tui.screen_text import lines, main_opened, pane, wait_for
from tui.app import QueensTutorApp
from tui.serve.session import parse

pytestmark = pytest.mark.integration  # starts real servers and their session processes

GOOD = (
    "@lesson extra\n@title An extra lesson\n\n@page One\nText.\n@board n=4\n@step\n@expect k = 1\n"
)
BROKEN = "@lesson broken\n@title Broken\n\n@page One\n@board n=4\n@expect k = 3\n"


async def test_an_idle_tab_is_told_why_its_tutor_stopped() -> None:
    # 60 s: a session drew its first frame 35 s after its tab opened here beside eight busy
    # processes, and the idle time runs from the tab's opening until its first key
    with serving("--idle-timeout", "1") as served:
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, served, ready=True)
            (pid,) = await tab.while_reading(lambda: served.wait_sessions(1))
            pressed = time.monotonic()
            await tab.press(" ")  # a key: the idle time starts again
            await tab.wait_closed(timeout=180)
            # Not before 60 s after the key (the tutor may draw tick 1 late: sessions run at a
            # lower priority, and a busy machine starves them; the key still counts).
            assert time.monotonic() - pressed >= 60 - 0.5
            shown = plain(tab.output)
            assert "this session has ended" in shown
            assert "No key was pressed in this tab for 1 min" in shown
            served.wait_sessions(0)
            line = served.wait_log(f"session end address=127.0.0.1 pid={pid}")
            assert "reason=idle" in line


@pytest.mark.parametrize(
    ("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 0), (signal.SIGHUP, 0)]
)
async def test_a_stop_signal_is_the_exit_status_and_leaves_nothing(
    tmp_path: Path, signum: signal.Signals, status: int
) -> None:
    """Ctrl-C exits 130, as a shell reports it (the README says so); SIGTERM, a service
    manager's stop, and SIGHUP are a clean 0; no traceback, no session or folder left."""
    with serving("--server-data", str(tmp_path / "served")) as served:
        async with aiohttp.ClientSession() as client:
            tabs = [await open_tab(client, served) for _ in range(2)]
            await asyncio.gather(*(tab.wait_for("tick 0") for tab in tabs))
            served.wait_sessions(2)
            home = served.home
            assert await asyncio.to_thread(served.stop, 30.0, signum) == status
            assert "Traceback" not in served.log() + served.output()
            assert session_processes(served.process.pid) == []
            assert not home.exists()
            assert served.log().count("reason=stopped") == 2


def test_out_of_file_descriptors_is_one_line_in_the_log_and_nohup_ignores_sighup() -> None:
    with serving(max_files=64, nohup=True) as served:
        served.process.send_signal(signal.SIGHUP)
        with pytest.raises(subprocess.TimeoutExpired):
            served.process.wait(1.5)
        held = []
        try:
            for _ in range(80):  # more connections than the server can take
                held.append(socket.create_connection(("127.0.0.1", served.port), timeout=2))
            served.wait_log("cannot accept connections")
            time.sleep(2.5)  # asyncio retries each second, a hundred failed accepts each time
        finally:
            for connection in held:
                connection.close()
        log = served.log()
        assert log.count("cannot accept connections: Too many open files") == 1
        assert "Traceback" not in log and served.process.poll() is None
        assert served.stop() == 0  # SIGTERM still stops it


@pytest.mark.parametrize("start_in", ["extra", None])
async def test_lessons_are_checked_at_start_and_their_problems_kept_from_tabs(
    tmp_path: Path, start_in: str | None
) -> None:
    (tmp_path / "10-extra.md").write_text(GOOD)
    (tmp_path / "11-broken.md").write_text(BROKEN)
    lesson = ["--lesson", start_in] if start_in else []
    with serving("--lessons-dir", str(tmp_path), *lesson) as served:
        line = served.wait_log("lessons: ")
        assert f"{tmp_path / '11-broken.md'}:6: expected k = 3" in line
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, served)
            if start_in:
                await tab.wait_for("Text.")  # started in the lesson: its first page
                await tab.press("\x1b")  # back to the lesson menu
            else:
                await tab.wait_for("tick 0")
                await tab.press("l")  # the lessons load now, and their menu opens
            await tab.wait_for("An extra lesson")  # in the menu, where notices show
            await tab.read_for(1.5)
            assert "An extra lesson" in plain(tab.output)
            assert "11-broken" not in plain(tab.output)
            assert str(tmp_path) not in plain(tab.output)


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
    async with main_opened(app, (160, 40), notifications=True) as (pilot, screen):
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
            tab = await open_tab(client, served, ready=True)
            await tab.press("]" * 12)  # n = 20: its first solution is some 200,000 ticks away
            await tab.wait_for("n = 20")
            await tab.press("s", then="Paused")
            line = served.wait_log("run paused")
            (pid,) = served.sessions()
            assert f"pid={pid}" in line and "cpu=0.001" in line
            await tab.socket.close()
