"""Lesson 6 page 2 (the Turin notes' placeQueens) at 80x24: while its question waits the screen
says why row 0 is at the top and that column 2 was tried and undone; the right answer plays the
step."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tui.lesson_context import LessonContext

FRAME = str.maketrans(dict.fromkeys("│╭╮╰╯─▁▂▃▄▅▆▇█", " "))

# (why row 0 is on top, the page's words, the question's words), as the lesson pane shows them
WORDS = {
    "en": (
        "row 0 at the top",
        "placeQueens(1) put the queen of row 1 in column 2",
        "placeQueens(1) has just removed the queen of row 1 from column 2",
    ),
    "it": (
        "la riga 0 in alto",
        "placeQueens(1) ha messo la regina della riga 1 nella colonna 2",
        "placeQueens(1) ha appena rimosso la regina della riga 1 dalla colonna 2",
    ),
    "pl": (
        "wiersz 0 na górze",
        "placeQueens(1) postawiło hetmana z wiersza 1 w kolumnie 2",
        "placeQueens(1) właśnie zdjęło hetmana z pola (wiersz 1, kolumna 2)",
    ),
}


def _lesson_pane(lines: list[str]) -> str:
    """The lesson pane's text (right of the board's column), joined: a phrase may wrap."""
    left = lines[0].index("╮╭") + 1  # the board column's right border, then the pane's left
    right = [line[left:] for line in lines[1:-3]]
    text = " ".join(part.translate(FRAME) for part in right)
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_page_says_what_the_board_shows_and_the_answer_plays_the_step(
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
        lines = screen_lines(app)
        shown = _lesson_pane(lines)
        row_0, page, question = WORDS[language]
        assert row_0 in shown, "\n".join(lines)
        assert page in shown, "\n".join(lines)
        assert "q[1] = 2" in shown, "\n".join(lines)  # the left-over value, told
        assert question in shown, "\n".join(lines)
        await pilot.press("3", "enter")
        await wait_for(pilot, lambda: run.answered)
        await pilot.pause()
        lines = screen_lines(app)
        q_row = next(line for line in lines if line.startswith("│q │"))
        assert q_row.split("│")[2].split()[:2] == ["0", "3"], "\n".join(lines)
        assert any("placeQueens(1)  j = 3" in line for line in lines), "\n".join(lines)
        assert lines[2].startswith("│1  ") and "♛" in lines[2], "\n".join(lines)
