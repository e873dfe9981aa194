"""A choice question shows every choice when the pane has the room (lesson 8's quiz question 3 at
80x24 in Polish showed choices 1 and 2 under a scrollbar, with 13 empty lines above: its first
choice wraps only at the width a scrollbar leaves, and the list, measured without one, kept one)."""

from __future__ import annotations

from tests.tui.lesson_apps import lesson_screen, tutor_on_builtin
from tests.tui.screen_text import screen_lines
from tui.widgets.quiz_choices import QuizChoices


async def test_lesson_8_quiz_question_3_shows_its_three_choices_in_polish() -> None:
    app = tutor_on_builtin("8", "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        run.goto(len(run.lesson.pages) - 1)
        screen.show(ask=True)
        await pilot.pause()
        for _ in range(2):  # questions 1 and 2: the answer shown, then on
            await pilot.press("f3")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
        await pilot.pause()
        assert run.asked is not None and len(run.asked.posed.choices) == 3
        choices = screen.query_one(QuizChoices)
        assert choices.virtual_size.height <= choices.size.height, choices.virtual_size
        shown = "\n".join(screen_lines(app))
        for number in ("1. ", "2. ", "3. "):
            assert number in shown, shown
