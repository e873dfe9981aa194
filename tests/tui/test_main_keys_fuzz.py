"""The main screen's keys in any order: the tree opened past a solution reached in the other
mode, the palette's method commands refused under a run, and hypothesis key sequences over the
keys that reach them (each tutor's screen draws its own engine's search)."""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.methods.iterative.engine import IterativeEngine
from solver.registry import steppable_methods
from solver.stepping import Mode, Stop
from tests.tiers import examples
from tests.tui.screen_text import main_screen, palette_choose, pane, wait_for
from tui.app import QueensTutorApp
from tui.screens.main_screen import MainScreen

SIZE = (80, 24)


async def until_idle(pilot: Any, app: QueensTutorApp) -> None:
    """Wait for a run or autoplay to end."""
    await wait_for(pilot, lambda: not main_screen(app).running)
    await pilot.pause()


async def test_the_tree_opens_past_a_solution_reached_in_the_other_mode() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", "s")
        await until_idle(pilot, app)
        await pilot.press("space", "space", "a", "t")
        await pilot.pause()
        screen = main_screen(app)
        assert screen.session.engine.mode is Mode.FIRST
        follower = screen.tree_follower
        assert follower is not None and follower.tree is not None
        assert follower.tree.tick == screen.session.engine.tick
        # Two ticks past the first solution, as an engine playing straight there says.
        engine = IterativeEngine(4, Mode.ALL)
        engine.run(Stop.SOLUTION)
        assert screen.session.engine.tick == engine.tick + 2
        assert pane(app, "tree").display


async def palette_command(pilot: Any, app: QueensTutorApp, name: str) -> None:
    """Choose ``name`` in the command palette, typed as a user types it."""
    await palette_choose(pilot, name)
    await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
    await pilot.pause()


async def test_the_palette_cannot_switch_method_under_a_run() -> None:
    app = QueensTutorApp(8, method="recursive")
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)
        await pilot.press("p")  # autoplay: the worker plays the recursive engine
        await wait_for(pilot, lambda: screen.running and screen.session.engine.tick > 0)
        await palette_command(pilot, app, "Method: general")
        tick = screen.session.engine.tick
        # a few more ticks of autoplay are drawn (crashed here)
        await wait_for(pilot, lambda: screen.session.snapshot.tick > tick + 3)
        assert screen.running
        assert screen.session.method == "recursive" and screen.session.engine.method == "recursive"
        await pilot.press("p")  # pause, then the same command switches
        await until_idle(pilot, app)
        await palette_command(pilot, app, "Method: general")
        assert screen.session.method == "general" and screen.session.engine.method == "general"
        await pilot.press("space", "space")
        await pilot.pause()
        assert screen.session.snapshot.method == "general"


KEYS: tuple[str, ...] = ("m", "g", "t", "space", "left", "enter", *"0123456789", "y", "n")
KEYS += ("escape", "r", "plus", "minus", "left_square_bracket", "right_square_bracket", *"asbp")
"""The main screen's keys that step, switch the method, the mode or guess mode, show the tree,
answer a guess, run in a worker or change the board's size (``o``, ``l``, ``?`` and ``q`` leave
the main screen and are tried by tests/tui/test_random_keys.py)."""
PALETTE = tuple(f"Method: {name}" for name in steppable_methods())


async def run_command(app: QueensTutorApp, title: str) -> None:
    """Run the palette command ``title`` of the screen shown, as the palette runs it."""
    commands = {c.title: c.callback for c in app.get_system_commands(app.screen)}
    result = commands[title]()
    if inspect.isawaitable(result):
        await result


async def play(n: int, keys: list[str]) -> None:
    app = QueensTutorApp(n, settle_collector=False)
    async with app.run_test(size=SIZE) as pilot:
        for key in keys:
            if key.startswith("Method: "):  # what the palette runs for this command
                await run_command(app, key)
                await pilot.pause()
            else:
                await pilot.press(key)
        await pilot.pause(0.1)  # let a run's progress arrive and be drawn
        screen = main_screen(app)
        # Whatever the keys did, the screen draws its own engine's search.
        session = screen.session
        assert session.snapshot.method == session.engine.method == session.method
        app.exit()
        await pilot.pause()


@pytest.mark.thorough  # 20 random key sequences through Pilot: 20-26 s, CI's second tier
@settings(
    max_examples=examples(20),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    n=st.integers(1, 6),
    keys=st.lists(
        st.sampled_from(KEYS + PALETTE),
        min_size=5,
        max_size=50,
    ),
)
def test_main_screen_keys_in_any_order(n: int, keys: list[str]) -> None:
    # Each example is a tutor of its own; an error in it fails the test with the keys that
    # caused it (hypothesis shrinks them). Textual re-raises an app's error at its close.
    asyncio.run(play(n, keys))
