"""Headless Chromium from Debian's packages (``chromium``, ``chromium-driver``), driven by
Selenium. The page draws the terminal on a canvas, so what a tab shows is read from the
terminal output its websocket received (the browser's own performance log), per tab."""

from __future__ import annotations

import base64
import json
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.serve.server import plain

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1200,800",
)


def available() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed"
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        return "chromium and chromium-driver are not installed (apt-get install them)"
    return None


class Browser:
    """One Chromium; ``output`` collects each websocket's terminal output by request id."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver
        self.output: dict[str, str] = {}
        self.requests: list[str] = []
        """Every address a tab asked for (pages, scripts, fonts, websockets), in order."""

    def collect(self) -> None:
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                self.requests.append(message["params"]["request"]["url"])
            elif message["method"] == "Network.webSocketCreated":
                self.requests.append(message["params"]["url"])
            if message["method"] != "Network.webSocketFrameReceived":
                continue
            frame = message["params"]["response"]
            if frame["opcode"] == 2:  # binary: the terminal's output
                key = message["params"]["requestId"]
                data = base64.b64decode(frame["payloadData"]).decode("utf-8", "replace")
                self.output[key] = self.output.get(key, "") + data

    def wait_for(self, words: str, exclude: set[str] = frozenset(), timeout: float = 120) -> str:  # type: ignore[assignment]
        """The websocket (not in ``exclude``) whose tab shows ``words``: a real browser, its
        page and the session start in a second on a quiet machine, half a minute on a busy one."""
        deadline = time.monotonic() + timeout
        while True:
            self.collect()
            for key, text in self.output.items():
                if key not in exclude and words in plain(text):
                    return key
            if time.monotonic() > deadline:
                shown = {k: plain(v)[-300:] for k, v in self.output.items()}
                raise AssertionError(f"no tab shows {words!r}: {shown}")
            time.sleep(0.1)

    def open(self, url: str, exclude: set[str] = frozenset()) -> str:  # type: ignore[assignment]
        """Load ``url`` in the current tab; the websocket whose tutor it shows at tick 0."""
        self.driver.get(url)
        return self.wait_for("tick 0", exclude)

    def forget(self) -> None:
        """Drop what the tabs so far received and asked for: a test sees its own tabs only."""
        self.collect()
        self.output.clear()
        self.requests.clear()

    def requested_urls(self) -> list[str]:
        """Every address asked for so far, by any tab."""
        self.collect()
        return list(self.requests)

    def shows(self, key: str, words: str) -> bool:
        self.collect()
        return words in plain(self.output.get(key, ""))

    def terminal_has_focus(self) -> bool:
        """The current tab's keyboard focus is on its terminal's input (no click needed)."""
        return bool(
            self.driver.execute_script(
                "const e = document.activeElement;"
                "return e !== null && e.classList.contains('xterm-helper-textarea');"
            )
        )

    def type(self, keys: str, then: str = "", exclude: set[str] = frozenset()) -> str:  # type: ignore[assignment]
        """Type into the current tab as a student does: the keys go to whatever has the
        keyboard focus, which the page gives its terminal on load. (Sending them to the
        terminal's hidden textarea as an element fails on Chromium 150: "element not
        interactable".) If ``then``: the websocket (not in ``exclude``) that shows it then."""
        from selenium.webdriver.common.action_chains import ActionChains

        # 30 s, as the tmux tests wait: on 2 cores shared with the rest of the marked tier a
        # page brought back by Back took longer than 10 s to focus its terminal once
        deadline = time.monotonic() + 30
        while not self.terminal_has_focus():
            if time.monotonic() > deadline:
                held = self.driver.execute_script(
                    "const e = document.activeElement;"
                    "return [e && e.tagName, e && e.className, document.hasFocus(),"
                    " document.visibilityState];"
                )
                raise AssertionError(f"the page did not give its terminal the focus: {held}")
            time.sleep(0.05)
        ActionChains(self.driver).send_keys(keys).perform()
        return self.wait_for(then, exclude) if then else ""


@contextmanager
def chromium(*flags: str, prefs: dict[str, Any] | None = None) -> Iterator[Browser]:
    """Chromium with its default settings, ``flags`` added and ``prefs`` (its settings) set."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="queens-tutor-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, *flags, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    if prefs:
        options.add_experimental_option("prefs", prefs)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    try:
        yield Browser(driver)
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
