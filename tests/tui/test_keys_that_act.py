"""The key bar offers only keys that act: no play or tick while a guess question waits, escape on a
lesson's guess board says it leaves, no forward key on a search that is over."""

from __future__ import annotations

from tests.tui.guess_keys import open_guess
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.widgets.guess_pane import GuessPane
from tui.widgets.key_bar import KeyBar


def key_bar(app: QueensTutorApp) -> str:
    return str(app.screen.query_one(KeyBar).text)


async def test_play_is_not_offered_while_a_guess_question_waits() -> None:
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        await pilot.pause()
        screen = app.screen
        session = screen.session  # type: ignore[attr-defined]
        assert session.guessing and "Play" in key_bar(app)
        for _ in range(6):
            if session.question_open:
                break
            await pilot.press("space")
            await pilot.pause()
        assert session.question_open
        await wait_for(pilot, lambda: "Play" not in key_bar(app))
        # The y/n question: space would only ask again, so no Tick either; at the rule's question
        # space skips it, and Tick is offered.
        assert "y Yes" in key_bar(app) and "Tick" not in key_bar(app) and "Iter" not in key_bar(app)
        await pilot.press("y")
        await wait_for(pilot, lambda: not session.question_open)
        await wait_for(pilot, lambda: "space Tick" in key_bar(app))


GUESS = """\
@lesson guessing
@title Guessing

@quiz
@board n=4
@question guess ticks=10 goal=3
@end
"""


async def test_the_lesson_guess_board_says_escape_leaves_the_board() -> None:
    app = tutor_on(GUESS)
    async with app.run_test(size=(80, 24)) as pilot:
        await lesson_screen(pilot)
        board = await open_guess(pilot)
        for _ in range(6):
            if board.round.game.question is not None:
                break
            await pilot.press("space")
            await pilot.pause()
        said = " ".join(board.query_one(GuessPane).shown_text().split())
        assert "esc: leave the board, no attempt" in said, said
        assert "no question" not in said


OVER = """\
@lesson over
@title Over

@page The whole tree
The whole search.
@board n=4 mode=all
@run end
"""


async def test_a_board_whose_search_is_over_offers_no_forward_keys() -> None:
    app = tutor_on(OVER)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        assert screen.session is not None and screen.session.engine.finished
        await pilot.pause()
        keys = key_bar(app)
        for word in ("space Tick", "Iter", "Solve"):
            assert word not in keys, keys
        assert "Undo" in keys, keys
        await pilot.press("left")
        await wait_for(pilot, lambda: "space Tick" in key_bar(app))
        assert screen.session.engine.tick > 0
