"""Lesson 6's table (arrays of different lengths) keeps its line of indices through the whole
lesson, walked from page 1 to the quiz's last question at 120x40."""

from __future__ import annotations

import pytest

from tests.tui.lesson_apps import builtin
from tests.tui.lesson_apps import open_builtin as open_page
from tests.tui.screen_text import screen_lines
from tui.widgets.state_table import StateTable


@pytest.mark.slow(9)
async def test_the_table_keeps_its_indices_to_the_quizs_last_question_at_120x40() -> None:
    app = builtin(6, 1, (120, 40), "en")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_page(pilot, 6, 1)
        text = ""
        for _ in range(60):
            text = "\n".join(screen_lines(app))
            if "question 5 of 5" in text:
                break
            await pilot.press("f3")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
        assert "question 5 of 5" in text, text
        table = screen.query_one(StateTable)
        region = table.content_region
        first = screen_lines(app)[region.y][region.x : region.right]
        # the first line: the indices 0 1 2 ... over the arrays, not q[]'s row
        assert first.split("│")[-1].split()[:3] == ["0", "1", "2"], text
