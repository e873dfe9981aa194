"""``queens-tutor review --today DATE``: the lesson menu the review goes back to names the day
tried and says that nothing is saved; a lesson opened from it says so too, and saves nothing."""

from __future__ import annotations

import re
from datetime import date

import pytest
from textual.widgets import OptionList, Static

from lessons.progress.store import ProgressStore
from tests.tui.lesson_apps import lesson_screen
from tests.tui.screen_text import screen_lines, wait_for
from tests.unit.lessons.review_progress import at, miss
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.review_screen import ReviewScreen


@pytest.mark.timeout(120)
async def test_the_menu_of_a_day_tried_says_so_and_nothing_is_saved() -> None:
    store = ProgressStore()  # the test's XDG_DATA_HOME: the file the tutor reads
    miss(store, "naive-search", ["0.0"], when=at(0))
    saved = store.path.read_bytes()
    context = LessonContext.load(lang="en")
    context.try_on(date(2026, 3, 10))
    app = QueensTutorApp(lessons=context, review=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen
        title = str(menu.query_one("#menu-title", Static).content)
        assert title == "Lessons as on 2026-03-10, a try: nothing is saved"
        options = menu.query_one("#menu-list", OptionList)
        line = str(options.get_option_at_index(0).prompt)
        assert line == "As on 2026-03-10 – review: 1 question due"
        options.highlighted = 1  # lesson 1, never opened
        await pilot.press("enter")
        screen = await lesson_screen(pilot)
        said = str(screen.query_one("#lesson-status", Static).content)
        assert "A try as on 2026-03-10: nothing of this lesson is saved." in said
        await pilot.press("enter")  # on to page 2: a lesson saves its page
        await wait_for(pilot, lambda: screen.lesson_run.page_index == 1)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
    assert store.path.read_bytes() == saved
    assert ProgressStore().record_for(context.catalog.lessons[0]) is None


@pytest.mark.timeout(120)
async def test_a_tried_reviews_status_line_shortens_its_sentence_not_the_tick() -> None:
    store = ProgressStore()
    missed = [f"{page}.{question}" for page in range(12) for question in range(3)]
    miss(store, "diagonals", missed, when=at(0))
    context = LessonContext.load(lang="en")
    context.try_on(date(2026, 3, 10))
    app = QueensTutorApp(lessons=context, review=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        for _ in range(12):  # on to a question with a board: its size and tick on the line
            await pilot.pause()
            line = screen_lines(app)[-2]
            if "tick" in line:
                break
            await pilot.press("f3", "enter")
        assert re.search(r"A try as on 2026-03-10.*  n = \d+  tick \d+$", line), line
