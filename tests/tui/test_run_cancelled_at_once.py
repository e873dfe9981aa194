"""A run cancelled before its worker's thread ran (escape at once after s; found by the raw-byte
fuzz of issue 25) does not leave the screen "running" with its stepping keys dimmed for good."""

from __future__ import annotations

from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.screens.main_screen import MainScreen


async def test_a_run_cancelled_before_it_ran_gives_the_keys_back() -> None:
    app = QueensTutorApp(n=8)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MainScreen)
        screen.action_run("solution")
        screen.action_cancel()  # in the same turn: the worker's thread never starts
        await wait_for(pilot, lambda: not screen.running, timeout=10)
        tick = screen.session.engine.tick
        await pilot.press("space")
        assert screen.session.engine.tick == tick + 1  # stepping works again
        await pilot.press("r")
        assert screen.session.engine.tick == 0
