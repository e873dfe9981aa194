"""Keys that arrive together (backspace, a digit, Enter in one read) are typed in their order."""

from __future__ import annotations

from textual import events

from tests.tui.lesson_apps import open_quiz, tutor_on_builtin
from tui.widgets.quiz_answer import AnswerField


async def test_backspace_a_digit_and_enter_posted_at_once_answer_the_digit() -> None:
    app = tutor_on_builtin("1")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_quiz(pilot)
        run = screen.lesson_run
        for _ in range(8):  # to the quiz's first question typed as a number
            if run.asked is not None and not run.asked.posed.choices:
                break
            await pilot.press("f3", "enter")
            await pilot.pause()
        asked = run.asked
        assert asked is not None and not asked.posed.choices
        field = screen.query_one(AnswerField)
        await pilot.press("9", "9")
        await pilot.pause()
        for key, character in (("backspace", "\x7f"), ("backspace", "\x7f"), ("7", "7")):
            app.post_message(events.Key(key, character))
        await pilot.pause()
        await pilot.pause()
        assert field.text == "7", field.text
