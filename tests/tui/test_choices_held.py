"""Choices never break a number or a formula across lines:
Textual's own wrap breaks at any Unicode space, the Polish thousands' no-break space too, so
"433 354 409" could end a line at "433"; the choices are wrapped as the lesson text is
(tui/widgets/no_break.py), a continuation indented under the choice's first word."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import region_lines, wait_for
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
