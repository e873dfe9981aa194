"""A lesson's key bar offers back ("← Undo") only once a tick has been played: at tick 0 it only
said "At the start: nothing to step back." (lesson 1's page 2,
lesson 4's pages 1 and 2). It comes when a step makes it act and goes when back reaches the
start again."""

from __future__ import annotations

from tests.tui.lesson_apps import lesson_screen, tutor_on_builtin
from tests.tui.screen_text import wait_for
from tui.widgets.key_bar import KeyBar


def _offers_back(bar: KeyBar) -> bool:
    return "Undo" in bar.text.plain


async def test_back_is_offered_only_once_a_tick_was_played() -> None:
    app = tutor_on_builtin("1")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await pilot.press("n")  # page 2: its board at the start, and a question
        await wait_for(pilot, lambda: run.page_index == 1 and run.asked is not None)
        await pilot.press("2")  # answered: the board's keys are the student's
        await wait_for(pilot, lambda: run.asked is None)
        await pilot.pause()
        session = run.session
        assert session is not None and session.tick == 0
        bar = screen.query_one(KeyBar)
        # the answer's placement is on the board: r shows the page's board, which then steps
        # (the keys step only what is on screen)
        assert "Tick" not in bar.text.plain and "r Lesson's board" in bar.text.plain
        await pilot.press("r")
        await wait_for(pilot, lambda: "Tick" in bar.text.plain)  # the page's board steps
        assert not _offers_back(bar)
        assert screen.check_action("back", ()) is False  # nor in the ? help
        await pilot.press("space")
        await wait_for(pilot, lambda: session.tick == 1)
        await wait_for(pilot, lambda: _offers_back(bar))
        await pilot.press("left")
        await wait_for(pilot, lambda: session.tick == 0)
        await wait_for(pilot, lambda: not _offers_back(bar))
