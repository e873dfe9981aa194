"""The key bar offers f2 (hint) only on a question that has a hint, and
not once it is shown."""

from __future__ import annotations

from tests.tui.lesson_apps import tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tests.tui.test_free_hint import QUIZ
from tui.screens.lesson_screen import LessonScreen


async def test_f2_is_offered_only_where_there_is_a_hint() -> None:
    app = tutor_on(QUIZ)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        run = screen.lesson_run
        await wait_for(pilot, lambda: run.asked is not None)
        await pilot.pause()
        bar = screen_lines(app)[-1]
        assert "f2" not in bar and "f3" in bar, bar  # no hint written: f2 not offered
        await pilot.press("2")
        await wait_for(pilot, lambda: run.answered)
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.asked is not None)
        await pilot.pause()
        bar = screen_lines(app)[-1]
        assert "f2 Hint" in bar, bar  # this one has a hint
        # Once shown, the hint stays in the feedback and f2 leaves the bar: pressed again it
        # told nothing new.
        await pilot.press("f2")
        await pilot.pause()
        assert run.asked is not None and run.asked.hint_shown
        bar = screen_lines(app)[-1]
        assert "f2" not in bar and "f3" in bar, bar
