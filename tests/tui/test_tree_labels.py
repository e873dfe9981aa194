"""The search tree's labels are whole at 80x24, in every language. On 6 x 6 (the largest board
the tree is drawn for) a node of the last column stands 6 levels deep, and its label read
"b[4]=3 cut (col+row, col 2" with the rest beyond the pane's edge; the Polish
"b[5]=2: kol+wiersz, kol" lost its column on the whole-tree screen (T)."""

from __future__ import annotations

import pytest

from lessons import i18n
from solver.tree.view import TreeFrame
from tests.tiers import sweep
from tests.tui.screen_text import lines, main_screen, pane
from tui.app import QueensTutorApp
from tui.screens.tree_screen import TreeScreen
from tui.widgets.tree_pane import TreePane


def _deepest_whole(drawn_lines: list[str], frame: TreeFrame) -> int:
    """How deep the deepest line drawn stands; every line drawn is a whole label of ``frame``."""
    whole = {line.text.rstrip() for line in frame.lines}
    deepest = 0
    for drawn in drawn_lines:
        if drawn.strip():
            assert drawn.rstrip() in whole, (drawn, sorted(whole, key=len)[-3:])
            deepest = max(deepest, len(drawn) - len(drawn.lstrip(" ▶│├└─")))
    return deepest


@pytest.mark.slow(12)
@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
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
                deepest = max(deepest, _deepest_whole(lines(pane(app, "tree")), _frame(app)))
            assert deepest >= 14, "a node of the last columns was drawn"
    finally:
        i18n.set_language("en")


def _frame(app: QueensTutorApp) -> TreeFrame:
    view = main_screen(app).panes.view
    assert view is not None and view.tree_frame is not None
    return view.tree_frame


@pytest.mark.slow(11)
@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_whole_tree_screen_six_levels_deep_every_label_is_whole(lang: str) -> None:
    i18n.set_language(lang)
    try:
        app = QueensTutorApp(6)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("T")
            assert isinstance(app.screen, TreeScreen)
            tree = app.screen.query_one("#tree-whole", TreePane)
            deepest = 0
            for _ in range(12):
                await pilot.press(*["space"] * 10)
                await pilot.pause()
                assert tree.frame is not None
                deepest = max(deepest, _deepest_whole(lines(tree), tree.frame))
            assert deepest >= 14, "a node of the last columns was drawn"
    finally:
        i18n.set_language("en")
