"""``serve --teacher USER``'s page in headless Chromium, the browser playing the proxy: where
each student is, who is stuck, a move followed within its refresh, refused to a student; a
course by dates graded on time and late as ``report --gradebook`` does, and an extension that
counts without a restart. Skipped without chromium, its driver or selenium."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

import aiohttp
import pytest

from lessons.progress.records import Completion, LessonRecord, QuestionRecord
from lessons.progress.store import ProgressStore
from tests.cli.course_kit import course_folder, course_toml
from tests.serve.browser import Browser, available
from tests.serve.server import secret_file, serving
from tests.serve.tabs import open_tab
from tests.serve.test_serve_start_lines import as_proxy
from tui.serve.users import UserStore

pytestmark = [
    pytest.mark.integration,  # a real browser or proxy in front of real servers
    pytest.mark.skipif(available() is not None, reason=str(available())),
]

LESSON = """\
@lesson stuck-demo
@title A lesson to get stuck in

@page Reading
Some text first.

@page Counting
@question number
prompt: How many solutions has n = 4?
answer: 2
@end
"""

DATED = """\
@lesson dated
@title A lesson with a due date

@quiz Quiz
@question number
prompt: How many solutions has n = 4?
answer: 2
@end
"""


def page_text(browser: Browser, url: str) -> str:
    from selenium.webdriver.common.by import By

    browser.driver.get(url)
    return str(browser.driver.find_element(By.TAG_NAME, "body").text)


def wait_page(browser: Browser, words: str, timeout: float = 20.0) -> str:
    """Wait, without reloading, until the page (refreshing itself) shows ``words``."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By

    deadline = time.monotonic() + timeout
    while True:
        try:
            text = str(browser.driver.find_element(By.TAG_NAME, "body").text)
        except WebDriverException:
            # the page is being reloaded: look again (the element is gone, or stale, or, as
            # Chromium 156 says it, "Node with given id does not belong to the document")
            text = ""
        if words in text:
            return text
        if time.monotonic() > deadline:
            raise AssertionError(f"{words!r} never on the teacher's page: {text[-800:]!r}")
        time.sleep(0.2)


async def test_the_teacher_sees_where_students_are_and_who_is_stuck(
    browser: Browser, tmp_path: Path
) -> None:
    lessons = tmp_path / "course"
    lessons.mkdir()
    (lessons / "10-stuck.md").write_text(LESSON, encoding="utf-8")
    options = (
        "--user-header", "X-Remote-User", "--proxy-secret-file", str(secret_file(tmp_path)),
        "--server-data", str(tmp_path / "served"), "--teacher", "tina",
        "--lessons-dir", str(lessons), "--only-course",
    )  # fmt: skip
    with serving(*options) as served:
        driver = browser.driver
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": as_proxy("ada")})
        assert "for the teachers of this server only" in page_text(browser, f"{served.url}teacher")
        assert "reason=teacher" in served.wait_log("reason=teacher")
        driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": as_proxy("tina")})
        async with aiohttp.ClientSession() as client:
            ada = await open_tab(client, served, as_proxy("ada"), ready=True)
            await ada.press("l", then="A lesson to get stuck in")
            await ada.press("\r")  # the course's only lesson: its first page
            await ada.wait_for("Some text first")
            page_text(browser, f"{served.url}teacher")
            text = wait_page(browser, "A lesson to get stuck in, page 1")
            assert "1 session now, 0 stuck on a question" in text and "ada" in text
            # She moves on and answers wrong: the page shows it by itself, within its refresh.
            await ada.press("n", then="How many solutions")
            await ada.press("5\r")
            await ada.read_for(1.0)
            text = wait_page(browser, "question 1: 1 attempt, the last under a minute ago")
            assert "A lesson to get stuck in, page 2" in text and "1 stuck on a question" in text
            assert "Questions of A lesson to get stuck in (stuck-demo)" in text
            await ada.socket.close()
        driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {}})
        assert "Traceback" not in served.log()


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
    argv = ["report", "--gradebook", "--format", "csv", "--server-data", str(store)]
    argv += ["--lessons-dir", str(course), "--only-course"]
    env = {**os.environ, "LC_MESSAGES": "C"}
    result = subprocess.run([sys.executable, "-m", "tui", *argv], capture_output=True, text=True,
                            env=env, timeout=120)  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout


async def test_a_course_by_dates_in_the_gradebook_and_an_extension_without_restart(
    browser: Browser, tmp_path: Path
) -> None:
    due = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=1)
    toml = course_toml(due.isoformat(), "dated")
    course = course_folder(tmp_path / "course", toml, "dated", first=10, lesson=DATED)
    store = tmp_path / "served"
    on_time(store, "ada", due)
    options = (
        "--user-header", "X-Remote-User", "--proxy-secret-file", str(secret_file(tmp_path)),
        "--server-data", str(store), "--teacher", "tina",
        "--lessons-dir", str(course), "--only-course",
    )  # fmt: skip
    with serving(*options) as served:
        async with aiohttp.ClientSession() as client:
            bob = await open_tab(client, served, as_proxy("bob"), ready=True)
            await bob.press("l", then="overdue since")
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
            late = ["bob", "", "", "bob", "", "0.5", "late"]
            rows = await csv_of(served.url, "tina")
            assert ["ada", "", "", "ada", "", "1", "on-time"] in rows and late in rows
            assert late in gradebook_rows(report(store, course))
            # Two more days for bob, while the server runs.
            later = (datetime.now().astimezone() + timedelta(days=2)).replace(microsecond=0)
            (course / "extensions.toml").write_text(
                f'[[extension]]\nstudent = "bob"\nassignment = "week1"\n'
                f'due = "{later.isoformat()}"\n',
                encoding="utf-8",
            )
            wait_page(browser, "bob bob 1/1 on time")  # at the page's next refresh
            extended = ["bob", "", "", "bob", "", "1", "on-time"]
            assert extended in await csv_of(served.url, "tina")
            assert extended in gradebook_rows(report(store, course))
            await bob.press("l", then="handed in on time")  # back to his lesson menu, drawn again
            await bob.socket.close()
        driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {}})
        assert "Traceback" not in served.log()
