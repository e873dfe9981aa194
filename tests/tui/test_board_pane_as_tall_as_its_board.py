"""A lesson's board pane is as tall as its board (a 1 x 1 board's at 120x40), a larger board's
on a later page has all its rows again."""

from __future__ import annotations

from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin
from tests.tui.screen_text import pauses
from tui.widgets.board import Board


async def test_a_one_square_board_has_a_pane_of_its_size() -> None:
    app = tutor_on_builtin("small-boards", "en")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await lesson_screen(pilot)
        await pauses(pilot, 3)
        board = screen.query_one("#lesson-board", Board)
        frame = board.frame
        assert frame is not None and len(frame.squares) == 1
        assert board.outer_size.height == 1 + 1 + 2, board.outer_size  # its row, numbers, border
        # A later page's larger board: every row of it in view again.
        for page in range(1, len(screen.lesson.pages)):
            await open_page(pilot, screen, page)
            await pauses(pilot, 3)
            frame = board.frame
            if frame is not None and board.display and len(frame.squares) >= 4:
                break
        assert frame is not None and len(frame.squares) >= 4
        assert board.content_region.height >= len(frame.squares) + 1, (
            board.content_region.height,
            len(frame.squares),
        )
