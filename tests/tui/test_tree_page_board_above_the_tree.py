"""At 120x40 lesson 3 p5's search tree kept a 36-column pane while its
4 x 4 board had an 80-column pane of its own above the text, mostly empty. On a tall screen the
board stands in the tree's column, above the tree; the text has the whole right-hand side, and
the tree up to the first solution (26 nodes and the root) shows whole under the board."""

from __future__ import annotations

from tests.tui.lesson_apps import lesson_screen, tutor_on_builtin
from tests.tui.screen_text import lines, screen_lines, wait_for
from tui.widgets.board import Board
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.tree_pane import TreePane


async def test_the_board_stands_above_the_tree_at_120x40() -> None:
    app = tutor_on_builtin("3", "en")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await lesson_screen(pilot)
        screen.lesson_run.goto(4)
        screen.show(ask=True)
        for _ in range(3):
            await pilot.pause()
        left = screen.query_one("#lesson-left")
        board = screen.query_one("#lesson-board", Board)
        tree = screen.query_one(TreePane)
        assert not screen.query_one("#lesson-tree-board").display
        assert board.display and board.region.width > 0
        assert board.region.x == tree.region.x == left.region.x
        assert board.region.bottom <= tree.region.y  # above the tree
        drawn = lines(board)
        assert drawn[0].startswith("3 ") and drawn[-1].split() == ["0", "1", "2", "3"], drawn
        pane = screen.query_one(LessonPane)
        assert pane.region.y == 0 and pane.region.height >= 38  # the text from the top down
        await pilot.press("s")  # to the first solution: the tree whole
        await wait_for(pilot, lambda: not screen.running)
        for _ in range(3):
            await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "empty board (k = 0)" in text and "b[3]=2" in text, text
        assert tree.max_scroll_y == 0, text


async def test_at_80x24_the_board_stays_above_the_text() -> None:
    app = tutor_on_builtin("3", "en")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        screen.lesson_run.goto(4)
        screen.show(ask=True)
        for _ in range(3):
            await pilot.pause()
        assert screen.query_one("#lesson-tree-board").display
        assert not screen.query_one("#lesson-board").display
