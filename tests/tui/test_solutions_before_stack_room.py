"""The list of solutions found gets its rows before the room the state table keeps for a
deeper call stack, and the table its rows before the code beside it."""

from __future__ import annotations

from tests.tui.screen_text import screen_lines
from tests.tui.test_lesson_layout import builtin, open_page


async def test_the_four_solutions_and_the_whole_stack_show_and_the_code_scrolls() -> None:
    """Lesson 6 p3 at 120x40 once the practice is answered and run to its end: the list of
    the four solutions shows whole (no scrollbar), the table every frame of the search (its
    text quotes placeQueens), and the code pane keeps the line run in view and says which
    lines show."""
    app = builtin(6, 3, (120, 40), "en")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_page(pilot, 6, 3)
        await pilot.press("f3")  # the practice answered: the board is the student's to run
        await pilot.pause()
        text = ""
        for _ in range(6):
            text = "\n".join(screen_lines(app))
            if "solutions found: 4" in text and "depth 6" in text:
                break
            await pilot.press("s")
            await pilot.pause()
        assert "solutions found: 4" in text and "depth 6" in text, text
        assert screen.query_one("#lesson-solutions").max_scroll_y == 0, text
        for solution in ("1: [1, 3, 5, 0, 2, 4]", "4: [4, 2, 0, 5, 3, 1]"):
            assert solution in text, text
        for depth in range(6):  # every frame, placeQueens(5) down to placeQueens(0)
            assert f"placeQueens({depth})  j = " in text, text
        code = screen.query_one("#lesson-code")
        assert "lines 1-" in str(code.border_subtitle), text  # the code scrolls, and says so
        assert "if(i == n-1)" in "\n".join(screen_lines(app)[28:38]), text  # its line in view
