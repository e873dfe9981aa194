"""Student walk, pl 9: lesson 3 p5's title beside the search tree at 80x24 was cut in the text
pane's border ("Drzewo przeszukiwania na 4… (5/7)"), and the student never saw it whole. A
title the border has no room for stands whole, in bold, on the first lines of the page's text
(wrapped at whole words); a title that fits is not said twice."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin
from tests.tui.screen_text import region_lines
from tui.app import QueensTutorApp
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPage, LessonPane


def text_lines(app: QueensTutorApp, screen: LessonScreen) -> list[str]:
    page = screen.query_one(LessonPage)
    return [line.strip(" │") for line in region_lines(app, page)]


@pytest.mark.parametrize("language", sweep(["pl", "en", "it"], everyday=["pl"]))
async def test_a_title_cut_in_the_border_stands_whole_above_the_text(language: str) -> None:
    app = tutor_on_builtin("naive-search", language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await open_page(pilot, screen, 4)  # page 5, the tree of the 4 x 4 search
        for _ in range(3):
            await pilot.pause()
        title = screen.lesson_run.page.title
        border = str(screen.query_one(LessonPane).border_title)
        shown = " ".join(" ".join(text_lines(app, screen)).split())
        if "…" in border:
            assert shown.startswith(" ".join(title.split())), (border, shown[:80])
        else:
            assert title in border and not shown.startswith(title), (border, shown[:80])


async def test_the_polish_tree_page_title_is_read_whole_at_80x24() -> None:
    app = tutor_on_builtin("naive-search", "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await open_page(pilot, screen, 4)
        for _ in range(3):
            await pilot.pause()
        title = screen.lesson_run.page.title
        assert "…" in str(screen.query_one(LessonPane).border_title)  # no room in the border
        shown = " ".join(" ".join(text_lines(app, screen)).split())
        assert shown.startswith(title), shown[:80]
