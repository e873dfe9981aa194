"""A quiz page at 80x24 says each question's place ("Quiz question 2 of 2:") and, for an answer
right after a wrong one, that it scores nothing (the runner's side:
tests/unit/lessons/test_what_scores_said.py)."""

from __future__ import annotations

from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for

QUIZ = """\
@lesson two-questions
@title Two questions

@quiz Quiz
@question choice
prompt: Which is a queen's column in b[i]?
- [x] i
- [ ] b[i]
@end
@question choice
prompt: Which is a queen's row in b[i]?
- [ ] i
- [x] b[i]
@end
"""


async def test_the_quiz_page_says_the_questions_place_and_a_late_right_scores_nothing() -> None:
    app = tutor_on(QUIZ)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run

        def text() -> str:
            return " ".join(" ".join(screen_lines(app)).replace("│", " ").split())

        assert "Quiz question 1 of 2:" in text(), text()
        await pilot.press("1")
        await wait_for(pilot, lambda: run.answered)
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.asked is not None and run.asked.key.endswith(".1"))
        await pilot.pause()
        assert "Quiz question 2 of 2:" in text(), text()
        await pilot.press("1")  # wrong
        await wait_for(pilot, lambda: run.asked is not None and run.asked.attempts == 1)
        await pilot.press("2")
        await wait_for(pilot, lambda: run.answered)
        await pilot.pause()
        assert "No point for it: a quiz question scores only when it is right at the first" in (
            text()
        ), text()
        assert run.score == 1
