"""``report --live`` on a real server: a student with two tabs, one in a lesson and one on the
board, is shown in both places (each tab writes where it is in its own file; the server's live
file names each tab's session), and a tab's file goes with its session."""

from __future__ import annotations

import json
import time
from pathlib import Path

import aiohttp
import pytest

from tests.cli.clirun import run_cli
from tests.serve.server import PROXY_SECRET, secret_file, serving
from tests.serve.tabs import open_tab
from tui.serve.proxy import SECRET_HEADER

pytestmark = pytest.mark.integration  # a real server and its session processes

ADA = {"X-Remote-User": "ada", SECRET_HEADER: PROXY_SECRET}


def places(store: Path) -> list[tuple[str | None, int | None]]:
    result = run_cli("report", "--live", "--server-data", str(store), "--format", "json")
    return sorted(
        ((s["screen"], s["page"]) for s in json.loads(result.out)["sessions"]),
        key=lambda place: (place[0] or "", place[1] or 0),
    )


async def test_two_tabs_of_one_student_are_each_shown_where_they_are(tmp_path: Path) -> None:
    store = tmp_path / "served"
    options = (
        "--user-header", "X-Remote-User", "--proxy-secret-file", str(secret_file(tmp_path)),
        "--server-data", str(store), "--keep", "0",
    )  # fmt: skip
    with serving(*options) as served:
        async with aiohttp.ClientSession() as client:
            board = await open_tab(client, served, ADA)
            lesson = await open_tab(client, served, ADA)
            await board.wait_for("tick 0")
            await lesson.wait_for("tick 0")
            await lesson.press("l")
            await lesson.wait_for("Pages:")
            await lesson.press("\r")  # the first lesson, its first page
            deadline = time.monotonic() + 20
            while places(store) != [("lesson", 1), ("main", None)]:
                assert time.monotonic() < deadline, places(store)
                time.sleep(0.3)
            tabs = store / "users" / "ada" / "state" / "queens-tutor" / "where"
            assert len(list(tabs.glob("session-*.json"))) == 2
            await lesson.socket.close()
            deadline = time.monotonic() + 20
            while len(list(tabs.glob("session-*.json"))) != 1:
                assert time.monotonic() < deadline, "a closed tab's where file stayed"
                time.sleep(0.2)
            await board.socket.close()
