"""A lesson page with no text of its own (lesson 1's quiz page) shows its
question at the top of the pane, not under a dozen empty lines of text."""

from __future__ import annotations

from tests.tui.screen_text import region_lines
from tests.tui.test_lesson_layout import builtin, open_page
from tui.widgets.lesson_pane import LessonPane


async def test_a_quiz_page_without_text_has_no_empty_text_pane() -> None:
    app = builtin(1, 6, (80, 24))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_page(pilot, 1, 6)
        assert screen.lesson_run.asked is not None
        pane = screen.query_one(LessonPane)
        lines = region_lines(app, pane)
        assert "Quiz question" in lines[2], lines  # the first line in the question's box
