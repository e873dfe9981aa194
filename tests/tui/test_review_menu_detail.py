"""With the cursor on the review and questions missed that the review cannot ask in six
lessons, the detail under the lessons menu at 80x24 is one sentence listing lessons and pages,
whole above the key bar, every lesson's line still shown."""

from __future__ import annotations

import textwrap

import pytest
from textual.widgets import OptionList, Static

from lessons import i18n
from lessons.progress.store import ProgressStore
from tests.tiers import sweep
from tests.tui.screen_text import screen_lines, wait_for
from tests.unit.lessons.review_progress import Clock, at, miss
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen

MISSED = {  # choice questions of six lessons: the review cannot ask them again
    "problem": ["5.0", "5.2"],
    "small-boards": ["10.0"],
    "naive-search": ["6.4"],
    "iterative": ["10.5"],
    "recursive": ["7.0", "7.1"],
    "cost": ["7.0", "8.0"],
}


@pytest.mark.parametrize("language", sweep(["pl", "en"], everyday=["pl"]))
async def test_the_pages_to_re_read_show_whole_under_the_menu(language: str) -> None:
    store = ProgressStore()
    for lesson_id, keys in MISSED.items():
        miss(store, lesson_id, keys, when=at(0))
    i18n.set_language(language)
    context = LessonContext.load(lang=language)
    context.clock = Clock(1)
    app = QueensTutorApp(lessons=context)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.press("home")  # the cursor on the review: its detail under the list
        menu = app.screen.query_one("#menu-list", OptionList)
        detail = app.screen.query_one("#menu-detail", Static)
        await wait_for(pilot, lambda: menu.highlighted == 0 and str(detail.content).strip() != "")
        await pilot.pause()
        said = " ".join(str(detail.content).split())
        again = {"pl": "Powtórka nie może ponownie zapytać", "en": "The review cannot ask again"}
        assert said.count(again[language]) == 1, said
        for number in (1, 2, 3, 5, 6, 9):
            assert f" {number}, " in said, (number, said)
        lines = textwrap.wrap(said, detail.content_region.width)
        assert detail.region.height == len(lines), (detail.region.height, lines)  # whole
        assert detail.region.bottom <= app.size[1] - 1  # above the key bar
        assert menu.content_region.height >= menu.option_count  # every lesson's line shows
        shown = " ".join(" ".join(screen_lines(app)).split())
        assert said[-30:] in shown, said
