"""The projector layout: the same search and frames as the main screen in
large squares, the narration in a line, the rest on ``c``; escape (or the palette's command)
hands the search back to the main screen where the projector left it."""

from __future__ import annotations

from functools import partial
from itertools import pairwise

from tests.tui.screen_text import main_screen, palette_found, pressed, screen_lines, wait_for
from tests.tui.test_cursor import TRIED, under_cursor
from tui.app import QueensTutorApp
from tui.cli.main import tutor_parser
from tui.screens.main_screen import MainScreen
from tui.screens.projector_screen import ProjectorScreen
from tui.widgets.board import Board

SIZE = (160, 50)


def projector(app: QueensTutorApp) -> ProjectorScreen:
    screen = app.screen
    assert isinstance(screen, ProjectorScreen)
    return screen


def showing(app: QueensTutorApp, kind: type) -> bool:
    return type(app.screen) is kind


def file_columns(app: QueensTutorApp, count: int) -> list[int]:
    """The screen columns of the file numbers 0 to count - 1 under the board."""
    wanted = [str(i) for i in range(count)]
    for line in screen_lines(app):
        if line.split()[:count] == wanted:  # the panel may follow at the right
            columns, x = [], 0
            for word in wanted:
                x = line.index(word, x)
                columns.append(x)
                x += len(word)
            return columns
    raise AssertionError(f"no line of file numbers 0 to {count - 1}")


async def test_the_projector_shows_the_main_screens_search_and_hands_it_back() -> None:
    """In large squares, the narration in one line; escape or the palette's command hands the
    search back to the main screen at the same tick."""
    app = QueensTutorApp(8, projector=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ProjectorScreen))
        await pressed(pilot, *["enter"] * 4, "space", "space")
        screen = projector(app)
        # Squares 10 columns apart (5 lines tall): the whole 8 x 8 board in 80 x 40 cells.
        columns = file_columns(app, 8)
        assert {b - a for a, b in pairwise(columns)} == {10}
        # The narration is one line, the same sentence the main screen would show.
        narration = [line.strip() for line in screen_lines(app) if "attacked" in line]
        assert narration == [screen.panes.narration.text]
        assert under_cursor(app) in TRIED
        shown = screen.query_one(Board).frame
        tick = screen.session.snapshot.tick
        await pilot.press("escape")  # back: the main screen goes on from the same tick
        await wait_for(pilot, lambda: type(app.screen) is MainScreen)
        main = main_screen(app)
        assert main.session.snapshot.tick == tick == 13
        view = main.panes.view
        assert view is not None and view.frame is not None and view.frame.board == shown
        await pilot.press("space")
        assert main.session.snapshot.tick == 14
        for expected in (ProjectorScreen, MainScreen):  # the palette's command, both ways
            await pilot.press("ctrl+p")
            await pilot.press(*"Projector layout")
            await wait_for(pilot, lambda: palette_found(app, "Projector layout"))
            await pilot.press("enter")
            await wait_for(pilot, partial(showing, app, expected))
            assert app.screen.session.snapshot.tick == 14  # type: ignore[attr-defined]


async def test_a_32_board_fits_the_panel_shows_on_c_and_escape_stops_a_run_then_leaves() -> None:
    app = QueensTutorApp(32, projector=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ProjectorScreen))
        await pressed(pilot, "enter", "enter")
        assert len(file_columns(app, 32)) == 32
        text = "\n".join(screen_lines(app))
        assert "b[i]" not in text  # the state table waits for c
        await pressed(pilot, "c")
        text = "\n".join(screen_lines(app))
        assert "b[i]" in text and "isfree" in text
        assert len(file_columns(app, 32)) == 32  # still whole beside the panel
        screen = projector(app)
        await pilot.press("p")  # autoplay: runs until stopped
        await wait_for(pilot, lambda: screen.running)
        await pilot.press("escape")  # escape stops the run first
        await wait_for(pilot, lambda: not screen.running)
        assert app.screen is screen
        tick = screen.session.snapshot.tick
        await pilot.press("escape")  # then leaves
        await wait_for(pilot, lambda: type(app.screen) is MainScreen)
        assert main_screen(app).session.snapshot.tick == tick > 0


def test_the_option() -> None:
    assert tutor_parser().parse_args(["--projector"]).projector
    assert not tutor_parser().parse_args([]).projector
