"""A question's choices are measured at the width they are drawn at: the list keeps its
scrollbar's columns whether or not it shows, and Textual's measure counted them as text. Lesson
1 p2's third choice in Italian at 80x24 wrapped onto one line more than measured; its end ("3)
e altre tre nella riga più in alto") was hidden under a scrollbar thumb, and the choice read as
the second one."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.screen_text import lines, screen_lines
from tests.tui.test_lesson_layout import builtin, open_page
from tui.widgets.quiz_choices import QuizChoices


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
