"""A lesson's maze is drawn in a pane titled "maze", not "board" (the
maze of 8 p5-p6 was drawn under "scacchiera")."""

from __future__ import annotations

from lessons import i18n
from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin


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
