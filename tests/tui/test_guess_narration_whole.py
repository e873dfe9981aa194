"""The guess stretch's narration ("what happened") is read whole at 80x24: the pane grows into
the room the board does not use, and a sentence longer than even that says it goes on (issue
39, student walk 5, it F10: lesson 5's quiz question 7 on 6 x 6, "Giusto! Colonna 4, riga 2: la
casella è attaccata da 3 regine: ..." kept 3 lines, "stessa diagonale riga-col: ..." lost,
the board's pane 8 rows emptier)."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.guess_keys import answer_keys, open_guess
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import lines
from tui.widgets.board import Board
from tui.widgets.guess_pane import GuessPane
from tui.widgets.narration_pane import CUT_MARK

LESSON = """\
@lesson guessing
@title Guessing

@quiz
@board n=6
@step 8
@question guess ticks=40 goal=3
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
