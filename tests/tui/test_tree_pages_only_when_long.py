"""The tree screen offers PgUp and PgDn (and lists PgUp, PgDn, Home and End in its help) only
while the tree is longer than its pane: a tree that fits has no page to turn."""

from __future__ import annotations

from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.screens.help_screen import HelpScreen
from tui.screens.tree_screen import TreeScreen
from tui.widgets.key_bar import KeyBar
from tui.widgets.tree_pane import TreePane


def bar(screen: TreeScreen) -> str:
    return screen.query_one(KeyBar).text.plain


async def test_page_keys_only_for_a_tree_longer_than_its_pane() -> None:
    app = QueensTutorApp(6)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", "T")  # every solution: the search goes on past the first
        await wait_for(pilot, lambda: isinstance(app.screen, TreeScreen))
        screen = app.screen
        assert isinstance(screen, TreeScreen)
        pane = screen.query_one(TreePane)
        await pilot.pause()
        assert pane.max_scroll_y == 0
        assert "Page" not in bar(screen), bar(screen)
        tick = screen.session.tick
        await pilot.press("pagedown")  # refused: nothing moves, nothing steps
        assert pane.scroll_y == 0 and screen.session.tick == tick
        for _ in range(200):  # the tree grows past the pane's height
            await pilot.press("space")
            await pilot.pause()
            if pane.max_scroll_y > 0:
                break
        assert pane.max_scroll_y > 0
        await wait_for(pilot, lambda: "Page down" in bar(screen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        actions = {b.action for b in help_screen.key_bindings}
        assert {"page(-1)", "page(1)", "tree_end(False)", "tree_end(True)"} <= actions, actions
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("r")  # not a key here: the tree stays as it is
        for _ in range(250):  # back to the start: the tree fits again
            if screen.session.tick == 0:
                break
            await pilot.press("left")
        await wait_for(pilot, lambda: "Page" not in bar(screen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        actions = {b.action for b in help_screen.key_bindings}
        assert not actions & {"page(-1)", "page(1)", "tree_end(False)", "tree_end(True)"}
