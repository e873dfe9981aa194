"""Keys on a choice question: words typed that begin several choices stay typed so that typing
more goes on from them (a word that names no choice is cleared), a digit chooses or goes on a
choice's words, and the first arrow after a wrong choice moves from it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from textual.pilot import Pilot

from lessons.runner import LessonRun
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import wait_for
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


@asynccontextmanager
async def typed_and_entered(
    lesson: str, words: str
) -> AsyncIterator[tuple[Pilot[None], LessonRun, QuizChoices]]:
    """``lesson`` open at 80x24 with ``words`` typed on its question's choices and Enter
    pressed (what that said is shown): the pilot, the lesson's run and the choices."""
    app = tutor_on(lesson)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await pilot.press(*words, "enter")
        await wait_for(pilot, lambda: run.feedback is not None)
        await pilot.pause()
        yield pilot, run, screen.query_one(QuizChoices)


@pytest.mark.parametrize(("words", "kept"), [("same", "same"), ("maybe", "")])
async def test_the_start_of_several_choices_stays_typed_and_no_choice_is_cleared(
    words: str, kept: str
) -> None:
    """Typing more goes on from the start of several choices: " row-col" then answers right."""
    async with typed_and_entered(LESSON, words) as (pilot, run, choices):
        assert run.asked is not None and run.asked.attempts == 0  # no answer, no cost
        assert choices.typed == kept
        if kept:
            await pilot.press("space", *"row-col", "enter")
            await wait_for(pilot, lambda: run.answered)
            assert run.feedback is not None and run.feedback.correct


async def test_a_number_after_the_start_of_several_choices_chooses_it() -> None:
    """Every choice begins with because: "type more of it, or press its number (1 to 3)";
    2 then chooses choice 2, never typed on as "because2"."""
    async with typed_and_entered(BECAUSE, "because") as (pilot, run, choices):
        assert choices.typed == "because"
        await pilot.press("2")
        await wait_for(pilot, lambda: run.answered)
        assert run.feedback is not None and run.feedback.correct
        assert choices.typed == ""


async def test_a_digit_that_goes_on_a_choice_stays_typed() -> None:
    """Typed "n =" begins two choices and "n = 1" one of them: the 1 goes on typing the
    choice's words, it does not choose choice 1 by its number."""
    async with typed_and_entered(SIZES, "n =") as (pilot, _run, choices):
        assert choices.typed == "n ="
        await pilot.press(" ", "1")
        await pilot.pause()
        assert choices.typed == "n = 1"


BECAUSE = """\
@lesson typed-number
@title Typed number

@page Values
@question choice
prompt: Why are the values of b[] in a solution all different?
- [ ] because b[] is sorted from the first column to the last
- [x] because two queens in one row would attack each other
- [ ] because -1 marks an empty column and is used only once
@end
"""

SIZES = """\
@lesson typed-sizes
@title Typed sizes

@page Sizes
@question choice
prompt: Which board has a single solution?
- [x] n = 1
- [ ] n = 2
- [ ] neither
@end
"""


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
