"""Lesson 6 page 2 (the Turin notes' placeQueens) at 80x24: its first screen says why the
board has row 0 at the top, and the right answer plays the step, as lesson 5's answers do (the
queen of row 1 drawn in column 3, q[1] = 3 and j = 3 in the table)."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tui.lesson_context import LessonContext

WORDS = {
    "en": "row 0 at the top",
    "it": "la riga 0 in alto",
    "pl": "wiersz 0 na górze",
}


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_answer_plays_the_step_and_the_page_says_why_row_0_is_on_top(
    language: str,
) -> None:
    lesson = LessonContext.load(lang=language).catalog.find("recursive")  # lesson 6
    app = tutor_on(lesson.path.read_text(encoding="utf-8"), language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await pilot.press("n")
        await wait_for(pilot, lambda: run.page_index == 1 and run.asked is not None)
        await pilot.pause()
        # The lesson pane's lines (right of the board's 26 columns), joined: a phrase may wrap.
        shown = " ".join(
            " ".join(line[26:].strip("│ ▁▂▃▄▅▆▇█") for line in screen_lines(app)).split()
        )
        assert WORDS[language] in shown, "\n".join(screen_lines(app))
        await pilot.press("3", "enter")
        await wait_for(pilot, lambda: run.answered)
        await pilot.pause()
        lines = screen_lines(app)
        q_row = next(line for line in lines if line.startswith("│q │"))
        assert q_row.split("│")[2].split()[:2] == ["0", "3"], "\n".join(lines)
        assert any("placeQueens(1)  j = 3" in line for line in lines), "\n".join(lines)
        assert lines[2].startswith("│1  ") and "♛" in lines[2], "\n".join(lines)
