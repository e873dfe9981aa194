"""Where lesson 6 p2 and p3 have no room for a code pane beside the board at 80x24, the table's
border says the code is in the page's text, which holds the listing; on a tall screen the code
pane shows and nothing is said."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on_builtin
from tests.tui.screen_text import screen_lines
from tui.screens.lesson_screen.column import page_listings
from tui.widgets.code_pane import CodePane

SAID = {"en": "code: in the text", "it": "codice: nel testo", "pl": "kod: w tekście"}


@pytest.mark.parametrize("page", sweep([2, 3], everyday=[2]))
@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["en"]))
async def test_the_code_is_beside_the_board_or_said_to_be_in_the_text(
    page: int, language: str
) -> None:
    for size in ((80, 24), (120, 40)):
        app = tutor_on_builtin("6", language)
        async with app.run_test(size=size) as pilot:
            screen = await lesson_screen(pilot)
            screen.lesson_run.goto(page - 1)
            screen.show(ask=True)
            for _ in range(4):
                await pilot.pause()
            shown = screen.query_one("#lesson-code", CodePane).display
            text = "\n".join(screen_lines(app))
            if size == (120, 40):
                assert shown and SAID[language] not in text, text
            elif not shown:
                assert f"─ {SAID[language]} ─╯" in text, text
                assert page_listings(screen.lesson_run.page)[0]  # the text holds the listing


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_a_board_drawn_in_the_text_is_not_said_to_be_the_code(language: str) -> None:
    """Lesson 2's "n = 4: two solutions" at 80x24, whose text holds a board drawn in plain text
    and no program, never says the code is in the text."""
    app = tutor_on_builtin("2", language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        screen.lesson_run.goto(6)
        screen.show(ask=True)
        for _ in range(4):
            await pilot.pause()
        assert screen.lesson_run.page.title.startswith("n = 4")
        text = "\n".join(screen_lines(app))
        assert "Q ." in text or page_listings(screen.lesson_run.page)[0]  # a board as text
        # the code pane shows what it can (a text with no program),
        # and nothing says the code is in the text
        assert screen.query_one("#lesson-code", CodePane).display, text
        assert SAID[language] not in text, text
