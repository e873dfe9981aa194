"""A lesson title too long for the status line, or a page title for the text pane's border, is
shortened after a whole word, with an ellipsis."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.lesson_apps import builtin
from tests.tui.lesson_apps import open_builtin as open_page
from tests.tui.screen_text import screen_lines
from tui.screens.lesson_screen import shortened


def cut_at_a_word(shown: str, whole: str) -> bool:
    """``shown`` (ending in …) is ``whole`` cut after a whole word."""
    kept = shown.removesuffix("…")
    rest = whole[len(kept) :]
    return whole.startswith(kept) and (rest[:1] in (" ", ",", ":", ";", "-") or not rest)


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_status_line_cuts_the_title_at_a_word(lang: str) -> None:
    app = builtin(4, 1, (80, 24), lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_page(pilot, 4, 1)
        title = screen.lesson.title
        cut = 0
        for page in range(1, len(screen.lesson.pages) + 1):
            screen = await open_page(pilot, 4, page)
            status = screen_lines(app)[-2].strip()
            if "…" in status:
                shown = status.split("…")[0] + "…"
                assert cut_at_a_word(shown, title), (page, status, title)
                cut += 1
        assert cut, "the test needs a page whose status line shortens the title"


def test_shortened_keeps_whole_words() -> None:
    assert shortened("Diagonals: col+row, row-col and the arrays", 37) == (
        "Diagonals: col+row, row-col and the…"
    )
    assert shortened("Diagonals: col+row, row-col and the arrays", 11) == "Diagonals…"
    assert shortened("Supercalifragilistic", 5) == "Super…"  # one word: cut in it
