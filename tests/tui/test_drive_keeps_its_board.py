"""After "you drive" reached the 4 x 4 board's first solution, the page's
board went back to tick 0 (b = [-1, -1, -1, -1]) while the feedback said the student had driven
the loop to that solution. The page now shows the placement the student drove it to."""

from __future__ import annotations

from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.place_keys import drive_loop, open_board
from tests.tui.screen_text import region_lines, wait_for
from tui.widgets.board import Board

DRIVE = """\
@lesson drive
@title Drive

@page You drive
Drive the loop yourself.
@board n=4
@question place n=4 goal=drive mistakes=1
@end
"""


async def test_the_board_shows_where_the_student_drove_the_loop() -> None:
    app = tutor_on(DRIVE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        board = await open_board(pilot, screen)
        await drive_loop(pilot, board)
        await pilot.press("escape")
        await wait_for(pilot, lambda: run.answered)
        await pilot.pause()
        shown = screen.query_one("#lesson-board", Board)
        assert shown.frame is not None
        lines = region_lines(app, shown)
        queens = sum(line.count("♛") + line.count("♕") for line in lines)
        assert queens == 4, lines  # b = [1, 3, 0, 2], not the empty board of tick 0
