"""Words typed on a choice question that begin several choices stay typed after "type more of
it", so that typing more goes on from them (student walk 7, pl F10: "ta sama" was cleared, and
" r" then read alone); a word that names no choice is cleared as before."""

from __future__ import annotations

from tests.tui.lesson_apps import tutor_on
from tests.tui.screen_text import wait_for
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.quiz_choices import QuizChoices

LESSON = """\
@lesson typed-more
@title Typed more

@page Diagonals
@question choice
prompt: Column 6, row 4 and column 7, row 5: which equality shows the shared diagonal?
- [ ] same col+row (sum)
- [x] same row-col (difference)
- [ ] neither
@end
"""


async def _typed_and_entered(words: str) -> tuple[str, bool]:
    """``words`` typed on the question's choices and Enter: what stays typed, and whether
    typing " row-col" and Enter after it then answers right."""
    app = tutor_on(LESSON)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        run = screen.lesson_run
        choices = screen.query_one(QuizChoices)
        await pilot.press(*words, "enter")
        await wait_for(pilot, lambda: run.feedback is not None)
        await pilot.pause()
        assert run.asked is not None and run.asked.attempts == 0  # no answer, no cost
        kept = choices.typed
        await pilot.press("space", *"row-col", "enter")
        await pilot.pause()
        return kept, run.answered and run.feedback is not None and run.feedback.correct


async def test_the_start_of_several_choices_stays_typed_and_goes_on() -> None:
    assert await _typed_and_entered("same") == ("same", True)


async def test_a_word_that_is_no_choice_is_cleared() -> None:
    kept, _answered = await _typed_and_entered("maybe")
    assert kept == ""
