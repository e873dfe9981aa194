"""A page's text that grows (the rest of the page after an answer) scrolls to its new part once
laid out; a next page opened before that keeps its top."""

from __future__ import annotations

from tests.tui.lesson_apps import lesson_screen, tutor_on_builtin
from tui.widgets.lesson_pane import LessonPane

LONG = "\n\n".join(f"Paragraph {number} of a long text." for number in range(40))


async def test_grown_text_shows_its_new_part_and_a_page_shown_before_keeps_its_top() -> None:
    app = tutor_on_builtin("recipe")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        pane = screen.query_one(LessonPane)
        pane.show_page([LONG])
        await pilot.pause()
        pane.show_page([LONG, LONG])
        for _ in range(3):
            await pilot.pause()
        assert pane.page.scroll_y > 0
        pane.show_page([LONG])
        await pilot.pause()
        pane.show_page([LONG, LONG])  # the text grows: its new part is scrolled to, later
        pane.show_page([LONG.replace("Paragraph", "Part")])  # ... but the next page came first
        for _ in range(3):
            await pilot.pause()
        assert pane.page.scroll_y == 0
