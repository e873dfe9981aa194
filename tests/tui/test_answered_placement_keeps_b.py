"""Once a question's own placement is answered, the b[] pane beside the board shows it, claiming no
k or tick of the page's search; a step brings the page's board, its b[] and its k back."""

from __future__ import annotations

from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin
from tests.tui.screen_text import region_lines, wait_for
from tui.widgets.state_table import StateTable


async def test_the_b_pane_shows_the_placement_the_answer_drew() -> None:
    app = tutor_on_builtin("1")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await open_page(pilot, screen, 1)
        run = screen.lesson_run
        assert run.asked is not None
        await pilot.press("2")  # the right choice
        await wait_for(pilot, lambda: run.asked is None)
        table = screen.query_one(StateTable)
        await wait_for(pilot, lambda: table.display and table.size.height > 0)
        await pilot.pause()
        assert table.display and table.size.height > 0
        shown = " ".join(region_lines(app, table))
        assert "1  3 -1 -1 -1" in shown, shown
        assert "k =" not in shown, shown
        assert table.virtual_size.height <= table.size.height  # whole: no scrollbar
        status = " ".join(region_lines(app, screen.query_one("#lesson-status")))
        assert "n = 5" in status and "tick" not in status, status
        await pilot.press("r", "space")  # the page's board again, at its first tick
        await wait_for(pilot, lambda: "k = " in " ".join(region_lines(app, table)))
        assert "1  3 -1 -1 -1" not in " ".join(region_lines(app, table))
