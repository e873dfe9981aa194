"""Every built-in question about the board's code shows the lines that decide it beside it,
whole, with the border that names them whole: at 80x24 the column widens to them and the page's
question chooses which pane gives way (a question about the board keeps the board whole, the
table yielding; any other keeps the code, the board yielding), at 120x40 the code pane has them
too."""

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
from tests.tui.screen_text import screen_lines
from tui.widgets.board import Board
from tui.widgets.code_pane import CodePane

LESSONS = [str(number) for number in range(1, 10)]
SIZES = [(80, 24), (120, 40)]
WHOLE_UP_TO = 6
"""The largest board a question about the board keeps whole beside its lines at 80x24 (an 8 x 8
with the loop's four lines takes a row more than the column has)."""


@pytest.mark.parametrize("lang", sweep(["en", "it"], everyday=["it"]))
@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(80, 24)]))
@pytest.mark.parametrize("lesson", sweep(LESSONS, everyday=["2", "5", "6"]))
async def test_the_lines_a_question_is_about_are_in_view(
    lesson: str, size: tuple[int, int], lang: str
) -> None:
    app = tutor_on_builtin(lesson, lang)
    async with app.run_test(size=size) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        asked = 0
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
            if run.board_asked and frame is not None and len(frame.squares) <= WHOLE_UP_TO:
                assert not board.border_subtitle, (str(board.border_subtitle), *where)
            asked += 1
        if lesson in ("2", "5", "6"):
            assert asked, "no question about the board's code"


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
        for _ in range(3):
            await pilot.pause()
        shown = screen_lines(app)
        in_view = pane_code(shown, session.frame().code.title)
        assert "else{b[k]=-1;k--;}" in in_view, "\n".join(shown)


@pytest.mark.parametrize("lang", sweep(["en", "it"], everyday=["en"]))
async def test_a_code_question_keeps_every_array_of_the_table_beside_its_lines(lang: str) -> None:
    """The Turin notes' next column follows from c[], a[] and b[]: at 80x24 a question about
    placeQueens's lines on a 4 x 4 board shows them whole and every array's row beside the whole
    board (the column widens until all three fit; a larger board leaves no room for that)."""
    app = tutor_on_builtin("6", lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        asked = 0
        async for shown in waiting_screens(pilot, screen):
            session = run.session
            assert session is not None
            title = next((row for row in shown if "─ q[], c[], a[], b[] ─" in row), None)
            if title is None or len(session.frame().board.squares) > 4:
                continue  # a given board's table, or a board too large
            rows = pane_rows(shown, "q[], c[], a[], b[]")
            labels = {row.split("│")[0].strip() for row in rows if "│" in row}
            where = (run.page_index, run.asked, "\n".join(shown))
            assert {"q", "c", "a", "b"} <= labels, f"{labels} {where[0]}\n{where[2]}"
            in_view = pane_code(shown, session.frame().code.title)
            assert not [line for line in deciding(run) if line not in in_view], where
            assert not screen.query_one("#lesson-board", Board).border_subtitle, where
            asked += 1
        assert asked, "no question about placeQueens's lines beside the arrays"


@pytest.mark.parametrize("lang", sweep(["en", "pl"], everyday=["pl"]))
async def test_a_board_question_keeps_b_beside_the_whole_board(lang: str) -> None:
    """Lesson 2's quiz asks where the queen goes next on a 5 x 5 board in all-solutions mode: at
    80x24 the board is whole and b[] shows its values beside it, the list of solutions left out
    where the column has no room for it (it gave the table its rows: an empty b[] pane)."""
    app = tutor_on_builtin("2", lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        asked = 0
        async for shown in waiting_screens(pilot, screen):
            if not run.board_asked:
                continue
            where = f"{run.page_index} {run.asked}\n" + "\n".join(shown)
            assert not screen.query_one("#lesson-board", Board).border_subtitle, where
            rows = pane_rows(shown, "b[]")
            assert any(row.lstrip().startswith("b[i]") for row in rows), where
            asked += 1
        assert asked, "no question about the board beside b[]"
