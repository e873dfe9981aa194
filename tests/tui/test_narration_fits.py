"""Narration is read whole at 80x24: on the main screen a sentence longer than its pane pages
(its border says "PgDn: more" until its end is in view); in the guess stretch it grows into the
room the board does not use, and one longer than even that says it goes on."""

from __future__ import annotations

import pytest

from lessons import i18n
from tests.tiers import sweep
from tests.tui.guess_keys import answer_keys, open_guess
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import lines, main_screen, wait_for
from tui.app import QueensTutorApp
from tui.widgets.board import Board
from tui.widgets.guess_pane import GuessPane
from tui.widgets.narration_pane import CUT_MARK

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


LESSON = """\
@lesson guessing
@title Guessing

@quiz
@board n=6
@step 8
@question guess ticks=12 goal=3
@end
"""


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_a_long_narration_is_whole_beside_a_small_board(language: str) -> None:
    app = tutor_on(LESSON, language)
    async with app.run_test(size=(80, 24)) as pilot:
        await lesson_screen(pilot)
        board = await open_guess(pilot)
        pane = board.query_one(GuessPane)
        longest = 0
        for _ in range(300):  # right answers, until a sentence takes more than three lines
            if app.screen is not board:
                break
            await answer_keys(pilot, board, right=True)
            await pilot.pause()
            if app.screen is not board:
                break
            width = pane.scrollable_content_region.width
            needed = pane.lines_needed(width)
            shown = [line for line in lines(pane) if line.strip()]
            assert len(shown) == needed, (needed, shown)  # every line of it in view
            assert not shown[-1].endswith(CUT_MARK.strip()), shown
            longest = max(longest, needed)
            # The board keeps every row and its numbers (6 + 1, and its border).
            assert board.query_one(Board).outer_size.height >= 6 + 1 + 2
        if language != "en":  # English says it in three lines here
            assert longest > 3, longest  # a sentence the old three lines cut was seen whole


async def test_a_sentence_longer_than_half_the_screen_says_it_goes_on() -> None:
    app = tutor_on(LESSON)
    async with app.run_test(size=(80, 24)) as pilot:
        await lesson_screen(pilot)
        board = await open_guess(pilot)
        pane = board.query_one(GuessPane)
        pane.text = " ".join(["The queen of column 4 attacks it."] * 40)
        board.fit_narration()
        await pilot.pause()
        assert pane.outer_size.height == 24 // 2
        shown = [line for line in lines(pane) if line.strip()]
        assert shown[-1].endswith(CUT_MARK.strip()), shown
