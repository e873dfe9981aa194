"""``serve --lti`` framed in a course site's page on another site (the tool at https://tool.test
through a TLS relay), in real Chromium: with its default settings (partitioned cookies), and
keeping no cookies (the site's LTI Platform Storage, or a new window); after a restart the
frame says to open the tutor again. Skipped without chromium, selenium, openssl or the LTI
packages."""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass

import pytest

pytest.importorskip("pylti1p3")
pytest.importorskip("lti1p3platform")

from tests.serve.browser import Browser, available, chromium
from tests.serve.lti_platform import LESSON, Platform
from tests.serve.server import Served, free_port, serving
from tests.serve.tls import https_relay
from tui.serve.lti.setup import make_keys

pytestmark = [
    pytest.mark.integration,  # a course site, the tutor behind https, real Chromium
    pytest.mark.skipif(available() is not None, reason=str(available())),
    pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is not installed"),
    pytest.mark.timeout(300),
]

TOOL = "tool.test"
NO_COOKIES = {"profile.default_content_setting_values.cookies": 2}
"""Chromium's setting "Don't allow sites to save data" (cookies, and storage with them)."""


@dataclass
class Site:
    platform: Platform
    served: Served
    options: tuple[str, ...]
    port: int
    stack: ExitStack

    def restart(self) -> None:
        """The tool's server stopped and started again (what it kept in memory is gone)."""
        self.served.stop()
        self.served = self.stack.enter_context(serving(*self.options, port=self.port))
        self.served.wait_output("Press Ctrl+C")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    folder = tmp_path_factory.mktemp("lti-frame")
    course = folder / "course"
    course.mkdir()
    (course / "10-dated.md").write_text(LESSON, encoding="utf-8")
    port = free_port()
    with ExitStack() as stack:
        https = stack.enter_context(https_relay(folder, TOOL, port))
        public = f"https://{TOOL}:{https}"
        platform = Platform(public, f"http://127.0.0.1:{port}/lti/jwks.json")
        stack.callback(platform.close)
        platform.up()
        platform.lineitems["item-g"] = {"scoreMaximum": 4, "label": "Four queens"}
        platform.links["graded"] = {
            "custom": {"lesson": "dated", "points": "4"},
            "lineitem": "item-g",
            "title": "Four queens, graded",
        }
        config = folder / "lti.json"
        make_keys(config)
        config.write_text(json.dumps(platform.config_entry()), encoding="utf-8")
        options = (
            "--lti", str(config), "--public-url", public, "--server-data", str(folder / "data"),
            "--lessons-dir", str(course), "--only-course",
        )  # fmt: skip
        served = stack.enter_context(serving(*options, port=port))
        served.wait_output("Press Ctrl+C")
        site = Site(platform, served, options, port, stack)
        yield site
        assert "Traceback" not in site.served.log()


def browser_for(site: Site, **settings: object) -> Iterator[Browser]:
    flags = (
        f"--host-resolver-rules=MAP {TOOL} 127.0.0.1",
        "--ignore-certificate-errors",
        # the frame in the page's process, where the driver's log reads its websocket
        "--disable-site-isolation-trials",
        "--disable-features=site-per-process,IsolateOrigins",
    )
    with chromium(*flags, prefs=dict(settings) or None) as browser:
        yield browser


@pytest.fixture(scope="module")
def shipped(site: Site) -> Iterator[Browser]:
    """Chromium as shipped (its default settings)."""
    yield from browser_for(site)


@pytest.fixture(scope="module")
def cookieless(site: Site) -> Iterator[Browser]:
    """Chromium set to keep no cookies (as Safari's frames, or a school's policy)."""
    yield from browser_for(site, **NO_COOKIES)


def frame_text(browser: Browser, words: str, timeout: float = 60.0) -> str:
    """The text of the course page's frame of the tool, once it has ``words``."""
    driver = browser.driver
    deadline = time.monotonic() + timeout
    text = ""
    while True:
        driver.switch_to.default_content()
        if driver.find_elements("id", "tool"):
            driver.switch_to.frame("tool")
            text = driver.execute_script("return document.body ? document.body.innerText : ''")
            if words in text:
                return str(text)
        if time.monotonic() > deadline:
            raise AssertionError(f"no {words!r} in the frame: {text[-1500:]!r}")
        time.sleep(0.2)


def open_course(browser: Browser, site: Site, user: str, link: str) -> None:
    browser.forget()
    browser.driver.switch_to.default_content()
    browser.driver.get(f"{site.platform.url}/course/{link}?user={user}")


def test_in_chromium_as_shipped_the_tutor_opens_in_a_course_page_on_another_site(
    site: Site, shipped: Browser
) -> None:
    from selenium.webdriver.common.keys import Keys

    site.platform.storage, site.platform.answers = "", False
    open_course(shipped, site, "ada-sub", "graded")
    frame_text(shipped, "", timeout=30)  # inside the frame
    shipped.wait_for("How many solutions", timeout=90)
    shipped.type("2" + Keys.ENTER)
    (score,) = site.platform.wait_scores(lambda s: s["userId"] == "ada-sub")
    assert (score["scoreGiven"], score["scoreMaximum"]) == (4, 4)
    assert "reason=lti" not in site.served.log()
    # What made it matter: this browser's frame keeps a partitioned cookie, not another.
    kept = shipped.driver.execute_script(
        "document.cookie = 'plain=1; Path=/; SameSite=None; Secure';"
        "document.cookie = 'partitioned=1; Path=/; SameSite=None; Secure; Partitioned';"
        "return document.cookie;"
    )
    assert "partitioned=1" in kept and "plain=1" not in kept
    shipped.driver.switch_to.default_content()


def test_a_browser_that_keeps_no_cookies_launches_through_the_site_s_storage_and_no_forged_one(
    site: Site, cookieless: Browser
) -> None:
    """A launch whose state the site's storage does not hold goes no further."""
    site.platform.storage, site.platform.answers = "_parent", True
    open_course(cookieless, site, "bob-sub", "graded")
    frame_text(cookieless, "", timeout=30)
    cookieless.wait_for("How many solutions", timeout=90)
    assert "reason=lti" not in site.served.log()
    site.platform.forged = True
    try:
        open_course(cookieless, site, "bob-sub", "graded")
        frame_text(cookieless, "The course site could not confirm this launch")
        where = cookieless.driver.execute_script("return location.pathname")
        assert where == "/lti/launch"  # not on to the launch's page
    finally:
        site.platform.forged = False
        cookieless.driver.switch_to.default_content()


def test_where_the_site_does_not_answer_its_storage_the_tutor_opens_in_a_new_window(
    site: Site, cookieless: Browser
) -> None:
    site.platform.storage, site.platform.answers = "_parent", False
    open_course(cookieless, site, "bob-sub", "plain")
    text = frame_text(cookieless, "Your browser keeps no cookies for the tutor inside this page.")
    assert "Open the tutor in a new window." in text
    link = cookieless.driver.find_element("link text", "Open the tutor in a new window.")
    again = str(link.get_attribute("href"))
    assert again.startswith(f"https://{TOOL}:") and "lti1p3_new_window=1" in again
    assert "lti_storage_target" not in again
    cookieless.driver.switch_to.default_content()


def test_after_a_restart_the_framed_page_says_to_open_the_tutor_again(
    site: Site, shipped: Browser
) -> None:
    site.platform.storage, site.platform.answers = "", False
    open_course(shipped, site, "bob-sub", "graded")
    frame_text(shipped, "", timeout=30)
    shipped.wait_for("How many solutions", timeout=90)
    site.restart()
    frame_text(shipped, "open the tutor again from the course", timeout=60)
    shipped.driver.switch_to.default_content()
