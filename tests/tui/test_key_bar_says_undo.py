"""A lesson's key bar beside "p Prev page": left steps the board a tick back, and the bar says
so ("← Undo", not "← Back", which read as a page back); a key the
page's text names stays in the bar when the bar is crowded (lesson 9 p10 says "[i] one
iteration", and "i Iter" went once "← Back" came)."""

from __future__ import annotations

from tests.tui.lesson_apps import lesson_screen, open_page, page_with_board, tutor_on_builtin
from tests.tui.screen_text import wait_for
from tui.widgets.key_bar import KeyBar


async def test_left_is_named_a_tick_back_beside_the_previous_page() -> None:
    app = tutor_on_builtin("2")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        session = screen.session
        assert session is not None and session.tick > 0  # page 1 shows its board at tick 2
        await pilot.pause()
        text = screen.query_one(KeyBar).text.plain
        assert "← Undo" in text, text
        assert "← Back" not in text, text
        tick = session.tick
        await pilot.press("left")
        await wait_for(pilot, lambda: session.tick == tick - 1)
        assert screen.lesson_run.page_index == 0  # the board stepped back, not the page


async def test_the_keys_the_page_names_stay_in_a_crowded_bar() -> None:
    app = tutor_on_builtin("9")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await open_page(pilot, screen, page_with_board(screen, 7))  # its [i], [b], [s]
        assert "Backtracks on 7 x 7" in screen.lesson_run.page.title
        session = screen.session
        assert session is not None
        await pilot.press("i")
        await wait_for(pilot, lambda: session.tick > 0)
        bar = screen.query_one(KeyBar)
        await wait_for(pilot, lambda: "Undo" in bar.text.plain)
        text = bar.text.plain
        for shown in ("i Iter", "b Backtrack", "s Solve", "← Undo"):
            assert shown in text, text
        assert len(text) <= 80, text
