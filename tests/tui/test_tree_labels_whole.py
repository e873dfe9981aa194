"""Issue 39, item 4: the search tree's labels are whole at 80x24. On 6 x 6 (the largest board
the tree is drawn for) a node of the last column stands 6 levels deep, and its label read
"b[4]=3 cut (col+row, col 2" with the rest beyond the pane's edge."""

from __future__ import annotations

import pytest

from lessons import i18n
from solver.tree.view import TreeFrame
from tests.tui.screen_text import lines, main_screen, pane
from tui.app import QueensTutorApp


@pytest.mark.slow(12)
@pytest.mark.parametrize("lang", ["en", "it"])
async def test_every_tree_line_is_whole_at_80x24(lang: str) -> None:
    i18n.set_language(lang)
    try:
        app = QueensTutorApp(6)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("t")
            deepest = 0
            for _ in range(12):
                await pilot.press(*["space"] * 14)
                await pilot.pause()
                tree = pane(app, "tree")
                whole = {line.text.rstrip() for line in _frame(app).lines}
                for drawn in lines(tree):
                    if drawn.strip():
                        assert drawn in whole, (drawn, sorted(whole, key=len)[-3:])
                        deepest = max(deepest, len(drawn) - len(drawn.lstrip(" ▶│├└─")))
            assert deepest >= 14, "a node of the last columns was drawn"
    finally:
        i18n.set_language("en")


def _frame(app: QueensTutorApp) -> TreeFrame:
    view = main_screen(app).panes.view
    assert view is not None and view._tree is not None
    return view._tree
