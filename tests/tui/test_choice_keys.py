"""Keys on a choice question and its choices as drawn: words that begin several choices stay typed,
a digit chooses or goes on a choice's words, the first arrow after a wrong choice moves from it;
the choices wrap as the lesson text does, are measured as drawn and all in view."""

from __future__ import annotations

import pytest
from textual import events

from tests.tiers import sweep
from tests.tui.lesson_apps import builtin, lesson_opened, run_opened, tutor_on, tutor_on_builtin
from tests.tui.lesson_apps import open_builtin as open_page
from tests.tui.screen_text import lines, pressed, region_lines, screen_lines, wait_for
from tui.widgets.quiz_choices import QuizChoices

TYPED = """\
@lesson typed-more
@title Typed more

@page Diagonals
@question choice
prompt: Column 6, row 4 and column 7, row 5: which equality shows the shared diagonal?
- [ ] same col+row (sum)
- [x] same row-col (difference)
- [ ] neither
@end

@page Values
@question choice
prompt: Why are the values of b[] in a solution all different?
- [ ] because b[] is sorted from the first column to the last
- [x] because two queens in one row would attack each other
- [ ] because -1 marks an empty column and is used only once
@end

@page Sizes
@question choice
prompt: Which board has a single solution?
- [x] n = 1
- [ ] n = 2
- [ ] neither
@end
"""


async def test_words_typed_on_choices_stay_typed_or_choose_by_a_number() -> None:
    """Enter on words that begin no choice clears them, on the start of several keeps them
    (no answer, no cost) and typing more answers; "because" begins every choice, so 2 then
    chooses choice 2; "n =" begins two and "n = 1" one: the 1 goes on typing."""
    app = tutor_on(TYPED)
    async with run_opened(app) as (pilot, screen, run):
        choices = screen.query_one(QuizChoices)
        for page, words, kept, more in [
            (0, "maybe", "", ()),
            (0, "same", "same", ("space", *"row-col", "enter")),
            (1, "because", "because", ("2",)),
            (2, "n =", "n =", (" ", "1")),
        ]:
            await wait_for(pilot, lambda p=page: run.page_index == p and bool(run.asked))  # type: ignore[misc]
            before = run.feedback
            await pilot.press(*words, "enter")
            await wait_for(pilot, lambda b=before: run.feedback is not b)  # type: ignore[misc]
            await pilot.pause()
            assert run.asked is not None and run.asked.attempts == 0, words
            assert choices.typed == kept, words
            await pressed(pilot, *more)
            if page < 2 and more:
                await wait_for(pilot, lambda: run.answered)
                assert run.feedback is not None and run.feedback.correct and choices.typed == ""
                await pilot.press("enter")
        assert choices.typed == "n = 1"
        for key in ("²", "٣"):  # a superscript is no choice's number; a decimal digit is text
            pilot.app.post_message(events.Key(key, key))
        await wait_for(pilot, lambda: choices.typed == "n = 1²٣")


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


async def test_the_first_arrow_after_a_wrong_choice_moves_from_it() -> None:
    app = tutor_on(FOUR)
    async with lesson_opened(app) as (pilot, screen):
        choices = screen.query_one(QuizChoices)
        await wait_for(pilot, lambda: screen.focused is choices)
        run = screen.lesson_run
        for attempt, (picked, key, lands) in enumerate([("4", "up", 2), ("1", "down", 1)], 1):
            await pilot.press(picked)
            await wait_for(
                pilot,
                lambda a=attempt: run.asked is not None and run.asked.attempts == a,  # type: ignore[misc]
            )
            await pilot.pause()
            assert choices.highlighted is None  # wrong: the question waits, nothing chosen
            await pressed(pilot, key)
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
    async with lesson_opened(app, (width, 24)) as (pilot, screen):
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
    async with run_opened(app) as (pilot, screen, run):
        run.goto(len(run.lesson.pages) - 1)
        screen.show(ask=True)
        await pilot.pause()
        for _ in range(2):  # questions 1 and 2: the answer shown, then on
            await pressed(pilot, "f3")
            await pressed(pilot, "enter")
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
