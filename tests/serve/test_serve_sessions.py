"""``queens-tutor serve`` driven by websocket clients on loopback (what a browser tab does,
without the browser: tests/serve/test_browser.py has the real one): one process per tab with
its own data, the session limit, and nothing left after a tab closes or after SIGTERM. A
session outlives its connection for ``--keep`` minutes: a tab that comes back with its key
finds its tutor where it was, another key or none gets its own, and a session not come back
for is ended; an anonymous session's progress is told to the page, and the live file
(DIR/live/SERVER.json) lists the sessions."""

from __future__ import annotations

import asyncio
import io
import json
import os
import signal
import time
from contextlib import redirect_stderr
from pathlib import Path

import aiohttp
import pytest

from tests.serve.server import Served, plain, serving, until, wait_until
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
            await first.press("   ", then="tick 3")
            await second.press(" ", then="tick 1")
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
            first = await open_tab(client, served, ready=True)
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


def live(served: Served) -> list[dict[str, object]]:
    """The sessions the server's live file (under its scratch folder) lists."""
    folder = served.scratch / "xdg_data_home" / "queens-tutor" / "served" / "live"
    (path,) = folder.glob(f"*-{served.process.pid}.json")
    record = json.loads(path.read_text())
    assert record["schema"] == 1 and record["server"] == path.stem
    assert abs(record["updated"] - time.time()) < 120
    sessions = record["sessions"]
    assert isinstance(sessions, list)
    return sessions


def wait_live(served: Served, states: list[str], timeout: float = 15.0) -> list[dict[str, object]]:
    def found() -> tuple[list[dict[str, object]]] | None:
        sessions = live(served)
        return (sessions,) if [session["state"] for session in sessions] == states else None

    said = lambda: f"the live file lists {live(served)}, not {states}"  # noqa: E731
    return wait_until(found, said, timeout)[0]


async def test_a_tab_that_comes_back_with_its_key_finds_its_tutor_where_it_was() -> None:
    """Its key brings a tab back to its tutor (another key gets its own); the same key in a
    second connection (back before the old one closed) takes the session over, the old one
    told so and closed for good; a session holding progress tells its page to ask first."""
    with serving("--keep", "1") as served:
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, served, ready=True)
            await tab.press("   ", then="tick 3")
            (pid,) = served.wait_sessions(1)
            (session,) = wait_live(served, ["connected"])
            assert session["pid"] == pid and session["user"] is None
            assert session["address"] == "127.0.0.1"
            key = tab.key
            assert len(key) >= 43  # 256 random bits
            await tab.socket.close()
            assert f"pid={pid}" in served.wait_log("session detach")
            wait_live(served, ["detached"])
            assert served.sessions() == [pid]  # still running, with nobody to show it to

            back = await open_tab(client, served, key=key)  # the same size: no resize
            await back.wait_for("tick 3")  # the whole screen again, not only what changes:
            await back.wait_for("space Tick")  # the key bar, which has not changed
            assert "\x1b[?1000h" in back.output  # the new terminal reports the mouse
            await back.press(" ", then="tick 4")
            assert served.sessions() == [pid]
            line = served.wait_log("session reattach")
            assert f"session reattach address=127.0.0.1 pid={pid}" in line
            wait_live(served, ["connected"])
            assert back.key == key

            other = await open_tab(client, served, key=key[:-1] + ("A" if key[-1] != "A" else "B"))
            await other.wait_for("tick 0")  # a wrong key: a tutor of its own
            assert other.key != key
            assert len(served.wait_sessions(2)) == 2
            await back.read_for(0.5)
            assert not back.socket.closed
            again = await open_tab(client, served, key=key)
            await again.wait_for("tick 4")
            await back.wait_closed()
            assert "now open in another tab" in plain(back.output)
            assert back.said["ended"] == "elsewhere"
            assert len(served.sessions()) == 2
            await again.press(" ", then="tick 5")
            for each in (again, other):
                await each.socket.close()
            # Opening a lesson saves where the student is: the page is told to ask before it
            # closes, and told again after coming back.
            tab = await open_tab(client, served, ready=True)
            await tab.read_for(2)
            assert "unsaved" not in tab.said
            await tab.press("l", then="Pages:")  # the lesson menu
            await tab.press("\r")
            deadline = time.monotonic() + 15
            while "unsaved" not in tab.said:
                assert time.monotonic() < deadline, tab.said
                await tab.read_for(0.2)
            assert tab.said["unsaved"] is True
            await tab.socket.close()
            back = await open_tab(client, served, key=tab.key)
            await back.read_for(1)
            assert back.said.get("unsaved") is True
            await back.socket.close()
        assert "Traceback" not in served.log()


async def test_a_session_not_come_back_to_ends_after_keep() -> None:
    with serving("--keep", "0.05") as served:  # 3 s
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, served, ready=True)
            (pid,) = served.wait_sessions(1)
            await tab.socket.close()
            started = time.monotonic()
            line = served.wait_log("session end")
            assert time.monotonic() - started > 2
            assert f"pid={pid}" in line and "reason=kept" in line
            served.wait_sessions(0)
            wait_live(served, [])
            late = await open_tab(client, served, key=tab.key, ready=True)  # too late: a new tutor
            assert late.key != tab.key
            await late.socket.close()


async def test_a_classmates_new_tab_never_ends_a_detached_session() -> None:
    """Behind one address (a classroom's network, no login), a student closes her tab and a
    classmate opens one: the classmate is told the address's places are taken, her tutor
    keeps running, and her browser's next tab (it brings her last key) gets it back."""
    here = {"X-Forwarded-For": "192.0.2.7"}
    with serving("--keep", "1", "--seats-per-user", "1", "--trust-loopback") as served:
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, served, here, ready=True)
            (old,) = served.wait_sessions(1)
            await tab.press(" ", then="tick 1")
            await tab.socket.close()
            served.wait_log("session detach")
            classmate = await open_tab(client, served, here)
            await classmate.wait_closed()
            shown = plain(classmate.output)
            assert "too many tabs" in shown and "each address at most 1 tutor tab" in shown
            assert "keeps its place" in shown and "same address" in shown
            assert "refused address=192.0.2.7 reason=seats" in served.wait_log("reason=seats")
            assert served.sessions() == [old] and "reason=replaced" not in served.log()
            # Her browser's new tab: the last key, good only for a session no tab shows.
            back = await open_tab(client, served, here, recent=tab.key)
            await back.wait_for("tick 1")
            assert f"pid={old}" in served.wait_log("session reattach")
            stolen = await open_tab(client, served, here, recent=tab.key)
            await stolen.wait_closed()  # shown in a tab now: not taken from it
            assert "too many tabs" in plain(stolen.output)
            await back.press(" ", then="tick 2")  # still hers
            await back.socket.close()


async def test_a_class_of_five_behind_one_address_keeps_every_tutor() -> None:
    """Five students behind one address with five places: each closes and reopens in turn,
    and no tutor is ended by another's tab."""
    here = {"X-Forwarded-For": "192.0.2.8"}
    with serving("--keep", "1", "--seats-per-user", "5", "--trust-loopback") as served:
        async with aiohttp.ClientSession() as client:
            tabs = [await open_tab(client, served, here) for _ in range(5)]
            for tab in tabs:
                await tab.wait_for("tick 0")
            pids = sorted(served.wait_sessions(5))
            for tab in tabs:
                await tab.socket.close()
            served.wait_log("session detach")
            sixth = await open_tab(client, served, here)
            await sixth.wait_closed()
            assert "too many tabs" in plain(sixth.output)
            again = [await open_tab(client, served, here, recent=tab.key) for tab in tabs]
            for tab in again:
                await tab.wait_for("tick 0")
            assert sorted(served.sessions()) == pids
            assert "session end" not in served.log()
            for tab in again:
                await tab.socket.close()
