"""Once the main screen's search is over, the keys that would step it on or say how it plays
leave the key bar and the help and are refused; the bar offers r Reset and, in first-solution
mode, a All; r or a step back brings the forward keys back."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from lessons import i18n
from tests.tiers import sweep
from tests.tui.screen_text import main_screen, wait_for
from tui.app import QueensTutorApp
from tui.screens.help_screen import HelpScreen
from tui.screens.main_screen import MainScreen
from tui.widgets.key_bar import KeyBar

FORWARD = ("Tick", "Iter", "Solve", "Play")
"""The key bar's words for the keys that step the search on."""


def bar(app: QueensTutorApp) -> str:
    return main_screen(app).query_one(KeyBar).text.plain


def notice(app: QueensTutorApp) -> str:
    view = main_screen(app).panes.view
    assert view is not None
    return view.notice


async def run_to_the_end(pilot: Pilot[None], app: QueensTutorApp) -> None:
    """s until the search is over (every solution: one s per solution, then the end)."""
    screen = main_screen(app)
    for _ in range(5):
        await pilot.press("s")
        await wait_for(pilot, lambda: not screen.running and screen.session.tick > 0)
        if screen.session.snapshot.finished:
            break
    await wait_for(pilot, lambda: "r Reset" in bar(app))


async def test_the_bar_offers_reset_and_all_once_the_search_is_over() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.pause()
        before = bar(app)
        for word in FORWARD:
            assert word in before, before
        assert "Reset" not in before, before
        await run_to_the_end(pilot, app)
        shown = bar(app)
        for word in FORWARD:
            assert word not in shown, shown
        assert "r Reset" in shown and "a All" in shown, shown
        assert shown.index("r Reset") < shown.index("a All"), shown
        assert notice(app) == "The search is over: [r] resets, [a] switches to all solutions."
        session = main_screen(app).session
        tick = session.tick
        for key in ("space", "enter", "i", "s", "b", "p"):  # refused: nothing plays
            await pilot.press(key)
            await pilot.pause()
            assert session.tick == tick and not main_screen(app).running, key
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        actions = {b.action for b in help_screen.key_bindings}
        over = {"tick", "iteration", "run('solution')", "play", "speed(1)", "speed(-1)", "guess"}
        assert actions.isdisjoint(over), actions
        assert {"reset", "toggle_all", "back"} <= actions, actions
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("r")
        await wait_for(pilot, lambda: "Tick" in bar(app))
        assert session.tick == 0
        for word in FORWARD:
            assert word in bar(app), bar(app)
        assert "Reset" not in bar(app), bar(app)


async def test_all_solutions_over_offers_reset_alone_and_a_step_back_steps_on() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("a")  # every solution
        await run_to_the_end(pilot, app)
        shown = bar(app)
        assert main_screen(app).session.snapshot.finished
        assert "r Reset" in shown and "a All" not in shown, shown
        for word in FORWARD:
            assert word not in shown, shown
        assert notice(app) == "The search is over: every solution is found. [r] resets."
        await pilot.press("left")  # a step back brings the forward keys back
        await wait_for(pilot, lambda: "Tick" in bar(app))
        assert "Reset" not in bar(app)
        await pilot.press("space")  # the last tick again: the search is over once more
        await wait_for(pilot, lambda: "Tick" not in bar(app))
        assert "r Reset" in bar(app)


@pytest.mark.parametrize("lang", sweep(["it", "pl"], everyday=["pl"]))
async def test_the_bar_after_the_end_in_every_language(lang: str) -> None:
    i18n.set_language(lang)
    app = QueensTutorApp(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.pause()
        space_word = i18n._("Tick")
        assert space_word in bar(app)
        await pilot.press("s")
        await wait_for(pilot, lambda: i18n._("Reset") in bar(app))
        shown = bar(app)
        assert f"a {i18n._('All')}" in shown and space_word not in shown, shown
