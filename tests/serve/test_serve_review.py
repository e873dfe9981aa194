"""A review in a browser tab for a named user: ``serve --user-header`` starts a
real session process for her; her progress file on the server, with questions she missed days
ago, gives the lesson menu's first line; she opens the review and answers; each outcome lands
in her progress file on the server at once, and the teacher's ``report --students
--server-data`` shows it apart from the lesson scores."""

from __future__ import annotations

import json
import time
from pathlib import Path

import aiohttp
import pytest

from lessons.progress.store import ProgressStore
from tests.cli.clirun import run_cli
from tests.serve.server import serving
from tests.serve.tabs import open_tab
from tests.serve.test_serve_users import as_user, behind_proxy
from tests.unit.lessons.review_progress import miss

pytestmark = pytest.mark.integration  # a real server and its session process


async def test_a_named_user_reviews_in_the_browser(tmp_path: Path) -> None:
    data = tmp_path / "served"
    with serving(*behind_proxy(tmp_path), "--server-data", str(data)) as served:
        async with aiohttp.ClientSession() as client:
            ada = await open_tab(client, served, as_user("ada"))
            await ada.wait_for("tick 0")
            progress = data / "users" / "ada" / "data" / "queens-tutor" / "progress.json"
            days_ago = time.time() - 3 * 86_400
            store = ProgressStore(progress)  # what her tutor has kept from lessons 4 and 7
            miss(store, "diagonals", ["0.0"], when=days_ago)
            miss(store, "symmetry", ["1.0"], when=days_ago)
            await ada.press("l")
            await ada.wait_for("Review: 2 questions due")
            await ada.press("\r")  # the review's line: the cursor is on it (it is due)
            await ada.wait_for("Review: symmetries of a solution (1/2)")
            await ada.press("\x1bOR")  # f3: the answer shown (missed)
            await ada.wait_for("The answer:")
            await ada.press("\r")
            await ada.wait_for("Review: same diagonal (2/2)")
            deadline = time.monotonic() + 15
            while len(ProgressStore(progress).review.outcomes) < 1:
                assert time.monotonic() < deadline, "the outcome was not saved"
                time.sleep(0.1)
            await ada.socket.close()
        assert "Traceback" not in served.log()
    saved = json.loads(progress.read_text())
    assert [(o["kind"], o["right"], o["revealed"]) for o in saved["review"]["outcomes"]] == [
        ("orbit", False, True)
    ]
    assert saved["lessons"]["diagonals"]["answers"]["0.0"]["attempts"] == 2  # kept beside
    report = run_cli("report", "--students", "--server-data", str(data))
    assert report.status == 0, report.err
    assert "Reviews (apart from the lesson scores)" in report.out
    assert "orbit" in report.out and "missed: answer shown" in report.out
