"""The served page's own sentences (tui/serve/page/app_index.html) are the server's language's;
in real Chromium, a tab whose server went away says it is reconnecting, and after about three
minutes without an answer says so and to open the tutor again, with the button that does it:
pressed while the server is still down, the page stays, says so and tries on. Skipped without
chromium, its driver or selenium."""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Iterator

import pytest

from tests.serve.browser import Browser, available, chromium
from tests.serve.server import Served, serving, wait_until

pytestmark = pytest.mark.integration  # a real server; a real browser for three minutes

ITALIAN = ("Sessione terminata.", "Connessione persa. Riconnessione in corso…")
SILENT = "Il server del tutor non risponde. Ricarica questa pagina più tardi, o riapri il tutor."
STILL = "Il server del tutor ancora non risponde; questa pagina continua a provare."


@pytest.fixture
def served() -> Iterator[Served]:
    with serving("--lang", "it", "--keep", "0") as served:
        served.wait_output("Ctrl+C")
        yield served


def closed_message(browser: Browser) -> str:
    said = browser.driver.execute_script(
        "const m = document.querySelector('.closed-dialog .message'); return m && m.textContent"
    )
    return str(said or "")


def test_the_page_speaks_the_server_s_language(served: Served) -> None:
    with urllib.request.urlopen(served.url, timeout=30) as answer:
        page = answer.read().decode("utf-8")
    assert ">Sessione terminata.<" in page and ">Inizia<" in page and ">Riapri il tutor<" in page
    assert '"lost": "Connessione persa. Riconnessione in corso\\u2026"' in page
    assert "Session ended." not in page and "Reconnecting" not in page


def wait_message(browser: Browser, said: str, before: tuple[str, ...], timeout: float) -> None:
    """Wait until the closed page says ``said``, having said only ``before`` meanwhile."""
    deadline = time.monotonic() + timeout
    while (now := closed_message(browser)) != said:
        assert now in before and time.monotonic() < deadline, now
        time.sleep(0.5)


def reopen(browser: Browser) -> None:
    """Press the closed page's "Riapri il tutor", as a student does."""
    button = browser.driver.find_element("css selector", ".closed-dialog button")
    assert button.is_displayed() and button.text == "Riapri il tutor"
    button.click()


@pytest.mark.skipif(available() is not None, reason=str(available()))
@pytest.mark.timeout(420)
def test_a_tab_whose_server_never_answers_again_says_so_after_three_minutes(
    served: Served,
) -> None:
    with chromium() as browser:
        browser.open(served.url)
        served.stop()
        wait_message(browser, ITALIAN[1], (ITALIAN[0],), 60)
        # 90 tries, 2 s apart, each refused at once
        wait_message(browser, SILENT, (ITALIAN[1],), 300)
        reopen(browser)  # its button is there, and the server still does not answer
        wait_message(browser, STILL, (SILENT,), 30)


@pytest.mark.skipif(available() is not None, reason=str(available()))
def test_open_the_tutor_again_reloads_the_page_only_when_its_server_answers(
    served: Served,
) -> None:
    with chromium() as browser:
        first = browser.open(served.url)
        served.stop()
        wait_message(browser, ITALIAN[1], (ITALIAN[0],), 60)
        reopen(browser)  # the server is down: the page stays (no browser error page)
        wait_message(browser, STILL, (ITALIAN[1],), 30)
        with serving("--lang", "it", "--keep", "0", port=served.port):
            again = browser.wait_for("tick 0", exclude={first}, timeout=60)  # it tried on
            browser.type("q")  # the tutor quits: its session ended, the server answers
            dialog = browser.driver.find_element("css selector", ".closed-dialog")
            wait_until(dialog.is_displayed, lambda: closed_message(browser), 30, 0.2)
            reopen(browser)
            browser.wait_for("tick 0", exclude={first, again})  # reloaded: a new tutor


async def test_a_session_speaks_the_server_s_language(served: Served) -> None:
    import aiohttp

    from tests.serve.tabs import open_tab

    async with aiohttp.ClientSession() as client:
        tab = await open_tab(client, served)
        await tab.wait_for("Esci")  # the key bar's q, in Italian
