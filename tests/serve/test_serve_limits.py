"""``queens-tutor serve`` for a class: an idle tab's tutor stops and the tab says why, a stop
signal is its exit status (SIGHUP and SIGTERM clean, Ctrl-C 130), running out of file
descriptors is one line in its log, and the lessons it serves are checked at start."""

from __future__ import annotations

import asyncio
import signal
import socket
import subprocess
import time
from pathlib import Path

import aiohttp
import pytest

from tests.serve.server import plain, serving, session_processes
from tests.serve.tabs import open_tab

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
            tab = await open_tab(client, served)
            await tab.wait_for("tick 0")
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
