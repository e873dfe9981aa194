"""Keys on a choice question and its choices as drawn: words that begin several choices stay typed,
a digit chooses or goes on a choice's words, the first arrow after a wrong choice moves from it;
the choices wrap as the lesson text does, are measured as drawn and all in view."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from textual.pilot import Pilot

from lessons.runner import LessonRun
from tests.tiers import sweep
from tests.tui.lesson_apps import builtin, lesson_screen, tutor_on, tutor_on_builtin
from tests.tui.lesson_apps import open_builtin as open_page
from tests.tui.screen_text import lines, region_lines, screen_lines, wait_for
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


NUMBER = "433\u00a0354\u00a0409"
PAIRS = "dla każdej pary hetmanów w\u00a0kolumnach"
HELD = f"""@lesson held
@title Held
@page Choices
Which one?
@question choice
prompt: Ile rozmieszczeń sprawdza pełny przegląd do pierwszego rozwiązania?
- [x] {"dokładnie " * 4}{NUMBER} rozmieszczeń, bo liczy je po kolei, a\u00a0nie wszystkie naraz
- [ ] {"zawsze " * 5}tyle co przestrzeń, czyli i + j == n - 1 {PAIRS}
  why: Nie.
- [ ] żadnego
  why: Nie.
@end
"""


@pytest.mark.parametrize("width", sweep([80, 100], everyday=[80]))
async def test_a_number_and_a_formula_stay_on_one_line(width: int) -> None:
    app = tutor_on(HELD, "pl")
    async with app.run_test(size=(width, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await wait_for(pilot, lambda: screen.lesson_run.asked is not None)
        await pilot.pause()
        choices = screen.query_one(QuizChoices)
        lines = [line.rstrip() for line in region_lines(app, choices)]
        text = "\n".join(lines)
        assert "433 354 409" in text, text
        assert "i + j == n - 1" in text, text
        assert "w kolumnach" in text and "a nie" in text, text
        wrapped = [line for line in lines if line.strip().startswith(("1.", "2."))]
        assert len(wrapped) == 2, text
        first = next(i for i, line in enumerate(lines) if "1." in line)
        indent = lines[first].index("1.") + len("1. ")
        assert lines[first + 1][:indent].strip() == "", text  # under the choice's first word


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


@pytest.mark.parametrize("lang", sweep(["it", "pl"], everyday=["pl"]))
async def test_every_line_of_every_choice_is_in_view(lang: str) -> None:
    app = builtin(1, 2, (80, 24), lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_page(pilot, 1, 2)
        choices = screen.query_one(QuizChoices)
        text = "\n".join(screen_lines(app))
        assert choices.max_scroll_y == 0, text  # nothing below the list's foot
        drawn = " ".join(" ".join(lines(choices)[: choices.size.height]).split())
        asked = screen.lesson_run.asked
        assert asked is not None
        for number, choice in enumerate(asked.posed.choices, 1):
            assert f"{number}. {' '.join(choice.split())}" in drawn, (choice, text)
