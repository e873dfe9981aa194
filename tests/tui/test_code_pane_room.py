"""The left column of a tall lesson screen (120x40) gives its code listing the room the board
and the state leave, never the board's rows: lesson 6 page 2's placeQueens (13 lines) whole
beside its 4 x 4 board (7 of 13 lines, the board pane 16 rows), and
lesson 8 page 4's 9 x 9 board whole above its longer listing."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on_builtin
from tests.tui.screen_text import screen_lines
from tui.widgets.code_pane import CodePane


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_placequeens_whole_beside_a_small_board_at_120x40(language: str) -> None:
    app = tutor_on_builtin("6", language)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await lesson_screen(pilot)
        screen.lesson_run.goto(1)
        screen.show(ask=True)
        for _ in range(3):
            await pilot.pause()
        code = screen.query_one("#lesson-code", CodePane)
        assert code.display
        assert code.virtual_size.height <= code.scrollable_content_region.height, (
            code.virtual_size,
            code.size,
        )
        shown = "\n".join(screen_lines(app))
        assert "return false;" in shown, shown


async def test_a_nine_by_nine_board_stays_whole_above_a_long_listing() -> None:
    app = tutor_on_builtin("8", "en")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await lesson_screen(pilot)
        screen.lesson_run.goto(3)
        screen.show(ask=True)
        for _ in range(3):
            await pilot.pause()
        lines = screen_lines(app)
        rows = [line for line in lines if line[:3] in {f"│{r} " for r in range(9)}]
        assert len(rows) == 9, "\n".join(lines)  # every row of the 9 x 9 board
        code = screen.query_one("#lesson-code", CodePane)
        assert code.display and code.size.height >= 3
