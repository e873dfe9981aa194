"""``queens-tutor serve`` in a real browser: headless Chromium (Debian's) through Selenium.

Skipped when chromium, its driver or selenium is missing here; CI installs them (.ci/run).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tests.serve.browser import Browser, available, chromium
from tests.serve.server import Served, serving

pytestmark = pytest.mark.skipif(available() is not None, reason=str(available()))

MANY = 20


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as browser:
        yield browser


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    with serving("--max-sessions", "25") as served:
        yield served


def test_the_board_and_a_tick_and_two_independent_tabs(browser: Browser, served: Served) -> None:
    driver = browser.driver
    home = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(served.url)
    first = browser.wait_for("tick 0")
    assert browser.shows(first, "board") and browser.shows(first, "b[i]")
    assert browser.shows(first, "·  ·  ·  ·  ·  ·  ·  ·")  # an empty row of the 8x8 board
    browser.type(" ")
    browser.wait_for("tick 1")
    browser.type("  ")
    assert browser.wait_for("tick 3") == first
    from selenium.webdriver.common.keys import Keys

    browser.type(Keys.CONTROL + "p")  # the page gets ctrl+p: the command palette, no printing
    assert browser.wait_for("Download progress") == first
    browser.type(Keys.ESCAPE)
    driver.switch_to.new_window("tab")
    driver.get(served.url)
    second = browser.wait_for("tick 0", exclude={first})
    browser.type(" ")
    assert browser.wait_for("tick 1", exclude={first}) == second
    assert not browser.shows(second, "tick 4")  # its own tutor, not the first tab's
    assert len(served.wait_sessions(2)) == 2
    driver.close()
    driver.switch_to.window(driver.window_handles[1])
    served.wait_sessions(1)
    assert browser.shows(first, "tick 3")
    driver.close()  # a closed tab frees its process
    driver.switch_to.window(home)
    served.wait_sessions(0)


def test_twenty_tabs_opened_and_closed_leave_no_process(browser: Browser, served: Served) -> None:
    driver = browser.driver
    home = driver.current_window_handle
    assert served.sessions() == []
    driver.execute_script(
        "for (let i = 0; i < arguments[1]; i++) window.open(arguments[0]);", served.url, MANY
    )
    started = served.wait_sessions(MANY, timeout=90)
    assert len(set(started)) == MANY
    tabs = [handle for handle in driver.window_handles if handle != home]
    assert len(tabs) == MANY
    for tab in tabs:  # closed as a student closes a tab (chromedriver's close is slower)
        driver.execute_cdp_cmd("Target.closeTarget", {"targetId": tab})
    served.wait_sessions(0, timeout=30)


def test_a_tab_over_the_limit_is_told_so_and_sigterm_ends_all(browser: Browser) -> None:
    driver = browser.driver
    home = driver.current_window_handle
    driver.switch_to.new_window("tab")
    with serving("--max-sessions", "1") as served:
        driver.get(served.url)
        first = browser.wait_for("tick 0")
        driver.switch_to.new_window("tab")
        driver.get(served.url)
        browser.wait_for("this server is full", exclude={first})
        assert len(served.sessions()) == 1
        started = time.monotonic()
        assert served.stop() == 0
        assert time.monotonic() - started < 15
        assert served.sessions() == []
    for handle in driver.window_handles:
        if handle != home:
            driver.switch_to.window(handle)
            driver.close()
    driver.switch_to.window(home)
