"""The key bar offers ``,`` and ``.`` only where the list of solutions on screen scrolls that
way (offered on a page with no list in view, and ``.`` left
out or kept at the list's end, the bar not following the list's scroll)."""

from __future__ import annotations

from textual.containers import VerticalScroll

from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin


async def test_comma_and_full_stop_follow_the_list() -> None:
    app = tutor_on_builtin("small-boards")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        assert screen.check_action("solutions", (1,)) is False  # page 1: no list
        await open_page(pilot, screen, 8)  # n = 5: ten solutions, the list at its first
        for _ in range(3):
            await pilot.pause()
        box = screen.query_one("#lesson-solutions", VerticalScroll)
        assert box.display and box.max_scroll_y > 0
        assert box.scroll_y == 0
        assert screen.check_action("solutions", (-1,)) is False
        assert screen.check_action("solutions", (1,)) is True
        for _ in range(10):
            await pilot.press("full_stop")
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y
        assert screen.check_action("solutions", (1,)) is False
        assert screen.check_action("solutions", (-1,)) is True
