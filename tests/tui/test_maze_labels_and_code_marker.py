"""The maze page's column numbers never run together (``1011121314``), and the code pane carries one
arrow (→), on the line that decided the tick; the other lines the tick ran through get a dot, not a
second arrow. The arrow is not the state table's ▶ ("▶ k = 2" beside "▶ else ..." meant two things
with one glyph)."""

from __future__ import annotations

import re

from lessons import i18n
from lessons.parsing.parser import parse
from tests.tui.screen_text import lines, main_screen, pane, wait_for
from tui.app import QueensTutorApp
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.board import Board


async def test_the_maze_numbers_its_columns_apart() -> None:
    """The rooms maze is 15 columns wide: its numbers 10 to 14 stood as 1011121314."""
    i18n.set_language("en")
    text = (
        "@lesson rooms\n@title Rooms\n@summary A wide maze\n\n@page The maze\nA wide maze.\n"
        "@board algorithm=maze maze=rooms\n"
    )
    lesson = parse(text, "rooms.md").lesson
    assert lesson is not None
    app = QueensTutorApp(8)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = LessonScreen(lesson, None)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.pause()
        board = screen.query_one(Board)
        frame = board.frame
        assert frame is not None and len(frame.col_labels) >= 11, "a maze 11 columns wide or more"
        drawn = lines(board)
        files = next(line for line in drawn if re.fullmatch(r"[\s\d]+", line) and "0" in line)
        numbers = files.split()
        assert all(len(number) <= 2 for number in numbers), files  # never 1011...
        assert numbers[0] == "0" and "10" in numbers, files
        for number in numbers:  # each at the left of its own square
            at = files.index(f" {number}") + 1 if number != "0" else files.index("0")
            square = (at - files.index("0")) // 2
            assert frame.col_labels[square] == number, (number, files)


async def test_the_code_pane_marks_only_the_deciding_line() -> None:
    i18n.set_language("en")
    app = QueensTutorApp(8)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        ran_several = False
        for _ in range(12):
            await pilot.press("space")
            await pilot.pause()
            code = main_screen(app).session.frame().code
            await wait_for(pilot, lambda: bool(lines(pane(app, "code"))))
            drawn = lines(pane(app, "code"))
            marked = [line for line in drawn if line.lstrip().startswith("→")]
            assert len(marked) == 1, drawn
            assert not any("▶" in line for line in drawn), drawn  # the state table's glyph
            assert any("▶ k = " in line for line in lines(pane(app, "table")))
            assert code is not None and code.ran
            ran_several = ran_several or len(code.ran) > 1
        assert ran_several, "a tick that ran several lines was drawn"


def test_the_code_arrow_differs_from_the_marker_in_both_glyph_sets() -> None:
    from rich.cells import cell_len

    from solver.views.widths import GUTTER
    from tui.glyphs import ASCII, UNICODE

    for glyphs in (UNICODE, ASCII):
        assert cell_len(glyphs.ran) == GUTTER  # the gutter's two columns, as before
        assert glyphs.ran.strip() != glyphs.marker  # "->" and ">", "→" and "▶"
        assert glyphs.ran.strip()
