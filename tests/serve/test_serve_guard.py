"""``queens-tutor serve`` lets no stranger in: requests that name another site are refused
before any process starts, /static lists nothing, sessions get a minimal environment at a
lower priority, one address gets a few seats, and the admin's console logs it all."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from tests.serve.server import Served, plain, serving
from tests.serve.tabs import open_tab

pytestmark = pytest.mark.integration  # starts real servers and their session processes

SECRET = "QUEENS_TUTOR_TEST_SECRET"


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    # --keep 0: a closed tab's session ends at once (tests/serve/test_serve_sessions.py has
    # the sessions kept for a tab to come back to).
    # --trust-loopback: the test plays the reverse proxy from the loopback (X-Forwarded-For).
    with serving(
        "--seats-per-user", "2", "--keep", "0", "--trust-loopback", env={SECRET: "hunter2"}
    ) as served:
        yield served


def environment(pid: int) -> dict[str, str]:
    entries = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(entry.decode().split("=", 1) for entry in entries if entry)


def niceness(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])


async def test_a_foreign_origin_or_host_gets_403_and_no_process_and_a_session_is_fenced(
    served: Served,
) -> None:
    """A session's environment is minimal (no secret of the server's) and its priority lower."""
    own = f"http://127.0.0.1:{served.port}"
    async with aiohttp.ClientSession() as client:
        for headers in (
            {"Origin": "http://evil.example"},
            {"Origin": f"http://evil.example:{served.port}"},  # DNS rebinding, as the page sees it
            {"Origin": "null"},
            {"Host": f"evil.example:{served.port}", "Origin": f"http://evil.example:{served.port}"},
            {"Host": f"evil.example:{served.port}"},
        ):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await open_tab(client, served, headers)
            assert refused.value.status == 403, headers
        assert served.sessions() == []
        assert "reason=origin" in served.wait_log("origin=http://evil.example")
        async with client.get(served.url, headers={"Host": f"evil.example:{served.port}"}) as page:
            assert page.status == 403  # the page itself, for a rebound name
            assert "--public-url" in await page.text()  # a proxy's name: the admin's hint
        assert "hint=--public-url" in served.wait_log("reason=host")
        for origin in (own, f"http://localhost:{served.port}"):
            tab = await open_tab(client, served, {"Origin": origin}, ready=True)
            (pid,) = served.wait_sessions(1)
            seen = environment(pid)
            assert SECRET not in seen  # the server's environment has it
            assert seen["HOME"].startswith(str(served.home))
            assert seen["XDG_DATA_HOME"].startswith(seen["HOME"])
            assert seen["TEXTUAL_DRIVER"].endswith("WebDriver")  # textual-serve's own variables
            assert seen["COLUMNS"] == "100" and "PATH" in seen
            assert niceness(pid) == niceness(served.process.pid) + 10
            await tab.socket.close()
            served.wait_sessions(0)
            line = served.wait_log(f"session end address=127.0.0.1 pid={pid}")
            assert "reason=closed" in line
            assert f"session start address=127.0.0.1 pid={pid}" in served.log()


async def test_static_lists_no_folder(served: Served) -> None:
    async with aiohttp.ClientSession() as client:
        for folder in ("static/", "static/js/", "static/fonts"):
            async with client.get(served.url + folder) as answer:
                text = await answer.text()
                assert answer.status in (403, 404), folder
                assert "textual.js" not in text and "Index of" not in text
        async with client.get(served.url + "static/js/textual.js") as script:
            assert script.status == 200  # the files themselves are served


async def test_a_tutor_that_quits_or_dies_closes_its_tab(served: Served) -> None:
    async with aiohttp.ClientSession() as client:
        quitting = await open_tab(client, served, ready=True)
        (pid,) = served.wait_sessions(1)
        await quitting.press("q")  # no progress in the tab: it quits without asking
        await quitting.wait_closed(timeout=10)
        assert "reason=quit" in served.wait_log(f"session end address=127.0.0.1 pid={pid}")
        tab = await open_tab(client, served, ready=True)
        (pid,) = served.wait_sessions(1)
        os.kill(pid, signal.SIGKILL)  # as the kernel's out-of-memory killer would
        await tab.wait_closed(timeout=10)  # not left open and blank
        assert "reason=failed" in served.wait_log(f"session end address=127.0.0.1 pid={pid}")


async def test_one_address_gets_its_seats_and_no_more(served: Served) -> None:
    """Behind a reverse proxy on this machine, X-Forwarded-For names the student."""
    first = {"X-Forwarded-For": "192.0.2.1"}
    async with aiohttp.ClientSession() as client:
        seated = [await open_tab(client, served, first) for _ in range(2)]
        for tab in seated:
            await tab.wait_for("tick 0")
        started = time.monotonic()
        refused = await open_tab(client, served, first)
        await refused.wait_closed()  # at once: a refused tab holds nothing
        assert time.monotonic() - started < 5
        shown = plain(refused.output)
        assert "you have too many tabs of the tutor open" in shown
        assert "at most 2 tutor tabs at once" in shown
        assert len(served.sessions()) == 2
        assert "refused address=192.0.2.1 reason=seats" in served.log()
        other = await open_tab(client, served, {"X-Forwarded-For": "10.0.0.9, 192.0.2.2"})
        await other.wait_for("tick 0")  # another student's seat
        assert "session start address=192.0.2.2 pid=" in served.wait_log("address=192.0.2.2")
        local = await open_tab(client, served, ready=True)  # an SSH tunnel's: no seats counted
        for tab in (*seated, other, local):
            await tab.socket.close()
        served.wait_sessions(0)
    assert "Traceback" not in served.log()
