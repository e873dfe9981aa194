"""Hints: one that gives nothing costs nothing (f2 says there is none, the wrong answer's feedback
stays, the right answer scores); a question with no hint never offers one (feedback, help, key
bar); one with a hint offers it until it is shown, and loses its point."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.answers.feedback import MESSAGES
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tui.screens.help_screen import HelpScreen

QUIZ = """@lesson hints
@title Hints
@quiz
@question choice
prompt: Which array records the rising diagonals (i+j)?
- [ ] c[]
- [x] a[]
@end
@question choice
prompt: Which array records the columns?
hint: The first letter of column.
- [x] c[]
- [ ] a[]
@end
"""


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["en"]))
async def test_no_hint_costs_no_point(lang: str) -> None:
    app = tutor_on(QUIZ, lang)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await wait_for(pilot, lambda: run.asked is not None)
        await pilot.press("f2")
        await pilot.pause()
        none = i18n.translation(lang).gettext(MESSAGES["hint.none"])
        shown = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert " ".join(none.split()[:4]) in shown  # there is none, said in its language
        assert run.asked is not None and not run.asked.hint_shown
        await pilot.press("2")  # the right choice: the point is kept
        await wait_for(pilot, lambda: run.answered)
        assert run.score == 1
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.asked is not None)
        await pilot.press("f2")  # a real hint: this question no longer scores
        await pilot.pause()
        await pilot.press("1")
        await wait_for(pilot, lambda: run.answered)
        assert (run.score, run.lesson.max_score) == (1, 2)


async def test_asking_for_no_hint_keeps_the_feedback_of_a_wrong_answer() -> None:
    app = tutor_on(QUIZ, "en")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await wait_for(pilot, lambda: run.asked is not None)
        await pilot.press("1")  # wrong: its feedback is on screen
        await wait_for(pilot, lambda: run.feedback is not None)
        feedback = run.feedback
        assert feedback is not None and not feedback.correct and feedback.message
        await pilot.press("f2")
        await pilot.pause()
        shown = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert " ".join(MESSAGES["hint.none"].split()[:4]) in shown
        assert " ".join(feedback.message.split()[:4]) in shown  # the feedback stays


def _shown(app: object) -> str:
    return " ".join(" ".join(screen_lines(app)).replace("│", " ").split())  # type: ignore[arg-type]


async def test_a_question_without_a_hint_offers_none() -> None:
    app = tutor_on(QUIZ)
    offer = i18n.translation("en").gettext(MESSAGES["answer.try_again"])
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await wait_for(pilot, lambda: run.asked is not None)
        await pilot.pause()
        bar = screen_lines(app)[-1]
        assert "f2" not in bar and "f3" in bar, bar
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        assert "f2" not in _shown(app)  # no hint written: the help does not offer one
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("1")  # wrong
        await pilot.pause()
        shown = _shown(app)
        assert "Not right: choice 1, “c[]”." in shown and "Try again." in shown, shown
        assert offer not in shown, shown
        await pilot.press("2")  # right
        await wait_for(pilot, lambda: run.answered)
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.asked is not None and run.asked.posed.hint != "")
        await pilot.pause()
        assert "f2 Hint" in screen_lines(app)[-1], screen_lines(app)[-1]
        await pilot.press("2")  # wrong: this one has a hint, and offers it
        await pilot.pause()
        assert offer in _shown(app)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        assert "f2" in _shown(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("f2")  # shown: it stays in the feedback, and f2 leaves the bar
        await pilot.pause()
        assert run.asked is not None and run.asked.hint_shown
        bar = screen_lines(app)[-1]
        assert "f2" not in bar and "f3" in bar, bar
