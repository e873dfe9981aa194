"""``queens-tutor serve`` in a real browser: headless Chromium (Debian's) through Selenium.

Skipped when chromium, its driver or selenium is missing here; CI installs them (.ci/run).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tests.serve.browser import Browser, available
from tests.serve.server import Served, serving, wait_until

pytestmark = [
    pytest.mark.integration,  # a real browser or proxy in front of real servers
    pytest.mark.skipif(available() is not None, reason=str(available())),
]

MANY = 20
OWN = ("http://127.0.0.1:", "ws://127.0.0.1:")
"""What a tab may ask for: the server on loopback (never a third party's fonts)."""


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    with serving("--max-sessions", "25", "--keep", "0") as served:  # closed tabs end at once
        yield served


@pytest.fixture(autouse=True)
def own_tabs(browser: Browser) -> Iterator[None]:
    """Each test's tabs are closed when it ends, passed or failed, so that no session a
    failed test left open is counted by the next one."""
    driver = browser.driver
    home = driver.window_handles[0]
    browser.forget()
    yield
    for handle in driver.window_handles:
        if handle != home:
            driver.execute_cdp_cmd("Target.closeTarget", {"targetId": handle})
    driver.switch_to.window(home)


def test_the_page_focuses_the_terminal_asks_no_other_site_and_connects_from_each_loopback_name(
    browser: Browser, served: Served
) -> None:
    """The server refuses a websocket whose Origin is not its own: its page's is, whichever
    name of the loopback it was opened at (its websocket then goes to 127.0.0.1)."""
    driver = browser.driver
    driver.switch_to.new_window("tab")
    own = browser.open(served.url)
    assert browser.terminal_has_focus()  # no click into the page needed
    from selenium.webdriver.common.keys import Keys

    browser.type(Keys.SPACE, "tick 1")
    asked = [url for url in browser.requested_urls() if url.startswith(("http", "ws"))]
    assert served.url in asked  # the log did record the page's requests
    assert any(url.endswith(".ttf") for url in asked)  # its font, from the server itself
    assert [url for url in asked if not url.startswith(OWN)] == []
    driver.switch_to.new_window("tab")
    first = browser.open(f"http://localhost:{served.port}/", {own})
    assert browser.type(Keys.SPACE, "tick 1", {own}) == first
    assert "reason=origin" not in served.log()


def test_the_board_and_a_tick_and_two_independent_tabs(browser: Browser, served: Served) -> None:
    driver = browser.driver
    home = driver.current_window_handle
    driver.switch_to.new_window("tab")
    first = browser.open(served.url)
    assert browser.shows(first, "board") and browser.shows(first, "b[i]")
    assert browser.shows(first, "·  ·  ·  ·  ·  ·  ·  ·")  # an empty row of the 8x8 board
    browser.type(" ", "tick 1")
    assert browser.type("  ", "tick 3") == first
    from selenium.webdriver.common.keys import Keys

    browser.type(Keys.CONTROL + "p")  # the page gets ctrl+p: the command palette, no printing
    assert browser.wait_for("Download progress") == first
    browser.type(Keys.ESCAPE)
    driver.switch_to.new_window("tab")
    second = browser.open(served.url, {first})
    assert browser.type(" ", "tick 1", {first}) == second
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
    served.wait_sessions(0)  # the tabs of the tests before have ended
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
    with serving("--max-sessions", "1", "--keep", "0") as served:
        first = browser.open(served.url)
        driver.switch_to.new_window("tab")
        driver.get(served.url)
        browser.wait_for("this server is full", exclude={first})
        assert len(served.sessions()) == 1
        closed = "return document.body.classList.contains('-closed')"
        wait_until(lambda: driver.execute_script(closed), "the connection stays open", 5)
        # The message stays readable: the "Session ended" box does not cover the terminal.
        on_top = driver.execute_script(
            "const t = document.querySelector('.xterm-screen').getBoundingClientRect();"
            "const seen = document.elementFromPoint(t.left + 40, t.top + 10);"
            "return seen.closest('.textual-terminal') !== null;"
        )
        assert on_top
        started = time.monotonic()
        assert served.stop() == 0
        assert time.monotonic() - started < 15
        assert served.sessions() == []
    for handle in driver.window_handles:
        if handle != home:
            driver.switch_to.window(handle)
            driver.close()
    driver.switch_to.window(home)
