"""Every built-in question about the board's code shows its deciding lines beside it, whole, named
whole on the border; a question about the board keeps the board whole; beside them stay the
arrays the answer follows from (the Turin notes' on lesson 6's 4 x 4, b[] on lesson 2's quiz)."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.code_in_view import (
    code_questions,
    deciding,
    pane_code,
    pane_rows,
    waiting_screens,
)
from tests.tui.lesson_apps import lesson_screen, tutor_on_builtin
from tests.tui.screen_text import pauses, screen_lines
from tui.widgets.board import Board
from tui.widgets.code_pane import CodePane

SIZES = [(80, 24), (120, 40)]
WALKS = [(str(n), size, lang) for n in range(1, 10) for size in SIZES for lang in ("en", "it")]
WALKS.append(("2", (80, 24), "pl"))
WHOLE_UP_TO = 6
"""The largest board a question about the board keeps whole beside its lines at 80x24 (an 8 x 8
with the loop's four lines takes a row more than the column has)."""
TURIN = "q[], c[], a[], b[]"


@pytest.mark.parametrize(
    ("lesson", "size", "lang"),
    sweep(
        WALKS,
        everyday=[("2", (80, 24), "pl"), ("6", (80, 24), "en")],  # 5: its backtrack question below
        several=True,
    ),
)
async def test_the_lines_a_question_is_about_are_in_view(
    lesson: str, size: tuple[int, int], lang: str
) -> None:
    app = tutor_on_builtin(lesson, lang)
    short = size == (80, 24)
    async with app.run_test(size=size) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        asked = arrays = beside_b = 0
        async for shown in waiting_screens(pilot, screen):
            session = run.session
            assert session is not None
            where = (run.page_index, run.asked, "\n".join(shown))
            in_view = pane_code(shown, session.frame().code.title)
            missing = [line for line in deciding(run) if line not in in_view]
            assert not missing, (missing, *where)
            caption = screen.query_one("#lesson-code", CodePane).border_subtitle
            if caption:  # the lines it names, whole on the pane's border
                assert any(f" {caption} " in row for row in shown), (str(caption), *where)
            board = screen.query_one("#lesson-board", Board)
            frame = board.frame
            squares = len(frame.squares) if frame is not None else 0
            if run.board_asked and frame is not None and squares <= WHOLE_UP_TO:
                assert not board.border_subtitle, (str(board.border_subtitle), *where)
            asked += 1
            if (
                short
                and lesson == "6"
                and squares <= 4
                and any(f"─ {TURIN} ─" in row for row in shown)
            ):
                rows = pane_rows(shown, TURIN)
                labels = {row.split("│")[0].strip() for row in rows if "│" in row}
                assert {"q", "c", "a", "b"} <= labels, (labels, *where)
                assert not board.border_subtitle, where
                arrays += 1
            if short and lesson == "2" and run.board_asked:
                assert not board.border_subtitle, where
                rows = pane_rows(shown, "b[]")
                assert any(row.lstrip().startswith("b[i]") for row in rows), where
                beside_b += 1
        if lesson in ("2", "5", "6"):
            assert asked, "no question about the board's code"
        if short and lesson == "6":
            assert arrays, "no question about placeQueens's lines beside the arrays"
        if short and lesson == "2":
            assert beside_b, "no question about the board beside b[]"


async def test_a_row_or_backtrack_question_shows_the_backtrack_branch() -> None:
    """Lesson 5's 6 x 6 asks for a row "or b for a backtrack": at 80x24 the listing folded to
    the question's lines goes on after them first, so the else branch (the backtrack) shows."""
    app = tutor_on_builtin("5", "it")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        for _page in code_questions(run):
            session = run.session
            assert session is not None
            if len(session.frame().board.squares) == 6:
                break
        screen.show(ask=True)
        await pauses(pilot, 3)
        shown = screen_lines(app)
        in_view = pane_code(shown, session.frame().code.title)
        assert "else{b[k]=-1;k--;}" in in_view, "\n".join(shown)
