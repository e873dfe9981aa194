"""The guess board of a review's question names no lesson ("esc: back
to the lesson, no attempt" and "The stretch is over: space or Enter, back to the lesson." on
a review's guess board). The board is the lesson's too: its words name the board, which both
leave."""

from __future__ import annotations

from tests.tui.guess_keys import answer_keys, open_guess
from tests.tui.lesson_apps import lesson_screen
from tests.tui.screen_text import screen_lines, wait_for
from tests.tui.test_keys_that_act import key_bar
from tests.unit.lessons.review_progress import Clock, at, miss
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.review_screen import ReviewScreen
from tui.widgets.guess_pane import GuessPane


async def test_a_reviews_guess_board_names_no_lesson() -> None:
    miss(LessonContext.load(lang="en").store, "iterative", ["10.6"], when=at(0))  # guess
    context = LessonContext.load(lang="en")
    context.clock = Clock(1)
    app = QueensTutorApp(lessons=context, review=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        assert isinstance(screen, ReviewScreen)
        board = await open_guess(pilot)
        while board.round.game.question is None:
            await pilot.press("space")
            await pilot.pause()
        said = " ".join(board.query_one(GuessPane).shown_text().split())
        assert "esc: leave the board, no attempt" in said, said
        while not board.round.done:
            await answer_keys(pilot, board, right=True)
        await pilot.pause()
        shown = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert "The stretch is over: space or Enter leaves the board" in shown, shown
        assert "lesson" not in shown.lower() and "lesson" not in key_bar(app).lower(), shown
        await pilot.press("space")
        await wait_for(pilot, lambda: app.screen is screen)
