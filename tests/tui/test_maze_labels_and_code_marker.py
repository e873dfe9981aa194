"""A lesson's maze is drawn in a pane titled "maze", its column numbers apart (never
``1011121314``); the code pane carries one arrow (→, not the state table's ▶), on the line that
decided the tick, the other lines the tick ran through a dot."""

from __future__ import annotations

import re

from lessons import i18n
from lessons.parsing.parser import parse
from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin
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


async def test_the_maze_pane_is_titled_maze_and_the_queens_board() -> None:
    app = tutor_on_builtin("8", "it")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await lesson_screen(pilot)
            board = screen.query_one("#lesson-board")
            for page, title in ((3, "scacchiera"), (4, "labirinto"), (5, "labirinto")):
                await open_page(pilot, screen, page)
                await pilot.pause()
                assert str(board.border_title) == title, (page, board.border_title)
    finally:
        i18n.set_language("en")
