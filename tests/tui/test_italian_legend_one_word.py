"""The Italian main screen's legend says "• battuta · libera ─╲╱
tiro" (the words that fit its 28-column status column on the recursive board at 80x24), while
the place board said "• attaccata" and "la linea": two words for one glyph each. The place
board's legend says "battuta" and "linea di tiro" too."""

from __future__ import annotations

from lessons import i18n
from tests.tui.screen_text import screen_lines
from tui.app import QueensTutorApp
from tui.screens.place_screen import PlaceScreen


async def test_the_place_board_names_the_glyphs_as_the_main_legend_does() -> None:
    i18n.set_language("it")
    app = QueensTutorApp(8, method="recursive")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        main = "\n".join(screen_lines(app))
        assert "• battuta · libera ─╲╱ tiro" in main, main
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, PlaceScreen)
        pane = " ".join(str(app.screen.query_one("#place-text").render()).split())
        assert "• battuta (x: aiuti)" in pane and "linea di tiro" in pane, pane
        assert "attaccata" not in pane, pane
