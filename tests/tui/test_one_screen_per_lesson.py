"""Keys that come together in one read never stack screens: a second Enter on the lesson menu
opens no second lesson, and ``l`` opens the menu only when no lesson or menu is open."""

from __future__ import annotations

from textual import events

from tests.tui.screen_text import stacked, wait_for
from tui.app import QueensTutorApp
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen


async def test_two_enters_open_one_lesson_and_l_no_menu_over_a_lesson_or_a_menu() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        app.action_lessons()  # l again (over the menu), as the app's binding does
        await pilot.pause()
        assert stacked(app).count("LessonMenuScreen") == 1, stacked(app)
        for _ in range(3):  # queued together, as one read of the terminal delivers them
            app.post_message(events.Key("enter", "\r"))
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await pilot.pause()  # the other enters handled
        assert stacked(app).count("LessonScreen") == 1, stacked(app)
        app.action_lessons()  # the app's l under a lesson whose own l is off (a run)
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen), stacked(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: stacked(app) == ["MainScreen"])
