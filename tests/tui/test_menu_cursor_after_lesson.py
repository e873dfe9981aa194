"""The lesson menu's cursor back from a lesson: on the lesson left with esc half-way, on the lesson
to do next once one is finished; whether it was opened from the menu or the tutor started on it."""

from __future__ import annotations

from textual.widgets import OptionList

from lessons import i18n
from tests.tui.screen_text import stacked, wait_for
from tests.tui.test_lesson_menu_next import walk
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen


def _menu_line(app: QueensTutorApp) -> int | None:
    return app.screen.query_one("#menu-list", OptionList).highlighted


async def test_a_lesson_started_with_lesson_n_builds_its_menu_only_when_left() -> None:
    """The lesson the tutor starts on opens over the board, with no lesson menu under it; esc
    shows the menu in its place, the cursor on it, and esc again the board."""
    i18n.set_language("en")
    context = LessonContext.load(lang="en")
    context.start = context.catalog.lessons[2]  # as --lesson 3
    app = QueensTutorApp(lessons=context)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await pilot.pause()
        assert stacked(app) == ["MainScreen", "LessonScreen"]
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.pause()
        assert stacked(app) == ["MainScreen", "LessonMenuScreen"]
        assert _menu_line(app) == 3
        await pilot.press("enter")  # the same lesson again, from the menu: over it
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert stacked(app) == ["MainScreen", "LessonMenuScreen", "LessonScreen"]
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: stacked(app) == ["MainScreen"])


async def test_esc_from_a_lesson_opened_in_the_menu_leaves_the_cursor_on_it() -> None:
    i18n.set_language("en")
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.press("down", "down", "down", "down")  # lesson 5
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.pause()
        assert _menu_line(app) == 5


async def test_a_finished_lesson_leaves_the_cursor_on_the_lesson_to_do_next() -> None:
    i18n.set_language("en")
    context = LessonContext.load(lang="en")
    lessons = context.catalog.lessons
    context.start = lessons[0]  # as --lesson 1
    app = QueensTutorApp(lessons=context)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        assert walk(screen.lesson_run).record.completed  # worked through, the answers shown
        screen.show()
        await pilot.pause()
        screen.action_go_on()  # the last Enter: back to the menu
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.pause()
        assert _menu_line(app) == 2  # lesson 2, not "start lesson 1 again?"


async def test_after_a_lesson_is_finished_the_menu_offers_the_next() -> None:
    i18n.set_language("en")
    context = LessonContext.load(lang="en")
    app = QueensTutorApp(4, lessons=context)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen
        assert isinstance(menu, LessonMenuScreen)
        first = context.catalog.lessons[0]
        menu.query_one(OptionList).highlighted = 1  # the first lesson (the review's line is 0)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        lesson = app.screen
        assert isinstance(lesson, LessonScreen)
        run = lesson.lesson_run
        run.goto(len(run.lesson.pages) - 1)
        while run.asked is not None:  # every quiz answer shown, then the lesson's end
            run.reveal()
            run.go_on()
        lesson.show()
        await pilot.press("enter")  # finish it
        await wait_for(pilot, lambda: run.finished)
        await pilot.press("enter")  # back to the lessons
        await wait_for(pilot, lambda: app.screen is menu)
        await pilot.pause()
        assert run.lesson is first
        assert menu.query_one(OptionList).highlighted == 2  # the second lesson
