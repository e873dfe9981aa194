"""Issue 39 (student walks, en F18 / it F14): lesson 6 page 2 asks "placeQueens(1): in which
column does the queen of row 1 go?" on a board played up to the first "backtrack: remove the
i-th queen". At 80x24, while the question waits, what is on screen must tell that column 2
was tried and undone: the page's first lines say it (they used to be three screens below),
and so does the question itself."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tui.lesson_context import LessonContext

FRAME = str.maketrans(dict.fromkeys("│╭╮╰╯─▁▂▃▄▅▆▇█", " "))

# (the page's words, the question's words), as the lesson pane shows them
WORDS = {
    "en": (
        "placeQueens(1) put the queen of row 1 in column 2",
        "placeQueens(1) has just removed the queen of row 1 from column 2",
    ),
    "it": (
        "placeQueens(1) ha messo la regina della riga 1 nella colonna 2",
        "placeQueens(1) ha appena rimosso la regina della riga 1 dalla colonna 2",
    ),
    "pl": (
        "placeQueens(1) postawiło hetmana z wiersza 1 w kolumnie 2",
        "placeQueens(1) właśnie zdjęło hetmana z pola (wiersz 1, kolumna 2)",
    ),
}


def _lesson_pane(lines: list[str]) -> str:
    """The lesson pane's text (right of the board's column), joined."""
    left = lines[0].index("╮╭") + 1  # the board column's right border, then the pane's left
    right = [line[left:] for line in lines[1:-3]]
    text = " ".join(part.translate(FRAME) for part in right)
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_screen_says_column_2_was_tried_and_undone_while_the_question_waits(
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
        page, question = WORDS[language]
        assert page in shown, "\n".join(lines)
        assert "q[1] = 2" in shown, "\n".join(lines)  # the left-over value, told
        assert question in shown, "\n".join(lines)
