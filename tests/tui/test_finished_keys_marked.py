"""The end of a search names its keys marked, [r] and [a], as the lessons' "Press [o]": in Polish
"r zaczyna od nowa, a przełącza..." read the key a as the word "a" ("and"), as if r did both
(student walk 5, pl P22). The status line's "(r resets)" too."""

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
        await pilot.press("space")
        await wait_for(
            pilot,
            lambda: all(w in " ".join(" ".join(screen_lines(app)).split()) for w in SAID[lang]),
        )
        shown = " ".join(" ".join(screen_lines(app)).split())
        for words in SAID[lang]:
            assert words in shown, shown
