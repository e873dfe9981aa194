"""The lesson screen offers hint and show-answer only while a question waits."""

from __future__ import annotations

from textual.widgets import Static

from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_screen import LessonScreen


def offered(screen: LessonScreen) -> set[str]:
    """The actions the footer may show (check_action False leaves a binding out)."""
    return {active.binding.action for active in screen.active_bindings.values()}


async def test_hint_and_show_answer_only_while_a_question_waits() -> None:
    lesson = LessonContext.load(lang="en").catalog.lessons[0]
    app = QueensTutorApp(8)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = LessonScreen(lesson, None)
        await app.push_screen(screen)
        prompt = screen.query_one("#quiz-prompt", Static)
        for _ in range(20):  # go on until a question waits
            if screen.lesson_run.asked is not None:
                break
            assert not {"hint", "reveal"} & offered(screen)
            assert not prompt.display  # no empty prompt line above the note
            await pilot.press("enter")
        assert screen.lesson_run.asked is not None
        await wait_for(pilot, lambda: prompt.display)
        assert {"hint", "reveal"} <= offered(screen)
        await pilot.press("f3")  # show the answer: no question waits any more
        await wait_for(pilot, lambda: not prompt.display)
        assert screen.lesson_run.asked is None
        assert not {"hint", "reveal"} & offered(screen)
