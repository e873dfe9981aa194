"""On a quiz page (questions only, no text) the question answered stays above its feedback:
the question went and only "Right: 1. b[0] = 1: ..." stayed, and the student could not read
what was asked beside why (student walk 21, en 12, it 26, pl 8). A page with text keeps the
text's rows instead (its question then goes, as before)."""

from __future__ import annotations

from tests.tui.lesson_apps import open_quiz, tutor_on_builtin
from tests.tui.screen_text import wait_for
from tui.widgets.word_wrapped import WordWrapped


async def test_the_quiz_question_answered_stays_above_its_feedback() -> None:
    app = tutor_on_builtin("1")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_quiz(pilot)
        run = screen.lesson_run
        assert screen.query_one("#lesson-page").has_class("-empty")  # questions only
        asked = run.asked
        assert asked is not None
        await pilot.press("f3")  # the answer shown: no question waits
        await wait_for(pilot, lambda: run.asked is None)
        await pilot.pause()
        prompt = screen.query_one("#quiz-prompt", WordWrapped)
        shown = " ".join(str(prompt.render()).split())
        assert prompt.display and " ".join(asked.posed.prompt.split()) in shown, shown
        feedback = screen.query_one("#quiz-feedback", WordWrapped)
        assert feedback.display and feedback.region.y > prompt.region.y
