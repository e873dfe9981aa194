"""The command palette's search takes at most MAX_QUERY characters (each key into an unbounded
query cost more than the last), and the bound loses nothing: every command's and theme's name,
in every language, is shorter."""

from __future__ import annotations

import pytest
from textual import events
from textual.command import CommandInput, CommandPalette

from lessons import i18n
from tests.tiers import sweep
from tests.tui.screen_text import main_screen, palette_choose, palette_found, wait_for
from tui.app import QueensTutorApp
from tui.palette_search import shown_name
from tui.screens.command_palette import MAX_QUERY
from tui.screens.lesson_menu import LessonMenuScreen

SIZE = (80, 24)
EXTRA = 150
"""Characters typed past the bound."""


def _type(app: QueensTutorApp, text: str) -> None:
    """Post the characters without waiting between them, as one read from a terminal does."""
    for char in text:
        app.post_message(events.Key(char, char))


def _query(app: QueensTutorApp) -> str:
    assert isinstance(app.screen, CommandPalette)
    return app.screen.query_one(CommandInput).value


async def test_a_query_typed_on_and_on_stops_at_the_bound_and_still_finds() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        board = main_screen(app)
        await pilot.press("ctrl+p")
        _type(app, "x" * (MAX_QUERY + EXTRA))
        await wait_for(pilot, lambda: _query(app).startswith("x" * MAX_QUERY))
        await pilot.pause()  # every key posted is handled
        assert _query(app) == "x" * MAX_QUERY
        await pilot.press("ctrl+u", *"Reset")  # the bound does not keep a new query out
        await wait_for(pilot, lambda: palette_found(app, "Reset"))
        assert _query(app) == "Reset"
        await pilot.press("escape")
        await pilot.press("space", "space")
        assert board.session.engine.tick == 2
        await palette_choose(pilot, "Reset")
        await wait_for(pilot, lambda: board.session.engine.tick == 0)
        assert app.screen is board
        assert board.session.engine.tick == 0


async def test_the_theme_search_is_bounded_too() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        app.search_themes()
        await wait_for(pilot, lambda: bool(app.screen.query(CommandInput)))
        _type(app, "y" * (MAX_QUERY + EXTRA))
        await wait_for(pilot, lambda: len(_query(app)) >= MAX_QUERY)
        await pilot.pause()  # every key posted is handled
        assert len(_query(app)) == MAX_QUERY
        await pilot.press("escape")  # closed, its search with it, before the app ends
        await wait_for(pilot, lambda: not isinstance(app.screen, CommandPalette))


@pytest.mark.parametrize("lang", sweep(sorted(i18n.LANGUAGES), everyday=["pl"]))
async def test_every_command_and_theme_name_fits_in_the_bound(lang: str) -> None:
    i18n.set_language(lang)
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        names = [shown_name(c.title) for c in app.get_system_commands(app.screen)]
        await pilot.press("l")  # the lesson menu's commands too
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        names += [shown_name(c.title) for c in app.get_system_commands(app.screen)]
        names += list(app.available_themes)
        assert len(names) > 10, names
        longest = max(names, key=len)
        assert len(longest) < MAX_QUERY, longest
