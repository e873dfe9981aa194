"""The terminal cursor (for magnifiers and braille displays) rests on the square being tried, on
the learner's square when placing queens, on the answer while a question waits: read from the
character under it and the rank and file numbers beside it."""

from __future__ import annotations

import pytest
from textual.geometry import Offset
from textual.pilot import Pilot

from solver.methods.iterative.engine import Snapshot as IterativeSnapshot
from tests.tui.screen_text import main_screen, pane, press_for, pressed, screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.glyphs import UNICODE
from tui.screens.place_screen import PlaceScreen
from tui.widgets.session_view import SessionView

SIZE = (80, 24)
TRIED = {UNICODE.candidate, UNICODE.trying}


def under_cursor(app: QueensTutorApp) -> str:
    x, y = app.cursor_position
    line = screen_lines(app)[y]
    return line[x] if x < len(line) else " "


def rank_and_file(app: QueensTutorApp) -> tuple[int, int]:
    """The row number printed left of the cursor's line and the file number printed under its
    column, at the board's foot (the first line below it whose character there is a digit)."""
    x, y = app.cursor_position
    lines = screen_lines(app)
    row = int(lines[y].split("│")[1].split()[0])  # the rank number, first in the board's pane
    for below in lines[y + 1 :]:
        if x < len(below) and below[x].isdigit():
            start = x
            while start > 0 and below[start - 1].isdigit():
                start -= 1
            end = x
            while end < len(below) and below[end].isdigit():
                end += 1
            return int(below[start:end]), row
    raise AssertionError("no file number under the cursor")


async def test_the_cursor_rests_on_the_square_tried_under_a_modal_and_on_the_maze() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, *["space"] * 5)
        # The Wrocław lecture, tick 5: b = [0, 2, 0, -1], row 0 of column 2 tried, attacked.
        assert under_cursor(app) == UNICODE.candidate
        assert rank_and_file(app) == (2, 0)
        await pressed(pilot, "space")  # b[2]++: row 1 of column 2
        assert under_cursor(app) in TRIED
        assert rank_and_file(app) == (2, 1)
        await pressed(pilot, "left")  # back to tick 5, undone: the cursor goes back too
        assert under_cursor(app) == UNICODE.candidate
        assert rank_and_file(app) == (2, 0)
        await leaves_for_a_screen_on_top(pilot, "question_mark")
    app = QueensTutorApp(method="maze", maze="detour")  # where the maze search stands
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, *["space"] * 12)
        assert under_cursor(app) == UNICODE.here


async def test_the_cursor_follows_a_board_larger_than_its_pane() -> None:
    app = QueensTutorApp(20)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(6):
            await pilot.press("enter")
        await pressed(pilot, "space")
        snapshot = main_screen(app).session.snapshot
        assert isinstance(snapshot, IterativeSnapshot)
        k = snapshot.k
        assert under_cursor(app) in TRIED
        assert rank_and_file(app) == (k, snapshot.b[k])
        board = pane(app, "board")
        assert board.content_region.contains_point(app.cursor_position)


async def leaves_for_a_screen_on_top(pilot: Pilot[None], key: str) -> None:
    """The palette and the help are modals: the main screen still shows under them (Textual's
    is_current), but the board it draws there must not take the cursor from them; closed, the
    cursor is back on the square."""
    app = pilot.app
    on_square, main = app.cursor_position, app.screen
    await pilot.press(key)
    await wait_for(pilot, lambda: app.screen is not main)
    app.cursor_position = Offset(0, 0)
    main.query_one(SessionView).refresh()  # the board under the modal draws again
    await pilot.pause()
    assert app.cursor_position != on_square
    await pilot.press("escape")
    await wait_for(pilot, lambda: app.screen is main)
    main.query_one(SessionView).refresh()
    await pilot.pause()
    assert app.cursor_position == on_square
    assert under_cursor(app) == UNICODE.candidate  # type: ignore[arg-type]


@pytest.mark.thorough  # the help's the same, every run
async def test_the_cursor_leaves_the_board_for_the_palette_and_comes_back() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, *["space"] * 5)
        await leaves_for_a_screen_on_top(pilot, "ctrl+p")


async def test_the_cursor_is_the_learners_when_placing_queens() -> None:
    app = QueensTutorApp(5)
    async with app.run_test(size=SIZE) as pilot:
        await press_for(pilot, PlaceScreen, "o")
        await pressed(pilot, "right", "right", "up", "space", "right")
        screen = app.screen
        assert isinstance(screen, PlaceScreen)
        x, y = app.cursor_position
        line = screen_lines(app)[y]
        assert (line[x - 1], line[x + 1]) == ("[", "]")
        assert rank_and_file(app) == screen.cursor


LESSON = """\
@lesson cursor-test
@title Cursor

@page Typed
@board n=4
@step 5
How many solutions has the 6 x 6 board?
@question solutions n=6
@end
"""
