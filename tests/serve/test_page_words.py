"""The served page's own sentences (tui/serve/page/app_index.html) are the server's language's;
in real Chromium, a tab whose server went away says it is reconnecting, and after about three
minutes without an answer says so and to open the tutor again. Skipped without chromium, its
driver or selenium."""

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


@pytest.mark.skipif(available() is not None, reason=str(available()))
@pytest.mark.timeout(420)
def test_a_tab_whose_server_never_answers_again_says_so_after_three_minutes(
    served: Served,
) -> None:
    with chromium() as browser:
        browser.driver.get(served.url)
        browser.wait_for("tick 0")
        served.stop()
        wait_until(
            lambda: closed_message(browser) == ITALIAN[1], lambda: closed_message(browser), 60, 0.5
        )
        deadline = time.monotonic() + 300  # 90 tries, 2 s apart, each refused at once
        while (said := closed_message(browser)) != SILENT:
            assert said == ITALIAN[1] and time.monotonic() < deadline, said
            time.sleep(1)


async def test_a_session_speaks_the_server_s_language(served: Served) -> None:
    import aiohttp

    from tests.serve.tabs import open_tab

    async with aiohttp.ClientSession() as client:
        tab = await open_tab(client, served)
        await tab.wait_for("Esci")  # the key bar's q, in Italian
