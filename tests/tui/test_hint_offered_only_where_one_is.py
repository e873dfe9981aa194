"""A question with no hint never offers one: its wrong answer says "Try again." (not "..., or ask
for a hint."), neither the help nor the key bar offers f2; a question with a hint offers it in
all three, until it is shown."""

from __future__ import annotations

from lessons import i18n
from lessons.answers.feedback import MESSAGES
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tests.tui.test_free_hint import QUIZ
from tui.screens.help_screen import HelpScreen


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
