"""The main screen's narration is read whole at 80x24: a sentence longer than its pane scrolls
in it (PgDn / PgUp), its scrollbar showing and its bottom border saying "PgDn: more" until its
end is in view (issue 39, student walk 5, en F26 / it F22: after m, the recursive method's first
sentence ended after three lines, "... row 0 at the top: the", with no scrollbar or mark)."""

from __future__ import annotations

import pytest

from lessons import i18n
from tests.tiers import sweep
from tests.tui.screen_text import main_screen, wait_for
from tui.app import QueensTutorApp

MORE = {"en": "PgDn: more", "it": "pag↓: continua", "pl": "PgDn: dalej"}


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_recursive_methods_first_sentence_reads_whole(language: str) -> None:
    i18n.set_language(language)
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = main_screen(app)
        view = screen.panes.view
        assert view is not None
        await pilot.press("m")  # the Turin notes' placeQueens
        await wait_for(pilot, lambda: "placeQueens(0)" in view.narration)
        await pilot.pause()
        pane = view.pane("narration")
        assert pane.max_scroll[1] > 0  # longer than the pane at 80x24
        assert pane.subtitle == MORE[language]
        read = view.pane_lines("narration")
        for _ in range(10):
            if pane.subtitle is None:
                break
            before = pane.scroll_y
            await pilot.press("pagedown")
            await pilot.pause()
            assert pane.scroll_y > before
            height = pane.view[1]
            read += view.pane_lines("narration")[height - (pane.scroll_y - before) :]
        assert pane.subtitle is None  # its end in view: no mark
        assert " ".join(read).split() == view.narration.split()  # every word, once, in order
        await pilot.press("pageup")
        await pilot.pause()
        assert pane.scroll_y < pane.max_scroll[1]
        assert pane.subtitle == MORE[language]
        await pilot.press("space")  # the next tick's sentence, from its start
        await pilot.pause()
        assert pane.scroll_y == 0
