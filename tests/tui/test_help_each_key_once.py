"""The help lists each key once, with what it does now. The main
screen's p is Play (or Pause while autoplay plays), never both; the place board's c, x and y,
bound twice each, once too."""

from __future__ import annotations

from collections import Counter

from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.screens.help_screen import HelpScreen
from tui.screens.main_screen import MainScreen
from tui.screens.place_screen import PlaceScreen


def _keys(app: QueensTutorApp) -> Counter[str]:
    screen = app.screen
    assert isinstance(screen, HelpScreen)
    return Counter(key for b in screen.key_bindings for key in b.key.split(","))


def _what(app: QueensTutorApp, key: str) -> list[str]:
    screen = app.screen
    assert isinstance(screen, HelpScreen)
    return [str(b.tooltip) for b in screen.key_bindings if key in b.key.split(",")]


async def test_the_main_screen_help_names_p_once_as_it_acts() -> None:
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert max(_keys(app).values()) == 1, _keys(app)
        assert _what(app, "p") == ["Play / pause autoplay; also stops a run"]
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("p")  # autoplay plays
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert _what(app, "p") == ["Pause autoplay"]
        assert max(_keys(app).values()) == 1, _keys(app)


async def test_the_place_board_help_names_each_key_once() -> None:
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, PlaceScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert max(_keys(app).values()) == 1, _keys(app)
        assert _what(app, "y") == ["You drive the Wrocław loop"]
