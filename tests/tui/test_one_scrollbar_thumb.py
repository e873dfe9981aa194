"""The page's text and the feedback draw their scrollbar's thumb whole in glyphs (a terminal read
without colours showed Textual's thumb as its two ends, two thumbs)."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin
from tests.tui.screen_text import screen_cells
from tui.widgets.lesson_pane import LessonPage
from tui.widgets.read_on_scroll import SolidThumb


def thumb_rows(column: list[str]) -> list[int]:
    return [y for y, char in enumerate(column) if char.strip()]


@pytest.mark.parametrize("language", sweep(["it", "en", "pl"], everyday=["it"]))
async def test_the_text_pane_draws_one_whole_thumb_after_a_wrong_answer(language: str) -> None:
    app = tutor_on_builtin("naive-search", language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await open_page(pilot, screen, 2)  # page 3, the permutations
        await pilot.press("1", "enter")  # a wrong answer: its feedback takes rows of the text
        for _ in range(3):
            await pilot.pause()
        page = screen.query_one(LessonPage)
        assert page.max_scroll_y > 0, "the text goes on below its box: it has a scrollbar"
        region = page.region
        x = region.right - 1  # the scrollbar's column
        cells = screen_cells(app)
        column = [cells[y][x] for y in range(region.y, region.bottom)]
        rows = thumb_rows(column)
        assert rows, f"no thumb drawn in glyphs: {column}"
        assert rows == list(range(rows[0], rows[-1] + 1)), f"two thumbs: {column}"


@pytest.mark.parametrize("position", [0, 3, 7, 12, 20])
def test_a_thumb_is_one_run_of_glyphs(position: int) -> None:
    bar = SolidThumb.render_bar(size=10, virtual_size=30, window_size=10, position=position)
    column = [segment.text for segment in bar.segments]
    rows = thumb_rows(column)
    assert rows and rows == list(range(rows[0], rows[-1] + 1)), column
