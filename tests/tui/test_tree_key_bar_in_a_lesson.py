"""The tree screen (``T``) over a lesson page offered
"l Lessons", a key that opens nothing there (the app's lesson menu is not opened over a
lesson). Over a lesson it is not offered; over the main screen it still is."""

from __future__ import annotations

from tests.tui.screen_text import screen_lines
from tests.tui.test_lesson_layout import builtin, open_page
from tui.app import QueensTutorApp
from tui.screens.tree_screen import TreeScreen
from tui.widgets.key_bar import KeyBar


def _offered(app: QueensTutorApp) -> set[str]:
    """The actions the screen's key bar offers."""
    return {active.binding.action for active in app.screen.active_bindings.values()}


def _bar(app: QueensTutorApp) -> str:
    return str(app.screen.query_one(KeyBar).text)


async def test_the_tree_screen_over_a_lesson_offers_no_lessons_key() -> None:
    app = builtin(1, 2, (80, 24))  # lesson 1 page 2: the 5 x 5 board (lesson 9 p1 is 9 x 9 now)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_page(pilot, 1, 2)
        await pilot.press("f3", "T")
        await pilot.pause()
        assert isinstance(app.screen, TreeScreen) and app.screen.session is screen.session
        assert "lessons" not in _offered(app), _offered(app)
        assert "Lessons" not in _bar(app), _bar(app)
        assert "Close tree" in _bar(app)
        await pilot.press("l")  # and it does nothing
        await pilot.pause()
        assert isinstance(app.screen, TreeScreen)
        # Its help says where escape goes from here: the tree closes, the lesson page is back
        # (it said "back to the board").
        await pilot.press("question_mark")
        await pilot.pause()
        helped = " ".join(" ".join(screen_lines(app)).split())
        assert "close the tree" in helped and "back to the board" not in helped, helped
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert app.screen is screen


async def test_the_tree_screen_over_the_main_screen_still_offers_it() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=(120, 24)) as pilot:
        await pilot.press("space", "T")
        await pilot.pause()
        assert isinstance(app.screen, TreeScreen)
        assert "lessons" in _offered(app)
        assert "l Lessons" in _bar(app), _bar(app)
