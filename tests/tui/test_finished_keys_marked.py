"""The end of a search names its keys marked, [r] and [a], as the lessons' "Press [o]": in Polish
"r zaczyna od nowa, a przełącza..." read the key a as the word "a" ("and"), as if r did both.
The status line's "(r resets)" too. The step that ends the search says it."""

from __future__ import annotations

import pytest

from lessons import i18n
from tests.tiers import sweep
from tests.tui.screen_text import main_screen, screen_lines, wait_for
from tui.app import QueensTutorApp

SAID = {
    "en": ("[r] resets, [a] switches", "([r] resets)"),
    "it": ("[r] ricomincia, [a] passa", "([r] ricomincia)"),
    "pl": ("[r] zaczyna od nowa, [a] przełącza", "([r] od nowa)"),
}


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_search_over_names_its_keys_marked(lang: str) -> None:
    i18n.set_language(lang)
    app = QueensTutorApp(4)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")  # runs to the first solution: the search is over
        await wait_for(pilot, lambda: not main_screen(app).running)

        def shown() -> str:
            return " ".join(" ".join(screen_lines(app)).split())

        await wait_for(pilot, lambda: SAID[lang][0] in shown(), timeout=5)
        for words in SAID[lang]:
            assert words in shown(), shown()
