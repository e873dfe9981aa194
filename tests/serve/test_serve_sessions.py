"""``queens-tutor serve`` driven by websocket clients on loopback (what a browser tab does,
without the browser: tests/serve/test_browser.py has the real one): one process per tab with
its own data, the session limit, and nothing left after a tab closes or after SIGTERM."""

from __future__ import annotations

import asyncio
import io
import os
import signal
import time
from contextlib import redirect_stderr
from pathlib import Path

import aiohttp
import pytest

from tests.serve.server import plain, serving, until
from tests.serve.tabs import open_tab
from tui.serve.proxy import is_loopback

pytestmark = pytest.mark.integration  # starts real servers and their session processes


def homes(pids: list[int]) -> set[str]:
    found = set()
    for pid in pids:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
        found.add(argv[argv.index("--home") + 1])
    return found


async def test_each_tab_has_its_own_process_and_data_and_frees_it_and_sigterm_ends_all() -> None:
    with serving("--keep", "0") as served:  # a closed tab's session ends at once
        async with aiohttp.ClientSession() as client:
            first, second = await open_tab(client, served), await open_tab(client, served)
            await asyncio.gather(first.wait_for("tick 0"), second.wait_for("tick 0"))
            await first.press("   ")
            await first.wait_for("tick 3")
            await second.press(" ")
            await second.wait_for("tick 1")
            assert "tick 4" not in plain(second.output)
            pids = served.wait_sessions(2)
            folders = homes(pids)
            assert len(folders) == 2  # each its own data directory, made for it alone
            for folder in folders:
                assert os.stat(folder).st_mode & 0o077 == 0
                assert Path(folder).parent.stat().st_mode & 0o077 == 0
            await first.socket.close()
            served.wait_sessions(1)
            assert "reason=closed" in served.wait_log("session end", timeout=10)
            assert "session detach" not in served.log()  # --keep 0: nothing kept
            gone = folders - homes(served.sessions())
            # removed once the server has seen the process end
            await until(lambda: not any(Path(folder).exists() for folder in gone), gone, 10)
            await second.socket.close()
            served.wait_sessions(0)
            tabs = [await open_tab(client, served) for _ in range(3)]
            await asyncio.gather(*(tab.wait_for("tick 0") for tab in tabs))
            parent = Path(next(iter(homes(served.wait_sessions(3))))).parent
            started = time.monotonic()
            assert await asyncio.to_thread(served.stop) == 0
            assert time.monotonic() - started < 15
            assert served.sessions() == []
            assert not parent.exists()


async def test_a_tab_over_the_limit_is_told_and_gets_no_process() -> None:
    with serving("--max-sessions", "1", "--keep", "0") as served:
        async with aiohttp.ClientSession() as client:
            first = await open_tab(client, served)
            await first.wait_for("tick 0")
            refused = await open_tab(client, served)
            await refused.wait_for("this server is full")
            assert "at most 1 tutor session at once" in plain(refused.output)
            assert len(served.sessions()) == 1
            await first.socket.close()
            served.wait_sessions(0)
            served.wait_log("session end")  # its place is free once its end is logged
            await refused.socket.close()
            again = await open_tab(client, served)  # a free place again
            await again.wait_for("tick 0")


def test_only_the_loopback_is_loopback() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("lab.example.org")


def test_public_says_there_is_no_login(monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.cli.main import main
    from tui.serve import server as serve_server

    served: list[serve_server.TutorServer] = []
    monkeypatch.setattr(serve_server, "serve", served.append)  # no network in this test
    errors = io.StringIO()
    with redirect_stderr(errors):
        assert main(["serve", "--host", "192.0.2.7", "--public", "--port", "9999"]) == 0
    served[0].cleanup()
    assert "textual-serve has no login of its own" in errors.getvalue()
    assert "http://192.0.2.7:9999" in errors.getvalue()


async def test_a_killed_servers_sessions_end_and_its_folder_goes_at_the_next_start() -> None:
    """SIGKILL cleans nothing up: Linux tells the orphaned session to end, and the folder
    left in TMPDIR is removed by the next server's start."""
    with serving("--keep", "0") as killed:
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, killed)
            await tab.wait_for("tick 0")
            killed.wait_sessions(1)
            home = killed.home
            assert (home / "server.pid").read_text().strip() == str(killed.process.pid)
            killed.stop(signum=signal.SIGKILL)
            killed.wait_sessions(0, timeout=15)
        assert home.exists()
        with serving("--keep", "0", env={"TMPDIR": str(killed.scratch)}) as next_one:
            line = next_one.wait_log("reason=stale")
            assert f"removed folder={home}" in line
            assert not home.exists()
            assert len(list(killed.scratch.glob("queens-tutor-serve-*"))) == 1  # its own
