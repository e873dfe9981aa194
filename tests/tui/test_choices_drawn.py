"""A question's choices as drawn: wrapped as the lesson text is (a number or a formula never split,
a continuation under the choice's first word), measured at the width they are drawn at, every
one in view where the pane has the room."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on, tutor_on_builtin
from tests.tui.screen_text import lines, region_lines, screen_lines, wait_for
from tests.tui.test_lesson_layout import builtin, open_page
from tui.widgets.quiz_choices import QuizChoices

NUMBER = "433\u00a0354\u00a0409"
PAIRS = "dla każdej pary hetmanów w\u00a0kolumnach"
LESSON = f"""@lesson held
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
    app = tutor_on(LESSON, "pl")
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
