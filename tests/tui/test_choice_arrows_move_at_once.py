"""After a wrong choice, the first Up or Down moves from the choice just chosen (after 4, the first
Up only showed the cursor on 4; a second Up reached 3)."""

from __future__ import annotations

import pytest

from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import wait_for
from tui.widgets.quiz_choices import QuizChoices

FOUR = """\
@lesson arrows
@title Arrows

@page Four
@question choice
prompt: Pick the right one.
- [ ] red
  why: Not red.
- [x] green
- [ ] blue
  why: Not blue.
- [ ] black
  why: Not black.
@end
"""


@pytest.mark.parametrize(("picked", "key", "lands"), [("4", "up", 2), ("1", "down", 1)])
async def test_the_first_arrow_after_a_wrong_choice_moves_from_it(
    picked: str, key: str, lands: int
) -> None:
    app = tutor_on(FOUR)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        choices = screen.query_one(QuizChoices)
        await wait_for(pilot, lambda: screen.focused is choices)
        await pilot.press(picked)
        run = screen.lesson_run
        await wait_for(pilot, lambda: run.asked is not None and run.asked.attempts == 1)
        await pilot.pause()
        assert choices.highlighted is None  # wrong: the question waits again, nothing chosen
        await pilot.press(key)
        await pilot.pause()
        assert choices.highlighted == lands
