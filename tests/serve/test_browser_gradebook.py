"""A course by dates on a real server, in headless Chromium and by ``report``: one student on
time, one late; the teacher's page and its csv grade both as ``report --gradebook`` does, and
an extension given without a restart counts him on time everywhere. Skipped without chromium,
its driver or selenium."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import aiohttp
import pytest

from lessons.progress.records import Completion, LessonRecord, QuestionRecord
from lessons.progress.store import ProgressStore
from tests.serve.browser import Browser, available, chromium
from tests.serve.server import secret_file, serving
from tests.serve.tabs import open_tab
from tests.serve.test_browser_teacher import as_proxy, page_text, wait_page
from tui.serve.users import UserStore

pytestmark = [
    pytest.mark.integration,  # a real browser in front of a real server
    pytest.mark.skipif(available() is not None, reason=str(available())),
]

LESSON = """\
@lesson dated
@title A lesson with a due date

@quiz Quiz
@question number
prompt: How many solutions has n = 4?
answer: 2
@end
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as browser:
        yield browser


def on_time(store: Path, user: str, due: datetime) -> None:
    """``user``'s progress on the server: the lesson done an hour before ``due``."""
    users = UserStore(store)
    users.prepare()
    home = users.home(user)
    at = (due - timedelta(hours=1)).timestamp()
    record = LessonRecord(completed=True, best_score=1, max_score=1, runs=1, updated=at)
    record.answers = {"0.0": QuestionRecord(True, 1, scored=True, points=1, at=at)}
    record.completions = [Completion(at, 1)]
    saved = ProgressStore(home / "data" / "queens-tutor" / "progress.json")
    assert saved.save("dated", record), saved.warnings


def gradebook_rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


async def csv_of(url: str, teacher: str) -> list[list[str]]:
    async with aiohttp.ClientSession() as client:
        response = await client.get(f"{url}teacher/gradebook.csv", headers=as_proxy(teacher))
        assert response.status == 200
        assert "attachment" in response.headers["Content-Disposition"]
        return gradebook_rows(await response.text())


def report(store: Path, course: Path) -> str:
    result = subprocess.run(
        [
            *(sys.executable, "-m", "tui", "report", "--gradebook", "--format", "csv"),
            *("--server-data", str(store), "--lessons-dir", str(course), "--only-course"),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "LC_MESSAGES": "C"},
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


async def test_a_course_by_dates_in_the_gradebook_and_an_extension_without_restart(
    browser: Browser, tmp_path: Path
) -> None:
    course = tmp_path / "course"
    course.mkdir()
    (course / "10-dated.md").write_text(LESSON, encoding="utf-8")
    due = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=1)
    (course / "course.toml").write_text(
        '[[assignment]]\nid = "week1"\ntitle = "Week 1"\nlessons = ["dated"]\n'
        f'due = "{due.isoformat()}"\nlate_credit = 0.5\n',
        encoding="utf-8",
    )
    store = tmp_path / "served"
    on_time(store, "ada", due)
    options = (
        "--user-header", "X-Remote-User", "--proxy-secret-file", str(secret_file(tmp_path)),
        "--server-data", str(store), "--teacher", "tina",
        "--lessons-dir", str(course), "--only-course",
    )  # fmt: skip
    with serving(*options) as served:
        async with aiohttp.ClientSession() as client:
            bob = await open_tab(client, served, as_proxy("bob"))
            await bob.wait_for("tick 0")
            await bob.press("l")
            await bob.wait_for("overdue since")
            await bob.press("\r")  # the lesson opens: his work is kept, and counts late
            await bob.wait_for("This lesson was due")
            await bob.wait_for("How many solutions")
            await bob.press("2\r")
            await bob.read_for(1.5)
            # The teacher's page: ada on time, bob late at half the points.
            driver = browser.driver
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": as_proxy("tina")})
            page_text(browser, f"{served.url}teacher")
            text = wait_page(browser, "bob bob 0.5/1 late")
            assert "ada ada 1/1 on time" in text
            assert "Download this server's gradebook (CSV for Moodle)" in text
            assert ["ada", "", "", "ada", "", "1", "on-time"] in await csv_of(served.url, "tina")
            assert ["bob", "", "", "bob", "", "0.5", "late"] in await csv_of(served.url, "tina")
            late = ["bob", "", "", "bob", "", "0.5", "late"]
            assert late in gradebook_rows(report(store, course))
            # Two more days for bob, while the server runs.
            later = (datetime.now().astimezone() + timedelta(days=2)).replace(microsecond=0)
            (course / "extensions.toml").write_text(
                f'[[extension]]\nstudent = "bob"\nassignment = "week1"\n'
                f'due = "{later.isoformat()}"\n',
                encoding="utf-8",
            )
            wait_page(browser, "bob bob 1/1 on time")  # at the page's next refresh
            assert ["bob", "", "", "bob", "", "1", "on-time"] in await csv_of(served.url, "tina")
            extended = ["bob", "", "", "bob", "", "1", "on-time"]
            assert extended in gradebook_rows(report(store, course))
            await bob.press("l")  # back to his lesson menu, drawn again
            await bob.wait_for("handed in on time")
            await bob.socket.close()
        driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {}})
        assert "Traceback" not in served.log()
