"""Issue 39, item 4: the Salerno notes' 9 x 9 page (lesson 8, page 2) shows its title whole at
80x24 beside the 9 x 9 board: "The Salerno notes on a 9 x 9 bo… (2/7)" was cut."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.runner import LessonRun
from tests.tiers import sweep
from tests.tui.screen_text import screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_screen import LessonScreen


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_nine_by_nine_page_title_is_whole_at_80x24(lang: str) -> None:
    i18n.set_language(lang)
    try:
        lessons = LessonContext.load(lang=lang).catalog.lessons
        lesson = next(x for x in lessons if x.id == "recipe")
        title = lesson.pages[1].title
        app = QueensTutorApp(8)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = LessonScreen(lesson, None, run=LessonRun(lesson, None, page=1))
            await app.push_screen(screen)
            await wait_for(pilot, lambda: screen.lesson_run.asked is not None)
            await pilot.pause()
            top = screen_lines(app)[0]
            assert f"{title} (2/" in top, top
            assert "…" not in top, top
    finally:
        i18n.set_language("en")
