"""On a page that shows the search tree, the tree's pane keeps one width
while the tree grows and shrinks (lesson 3 page 5 went from 32 to 34 columns and back, the
board and the text jumping sideways with it), and every line of the tree stays whole."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from tests.tiers import sweep
from tests.tui.test_lesson_layout import builtin, open_page
from tui.widgets.tree_pane import TreePane


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_tree_pane_keeps_its_width_on_its_page(lang: str) -> None:
    app = builtin(3, 5, (80, 24), lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_page(pilot, 3, 5)
        left = screen.query_one("#lesson-left")
        tree = screen.query_one(TreePane)
        widths = set()
        for key in ["space"] * 14 + ["left"] * 6:
            await pilot.press(key)
            await pilot.pause()
            widths.add(left.outer_size.width)
            frame = tree.frame
            assert frame is not None
            widest = max(cell_len(line.text) for line in frame.lines)
            assert widest <= tree.scrollable_content_region.width, (key, widest)
        assert len(widths) == 1, widths
