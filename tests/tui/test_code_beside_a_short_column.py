"""A page whose text quotes no program shows what code it can beside the board on a short
screen: lesson 6 p6 steps the edutecnica page's sicura() one comparison at a time, and at
80x24 it showed no code at all, seven rows empty under the table, nor said where the code was.
The code pane takes those rows, its line being run in view."""

from __future__ import annotations

import pytest

from tests.tui.screen_text import lines
from tests.tui.test_lesson_layout import builtin, open_page
from tui.widgets.code_pane import CodePane


@pytest.mark.parametrize("lang", ["it"])
async def test_lesson_6_p6_at_80x24_shows_the_line_being_run(lang: str) -> None:
    app = builtin(6, 6, (80, 24), lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_page(pilot, 6, 6)
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        await pilot.pause()
        code = screen.query_one("#lesson-code", CodePane)
        assert code.display and code.region.height >= 5, code.region
        shown = lines(code)[: code.scrollable_content_region.height]
        assert any(line.startswith("→") for line in shown), shown  # the line being run
        assert code.border_subtitle, shown  # and which lines show
