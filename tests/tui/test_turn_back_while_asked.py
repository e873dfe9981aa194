"""Issue 39, D14: while a question waits, p is a letter of the answer; F4 turns back to the
previous page then, and the key bar offers the key that acts (p, F4 or neither)."""

from __future__ import annotations

from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.key_bar import KeyBar


def _bar(screen: LessonScreen) -> str:
    return screen.query_one(KeyBar).text.plain


async def test_f4_turns_back_while_a_question_waits_and_the_bar_shows_it() -> None:
    lesson = LessonContext.load(lang="en").catalog.lessons[0]
    app = QueensTutorApp(8)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = LessonScreen(lesson, None)
        await app.push_screen(screen)
        await pilot.pause()
        assert "Prev page" not in _bar(screen)  # the first page has none before it
        await pilot.press("enter")  # page 2: its question waits
        await wait_for(pilot, lambda: screen.lesson_run.asked is not None)
        await wait_for(pilot, lambda: "f4 Prev page" in _bar(screen))
        assert "p Prev page" not in _bar(screen)
        await pilot.press("p")  # a letter of the answer: the page stays
        await pilot.pause()
        assert screen.lesson_run.page_index == 1
        await pilot.press("f4")
        await wait_for(pilot, lambda: screen.lesson_run.page_index == 0)
        await wait_for(pilot, lambda: "Prev page" not in _bar(screen))
