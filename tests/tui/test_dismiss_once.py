"""A screen under a modal (the help) that closes itself closes itself, not the modal."""

from __future__ import annotations

from tests.tui.screen_text import stacked, wait_for
from tui.app import QueensTutorApp
from tui.screens.help_screen import HelpScreen
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen


async def test_a_screen_under_a_modal_does_not_close_the_modal() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        lesson = app.screen
        assert isinstance(lesson, LessonScreen)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert lesson.is_current  # shown under the modal
        lesson.action_menu()  # the lesson closing itself while the help is on top
        await pilot.pause()
        assert stacked(app)[-2:] == ["LessonScreen", "HelpScreen"], stacked(app)
        await pilot.press("escape")  # the help closes; the lesson is on top again
        await wait_for(pilot, lambda: app.screen is lesson)
        lesson.action_menu()
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        assert "LessonScreen" not in stacked(app)
