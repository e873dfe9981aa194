"""A real browser comes back to its running tutor (``serve --keep``) after Back, a drop, or a
closed tab (a second open tab gets its own); a tab framed in a page that the browser keeps in
its back/forward cache lets its session go while away; an anonymous session with progress asks
before its tab closes; a restarted server's tab comes back. Skipped without chromium or
selenium."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.serve.browser import Browser, available
from tests.serve.server import Served, free_port, serving, wait_until

pytestmark = [
    pytest.mark.integration,  # a real browser or proxy in front of real servers
    pytest.mark.skipif(available() is not None, reason=str(available())),
]


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    with serving("--keep", "1") as served:
        yield served


@pytest.fixture(autouse=True)
def own_tab(browser: Browser) -> Iterator[None]:
    """Each test in a new tab, closed when it ends."""
    driver = browser.driver
    home = driver.window_handles[0]
    browser.forget()
    driver.switch_to.new_window("tab")
    yield
    for handle in driver.window_handles:
        if handle != home:
            driver.switch_to.window(handle)
            driver.execute_script("window.onbeforeunload = null; window.queensTutor = {};")
            # The next test's tab: a new tutor (a browser error page has no storage to clear).
            driver.execute_script("try { localStorage.clear(); } catch (error) {}")
            driver.execute_cdp_cmd("Target.closeTarget", {"targetId": handle})
    driver.switch_to.window(home)


def wait_script(browser: Browser, script: str, timeout: float = 15.0) -> None:
    wait_until(lambda: browser.driver.execute_script(script), f"never true: {script}", timeout)


def test_back_after_a_link_comes_back_to_the_running_tutor(
    browser: Browser, served: Served
) -> None:
    driver = browser.driver
    driver.get(served.url)
    first = browser.wait_for("tick 0")
    browser.type("  ")
    browser.wait_for("tick 2")
    before = set(served.sessions())
    driver.get(f"{served.url}static/css/xterm.css")  # a link followed: the page is left
    # Back, as the browser's history does it; not driver.back(), which waits in chromedriver
    # for the navigation to settle and timed out once under load ("Not attached to an active
    # page") while the page itself came back: the wait below reads the page instead.
    driver.execute_script("history.back();")
    again = browser.wait_for("tick 2", exclude={first})  # not a fresh tutor at tick 0
    # Loaded again, not restored from the back/forward cache (whose closed connection made
    # the page reload, racing its own reconnection: once it ended on an error page).
    navigation = "return performance.getEntriesByType('navigation')[0].type"
    assert driver.execute_script(navigation) == "back_forward"
    browser.type(" ")
    assert browser.wait_for("tick 3", exclude={first}) == again
    assert set(served.sessions()) == before  # the same process, no new one
    assert "session reattach" in served.wait_log("session reattach")


def test_a_dropped_connection_reconnects_to_the_running_tutor(
    browser: Browser, served: Served
) -> None:
    driver = browser.driver
    driver.get(served.url)
    first = browser.wait_for("tick 0")
    browser.type("    ")
    browser.wait_for("tick 4")
    before = set(served.sessions())
    reattached = served.log().count("session reattach")
    # The connection closes under the page, which the server did not announce (as a
    # network that drops): the page connects again by itself, with its key.
    driver.execute_script("window.queensTutor.socket.close();")
    again = browser.wait_for("tick 4", exclude={first})
    browser.type(" ")
    assert browser.wait_for("tick 5", exclude={first}) == again
    assert set(served.sessions()) == before
    wait_until(
        lambda: served.log().count("session reattach") > reattached, "no reattach in the log", 10
    )


@contextmanager
def course_page(tutor: str) -> Iterator[str]:
    """A page of another site (``localhost``, the tutor being at 127.0.0.1) whose ``/course``
    frames ``tutor`` and whose other addresses are a page without it; its address."""

    class Pages(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            inside = f"<iframe src='{tutor}' width=1000 height=600></iframe>"
            body = f"<!DOCTYPE html><body>{inside if self.path == '/course' else 'away'}"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(body.encode())

        def log_message(self, *args: object) -> None:
            pass

    pages = ThreadingHTTPServer(("127.0.0.1", free_port()), Pages)
    threading.Thread(target=pages.serve_forever, daemon=True).start()
    try:
        yield f"http://localhost:{pages.server_port}"
    finally:
        pages.shutdown()
        pages.server_close()


def wait_line(served: Served, words: str, timeout: float) -> None:
    wait_until(
        lambda: any(words in line for line in served.log().splitlines()),
        lambda: f"no {words!r} in {served.log()[-1500:]!r}",
        timeout,
        0.1,
    )


def test_a_framed_tab_kept_in_the_back_forward_cache_detaches_and_comes_back(
    browser: Browser, served: Served
) -> None:
    driver = browser.driver
    before = set(served.sessions())
    with course_page(served.url) as site:
        driver.get(f"{site}/course")
        (pid,) = wait_until(
            lambda: set(served.sessions()) - before, "no session for the framed tab", 60, 0.1
        )
        wait_line(served, f"session start address=127.0.0.1 pid={pid}", 30)
        driver.execute_script("window.kept = true;")  # gone if the page is loaded again
        driver.get(f"{site}/away")
        # The page is kept in memory, its frame's connection closed at once: detached.
        wait_line(served, f"session detach address=127.0.0.1 pid={pid}", 8)
        driver.execute_script("history.back();")
        wait_line(served, f"session reattach address=127.0.0.1 pid={pid}", 30)
        assert driver.execute_script("return window.kept === true")  # from the cache
        # the same session process runs on (its listing read again on a busy machine)
        wait_until(lambda: pid in served.sessions(), lambda: served.sessions(), 5)


ASKS = """
const event = new Event("beforeunload", { cancelable: true });
window.dispatchEvent(event);
return event.defaultPrevented;
"""
"""Whether the page would ask before it closes: its beforeunload handler cancels the event
(the browser then asks; WebDriver answers such prompts itself, so the event is sent here)."""


def test_an_anonymous_tab_with_progress_asks_before_it_closes(
    browser: Browser, served: Served
) -> None:
    driver = browser.driver
    driver.get(served.url)
    browser.wait_for("tick 0")
    browser.type(" ")
    browser.wait_for("tick 1")
    assert driver.execute_script(ASKS) is False  # stepping the board is not progress
    browser.type("l")
    browser.wait_for("Pages:")
    browser.type("\ue007")  # enter: the first lesson opens, and where the student is is saved
    wait_script(browser, "return window.queensTutor.unsaved === true")
    assert driver.execute_script(ASKS) is True


def test_a_closed_tab_comes_back_in_a_new_tab_and_an_open_one_is_never_taken(
    browser: Browser,
) -> None:
    with serving("--keep", "1") as served:
        closed_and_back(browser, served)


def closed_and_back(browser: Browser, served: Served) -> None:
    driver = browser.driver
    driver.get(served.url)
    first = browser.wait_for("tick 0")
    browser.type("   ")
    browser.wait_for("tick 3")
    (pid,) = served.sessions()
    # A second tab while the first shows its tutor: a tutor of its own, at tick 0.
    driver.switch_to.new_window("tab")
    driver.get(served.url)
    second = browser.wait_for("tick 0", exclude={first})
    assert len(served.wait_sessions(2)) == 2
    # The first tab is closed by mistake; a new tab gets its tutor back, at tick 3.
    tabs = driver.window_handles
    driver.switch_to.window(tabs[-2])
    driver.execute_script("window.onbeforeunload = null;")
    driver.close()
    served.wait_log("session detach")
    driver.switch_to.window(tabs[-1])
    driver.switch_to.new_window("tab")
    driver.get(served.url)
    third = browser.wait_for("tick 3", exclude={first, second})
    browser.type(" ")
    assert browser.wait_for("tick 4", exclude={first, second}) == third
    assert pid in served.sessions() and len(served.sessions()) == 2
    assert f"pid={pid}" in served.wait_log("session reattach")


def test_a_tab_whose_server_restarted_comes_back_by_itself(browser: Browser) -> None:
    driver = browser.driver
    port = free_port()
    with serving("--keep", "1", port=port) as served:
        driver.get(served.url)
        first = browser.wait_for("tick 0")
        served.stop()
    with serving("--keep", "1", port=port) as again:
        browser.wait_for("tick 0", exclude={first}, timeout=40)  # reloaded: a new tutor
        assert len(again.wait_sessions(1)) == 1
