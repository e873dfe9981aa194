"""``serve --teacher USER``'s page in headless Chromium, the browser playing the proxy: where
each student is, who is stuck, a move followed within its refresh, refused to a student.
Skipped without chromium, its driver or selenium."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from tests.serve.browser import Browser, available, chromium
from tests.serve.server import PROXY_SECRET, secret_file, serving
from tests.serve.tabs import open_tab
from tui.serve.proxy import SECRET_HEADER

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


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as browser:
        yield browser


def as_proxy(user: str) -> dict[str, str]:
    return {"X-Remote-User": user, SECRET_HEADER: PROXY_SECRET}


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
            ada = await open_tab(client, served, as_proxy("ada"))
            await ada.wait_for("tick 0")
            await ada.press("l")
            await ada.wait_for("A lesson to get stuck in")
            await ada.press("\r")  # the course's only lesson: its first page
            await ada.wait_for("Some text first")
            page_text(browser, f"{served.url}teacher")
            text = wait_page(browser, "A lesson to get stuck in, page 1")
            assert "1 session now, 0 stuck on a question" in text and "ada" in text
            # She moves on and answers wrong: the page shows it by itself, within its refresh.
            await ada.press("n")
            await ada.wait_for("How many solutions")
            await ada.press("5\r")
            await ada.read_for(1.0)
            text = wait_page(browser, "question 1: 1 attempt, the last under a minute ago")
            assert "A lesson to get stuck in, page 2" in text and "1 stuck on a question" in text
            assert "Questions of A lesson to get stuck in (stuck-demo)" in text
            await ada.socket.close()
        driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {}})
        assert "Traceback" not in served.log()
