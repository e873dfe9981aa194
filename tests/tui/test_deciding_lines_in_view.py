"""Every built-in question about the board's code shows its deciding lines beside it, whole, named
whole on the border; at 80x24 a question about the board gives the rows to the board, whole, and
to the state: b[]'s line of indices and its k line, the Turin notes' arrays, the code's deciding
line and the top frame (the code pane then shows fewer of its lines and says which)."""

from __future__ import annotations

import pytest

from lessons.i18n import _
from tests.tiers import sweep
from tests.tui.code_in_view import (
    code_questions,
    deciding,
    pane_code,
    pane_rows,
    waiting_screens,
)
from tests.tui.lesson_apps import run_opened, tutor_on_builtin
from tests.tui.screen_text import pauses, screen_lines, thumbs
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.board import Board
from tui.widgets.code_pane import CodePane
from tui.widgets.state_table import StateTable

SIZES = [(80, 24), (120, 40)]
WALKS = [(str(n), size, lang) for n in range(1, 10) for size in SIZES for lang in ("en", "it")]
WALKS.append(("2", (80, 24), "pl"))
WHOLE_UP_TO = 9
"""The largest board a question keeps whole at 80x24 (a 9 x 9 takes 12 of the column's 22 rows)."""
TURIN = "q[], c[], a[], b[]"
TEST = "if(c[j]&&a[i+j]&&b[i-j+n-1]){"
"""The Turin notes' test of a square, as the code pane shows it with no spaces."""


def state_in_view(
    screen: LessonScreen, shown: list[str], where: tuple[object, ...], frame: bool = True
) -> int:
    """The state pane, where it shows, draws its line of indices first and its marker line
    (``k = 5``) or (``frame``) the call stack's top frame; 1 where it shows."""
    table = screen.query_one("#lesson-table", StateTable)
    tables = table.tables
    if not table.display or tables is None:
        return 0
    rows = pane_rows(shown, str(table.border_title))
    label, _, indices = rows[0].partition("│") if rows else ("?", "", "")
    assert label.strip() in ("", "i") and indices.split()[:2] == ["0", "1"], (rows, *where)
    top = tables.marker or (tables.lines[0] if tables.lines and frame else "")
    top = top.partition(":")[0]  # what follows may wrap: k = n = 4: solved
    assert any(top in row for row in rows), (top, rows, *where)
    return 1


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
    short, question = size == (80, 24), _("question: lines {first}-{last}").partition(":")[0]
    async with run_opened(app, size) as (pilot, screen, run):
        asked = arrays = state = 0
        async for shown in waiting_screens(pilot, screen):
            session = run.session
            assert session is not None
            where = (run.page_index, run.asked, "\n".join(shown))
            assert not thumbs(screen), (thumbs(screen), *where)  # each pane says where it scrolls
            in_view = pane_code(shown, session.frame().code.title)
            missing = [line for line in deciding(run) if line not in in_view]
            # a question about the board at 80x24 keeps at least the line its next ticks run most
            # often (the question's first: its test), where the code has room at all
            code, lines = session.frame().code, run.question_lines()
            kept = "".join(code.lines[lines[0]].split()) if lines else ""
            kept_in = kept in in_view or not in_view
            asked_kind = run.asked.question.kind if run.asked is not None else ""
            if short and lesson == "6" and asked_kind == "next-choice" and TEST in deciding(run):
                assert TEST in in_view, (in_view, *where)  # the test that decides the column
            assert not missing or (short and run.board_asked and kept_in), (missing, *where)
            caption = screen.query_one("#lesson-code", CodePane).border_subtitle
            if caption:  # the lines it names, whole on the pane's border
                assert any(f" {caption} " in row for row in shown), (str(caption), *where)
            board = screen.query_one("#lesson-board", Board)
            frame = board.frame
            squares = len(frame.squares) if frame is not None else 0
            if frame is not None and squares <= WHOLE_UP_TO:  # the board the question names
                assert not board.border_subtitle, (str(board.border_subtitle), *where)
            if short and run.board_asked:  # the top frame after the code's line
                state += state_in_view(screen, shown, where, frame=not in_view)
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
            run.reveal()  # its feedback speaks of the board: whole, its state in view
            screen.show()
            await pauses(pilot, 3)
            shown = screen_lines(screen.app)
            if frame is not None and squares <= WHOLE_UP_TO:
                assert not board.border_subtitle, (str(board.border_subtitle), *where, shown)
            if short:
                state_in_view(screen, shown, (*where, "answered", "\n".join(shown)))
            said = str(screen.query_one("#lesson-code", CodePane).border_subtitle or "")
            assert question not in said, (said, *where)  # the feedback shows: no question
        if lesson in ("2", "5", "6"):
            assert asked, "no question about the board's code"
        if short and lesson == "6":
            assert arrays, "no question about placeQueens's lines beside the arrays"
        if short and lesson in ("2", "6"):
            assert state, "no question about the board beside its state"


async def test_a_row_or_backtrack_question_shows_the_backtrack_branch() -> None:
    """Lesson 5's 6 x 6 asks for a row "or b for a backtrack": at 80x24 the listing folded to
    the question's lines goes on after them first, so the else branch (the backtrack) shows."""
    app = tutor_on_builtin("5", "it")
    async with run_opened(app) as (pilot, screen, run):
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
