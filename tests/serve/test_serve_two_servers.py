"""Two servers share one --server-data: behind one nginx (``hash $remote_user consistent``;
skipped where nginx is not installed) a student whose server stops finds her progress on the
other, and ``report --live`` reads both; the session a student left detached on one ends as
soon as she is on the other (``reason=moved``), one with nowhere else to be is kept."""

from __future__ import annotations

import json
from pathlib import Path

import aiohttp
import pytest

from tests.cli.clirun import run_cli
from tests.serve.proxy import nginx, nginx_before
from tests.serve.server import (
    PROXY_SECRET,
    Served,
    free_port,
    secret_file,
    serving,
    wait_until,
)
from tests.serve.tabs import open_tab
from tests.serve.test_serve_nginx import USERS, open_via
from tests.serve.test_serve_start_lines import as_proxy

pytestmark = pytest.mark.integration  # two real servers (behind a real proxy)


def holder(servers: list[Served], user: str) -> Served:
    """The server whose log has a session of ``user``."""
    found = [served for served in servers if f"user={user}" in served.log()]
    assert len(found) == 1, [served.log()[-500:] for served in servers]
    return found[0]


@pytest.mark.skipif(nginx() is None, reason="nginx is not installed")
async def test_two_servers_share_one_store_and_a_student_keeps_her_progress(
    tmp_path: Path,
) -> None:
    data = tmp_path / "served"
    port = free_port()
    options = (
        "--user-header", "X-Remote-User", "--proxy-secret-file", str(secret_file(tmp_path)),
        "--server-data", str(data), "--keep", "1", "--public-url", f"http://127.0.0.1:{port}",
    )  # fmt: skip
    with serving(*options) as first, serving(*options) as second:
        servers = [first, second]
        with nginx_before([first.port, second.port], USERS, port, PROXY_SECRET):
            async with aiohttp.ClientSession() as client:
                ada = await open_via(client, port, "ada")
                await ada.wait_for("tick 0")
                hers = holder(servers, "ada")
                again = await open_via(client, port, "ada")  # a second tab: the same server
                await again.wait_for("tick 0")
                assert len(hers.wait_sessions(2)) == 2
                assert "user=ada" not in next(s for s in servers if s is not hers).log()
                await ada.press("l", then="Pages:")
                await ada.press("\r", then="End of the page")  # the first lesson opens
                await ada.press("\r")  # its second page: where she is is saved
                await ada.wait_for("A queen per column")
                progress = data / "users" / "ada" / "data" / "queens-tutor" / "progress.json"
                where = data / "users" / "ada" / "state" / "queens-tutor" / "where.json"
                wait_until(  # her page in her progress and in where.json
                    lambda: (
                        '"page": 1' in (progress.read_text() if progress.exists() else "")
                        and '"page": 2' in (where.read_text() if where.exists() else "")
                    ),
                    "her place was not saved",
                )
                # report --live reads both servers' files in the one store.
                live = run_cli("report", "--live", "--format", "json", "--server-data", str(data))
                users = [session["user"] for session in json.loads(live.out)["sessions"]]
                assert users == ["ada", "ada"], live.err
                for tab in (ada, again):
                    await tab.socket.close()
                hers.stop()  # her server stops (a restart, a crash): nginx sends her on
                other = next(s for s in servers if s is not hers)
                back = await open_via(client, port, "ada")
                # On the other server, back in her lesson at her page, where she was.
                await back.wait_for("A queen per column")
                assert "user=ada" in other.wait_log("session start")
                await back.socket.close()
                assert len(list((data / "live").glob("*.json"))) == 1  # the stopped one's went


async def test_a_detached_session_ends_when_its_user_goes_on_elsewhere(tmp_path: Path) -> None:
    options = (
        "--user-header", "X-Remote-User", "--proxy-secret-file", str(secret_file(tmp_path)),
        "--server-data", str(tmp_path / "served"), "--keep", "10",
    )  # fmt: skip
    with serving(*options) as first, serving(*options) as second:
        async with aiohttp.ClientSession() as client:
            ada = await open_tab(client, first, as_proxy("ada"))
            bob = await open_tab(client, first, as_proxy("bob"))
            await ada.wait_for("tick 0")
            await bob.wait_for("tick 0")
            await ada.socket.close()
            await bob.socket.close()
            first.wait_log("session detach address=127.0.0.1 pid=", timeout=15)
            elsewhere = await open_tab(client, second, as_proxy("ada"), ready=True)
            line = first.wait_log("reason=moved", timeout=30)
            assert "user=ada" in line and "session end" in line
            await elsewhere.read_for(1.0)
            assert "user=bob reason" not in first.log()  # bob is nowhere else: kept
            assert len(first.sessions()) == 1
            await elsewhere.socket.close()
        assert "Traceback" not in first.log() + second.log()
