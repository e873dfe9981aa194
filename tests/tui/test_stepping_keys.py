"""The main screen's keys, checked against what the screen shows: every stepping and view key,
the board's size and its scrolled view, the keys refused (and gone from the bar and the help)
once the search is over, and the keys in any order."""

from __future__ import annotations

import asyncio
import inspect
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.pilot import Pilot

from lessons import i18n
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.registry import steppable_methods
from solver.stepping import Stop
from tests.tiers import examples, sweep
from tests.tui.screen_text import (
    b_row,
    lines,
    main_opened,
    main_screen,
    palette_choose,
    pane,
    press_for,
    pressed,
    tutor_run,
    wait_for,
)
from tui.app import QueensTutorApp
from tui.screens.help_screen import HelpScreen
from tui.screens.main_screen import MainScreen
from tui.widgets.key_bar import KeyBar

SIZE = (80, 24)


def _marked(app: QueensTutorApp) -> list[str]:
    """The code lines the last tick ran (·), then the one that decided (→, the only one)."""
    code = lines(pane(app, "code"))
    ran = [line[2:].strip() for line in code if line.startswith(("·", "→"))]
    assert sum(line.startswith("→") for line in code) <= 1, code
    return ran


async def test_the_stepping_keys_move_the_run_and_every_pane_follows() -> None:
    """On 4 x 4, from the start each time (r): space and right play one tick each, enter one
    iteration, left and backspace step back exactly; the board, the state table, the code's
    marks, the narration and the status line show each tick."""
    app = QueensTutorApp(4)
    async with main_opened(app, SIZE) as (pilot, screen):

        def narration() -> str:
            return " ".join(lines(pane(app, "narration")))

        assert "under the board" in narration()
        await pilot.press("space")
        assert screen.session.engine.tick == 1
        assert b_row(app) == [0, -1, -1, -1]
        assert _marked(app) == ["b[0]=0; k=1;"]
        await pilot.press("space")  # (1, 0) attacked
        assert _marked(app) == ["do b[k]++;", "while (b[k]<n && !isfree(k,b[k]));"]
        decided = [line for line in lines(pane(app, "code")) if line.startswith("→")]
        assert len(decided) == 1 and "isfree" in decided[0]  # one →: the deciding line
        assert "Column 1, row 0 is attacked by the queen in column 0" in narration()
        await pilot.press("right")
        assert screen.session.engine.tick == 3
        # Column 1: row 0 and row 1 attacked, so b[1] is 1 after three ticks.
        assert b_row(app) == [0, 1, -1, -1]
        assert "n = 4  k = 1  tick 3" in "\n".join(lines(pane(app, "status")))
        await pilot.press("space")  # (1, 2) free: k++
        assert _marked(app)[-1] == "if (b[k]<n) k++;"
        await pilot.press("enter")  # column 2 has no free row: backtrack
        assert _marked(app)[-1] == "else { b[k]=-1; k--; }"
        assert "back to column 1" in narration()

        await pilot.press(*["space"] * 7, "r")
        assert screen.session.engine.tick == 0
        assert b_row(app) == [-1] * 4
        await pilot.press("enter")
        assert b_row(app) == [0, -1, -1, -1]
        await pilot.press("enter")  # rows 0 and 1 attacked, row 2 free
        assert b_row(app) == [0, 2, -1, -1]
        assert screen.session.engine.tick == 4
        await pilot.press("enter")  # column 2 full: back to column 1
        assert b_row(app) == [0, 2, -1, -1]
        assert screen.session.snapshot.k == 1

        await pilot.press("r", *["space"] * 5)  # b = [0, 2, 0, -1]: column 2 row 0 attacked by row
        board = [line.split() for line in lines(pane(app, "board"))[:4]]
        assert board == [
            ["3", "•", "•", "•", "•"],
            ["2", "•", "♛", "•", "•"],
            ["1", "•", "•", "•", "·"],
            ["0", "♕", "─", "✕", "•"],
        ]
        await pilot.press("space")
        after_six = screen.session.snapshot
        await pilot.press("space", "left")
        assert screen.session.snapshot == after_six
        await pilot.press("backspace", "left")
        assert screen.session.engine.tick == 4
        await pilot.press(*["left"] * 10)  # more than there is: stops at the start
        assert screen.session.engine.tick == 0
        assert b_row(app) == [-1, -1, -1, -1]

        # The Wrocław lecture: "Wróć do kolumny 1!" leaves b = [0, 2, -1, -1], the queen of
        # column 1 on row 2.
        await pilot.press(*["space"] * 9)  # the ninth tick backtracks out of column 2
        assert b_row(app) == [0, 2, -1, -1] and screen.session.engine.k == 1
        board = [line.split() for line in lines(pane(app, "board"))[:4]]
        assert board[1][:3] == ["2", "•", "♛"]  # row 2: column 1's queen is drawn
        assert all("♛" not in row[3:] for row in board)  # columns 2 and 3 are empty


async def test_the_view_keys_change_the_mode_the_overlay_and_the_board() -> None:
    """a toggles all-solutions mode, d cycles the diagonal overlay, the brackets resize the
    board and reset the run."""
    app = QueensTutorApp(4)
    async with main_opened(app, SIZE) as (pilot, screen):
        status = pane(app, "status")
        assert "first solution, found" in "\n".join(lines(status))
        await pilot.press("a")
        assert screen.session.engine.mode is Mode.ALL
        assert "all solutions, found" in "\n".join(lines(status))
        await pilot.press("a")
        assert screen.session.engine.mode is Mode.FIRST

        board = pane(app, "board")
        assert lines(board)[0].split() == ["3", "·", "·", "·", "·"]
        await pilot.press("d")
        # Top row (row 3): col+row = 3, 4, 5, 6.
        assert lines(board)[0].split() == ["3", "·3", "·4", "·5", "·6"]
        await pilot.press("d")
        # row-col = 3, 2, 1, 0 (two characters wide: row-col goes down to -3).
        assert lines(board)[0] == "3 · 3 · 2 · 1 · 0"
        assert lines(board)[3] == "0 · 0 ·-1 ·-2 ·-3"
        await pilot.press("d")
        assert lines(board)[0].split() == ["3", "·", "·", "·", "·"]

        await pilot.press("space", "right_square_bracket")
        assert screen.session.engine.n == 5
        assert screen.session.engine.tick == 0
        assert b_row(app) == [-1] * 5
        await pilot.press(*["left_square_bracket"] * 6)
        assert screen.session.engine.n == 1
        assert b_row(app) == [-1]
        await pilot.press("space")
        assert b_row(app) == [0]


async def test_a_board_too_large_is_labelled_by_the_squares_shown_and_follows_the_try() -> None:
    """A board larger than its pane says which squares show (no scrollbars) and follows the
    square tried; the brackets stop at 32."""
    async with tutor_run(8, size=SIZE) as (app, pilot):
        await pilot.press(*["enter"] * 6)
        board = pane(app, "board")
        assert board.border_subtitle is None
        await pressed(pilot, *["right_square_bracket"] * 8)
        assert str(board.border_subtitle) == "cols 0-9, rows 0-8 of 16"
        await pilot.press(*["right_square_bracket"] * 20)
        screen = main_screen(app)
        assert screen.session.engine.n == 32
        # Place queens until column 13 or more, far right of an 80-column pane.
        while screen.session.engine.k < 14:
            await pilot.press("enter")
        await pilot.pause()
        assert board.scroll_x > 0
        drawn = "\n".join(lines(board))
        # The file number of the column tried is on screen.
        assert f" {screen.session.snapshot.k - 1} " in drawn.splitlines()[-1] + " "
        label = str(board.border_subtitle)
        first_col, last_col, low, high = map(int, re.findall(r"\d+", label)[:4])
        assert label.endswith("of 32")
        files = drawn.splitlines()[-1].split()
        assert (first_col, last_col) == (int(files[0]), int(files[-1]))
        ranks = [int(line.split()[0]) for line in drawn.splitlines()[:-1]]
        assert (low, high) == (min(ranks), max(ranks))
        assert low <= screen.session.snapshot.b[screen.session.snapshot.k - 1] <= high


async def test_stepping_matches_a_fresh_engine_tick_for_tick() -> None:
    app = QueensTutorApp(6)
    reference = IterativeEngine(6)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):
            await pilot.press("space")
            reference.step()
            assert b_row(app) == list(reference.b)


@pytest.mark.parametrize("n", [13, 16])
async def test_scrolled_to_the_far_right_no_square_is_cut_and_solved_shows_whole(n: int) -> None:
    app = QueensTutorApp(n)
    async with main_opened(app, SIZE) as (pilot, screen):
        await pilot.press("s")  # to the first solution: its last try is in column n-1
        await wait_for(pilot, lambda: not screen.running)
        await pilot.pause()
        assert screen.session.snapshot.k == n
        board = pane(app, "board")
        table = pane(app, "table")
        assert board.scroll_x > 0
        assert board.scroll_x % 3 == 0 and table.scroll_x % 3 == 0  # whole cells
        files = lines(board)[-1].split()
        label = str(board.border_subtitle)
        first_col, last_col = map(int, re.findall(r"\d+", label)[:2])
        assert (first_col, last_col) == (int(files[0]), int(files[-1])) == (first_col, n - 1)
        # The head (rank numbers) is followed by a whole first square, not a sliver of one.
        head = len(str(n - 1)) + 1
        assert lines(board)[-1][head:].startswith(f"{first_col:^3}")
        # The table is never scrolled sideways (its columns go on in bands, one under the
        # other): the band of the last columns is in view, and says so in full under them.
        assert table.scroll_x == 0
        # whole, its ▶ under the last column (its words before it where they do not fit after)
        assert any(f"k = n = {n}: solved" in line for line in lines(table))


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


async def test_the_bar_offers_reset_and_all_once_the_search_is_over_in_either_mode() -> None:
    """The forward keys leave the bar and the help and are refused; r, or a step back, brings
    them back; a All is offered only in first-solution mode."""
    async with tutor_run(4, size=(80, 24)) as (app, pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.pause()
        before = bar(app)
        assert all(word in before for word in FORWARD) and "Reset" not in before, before
        await run_to_the_end(pilot, app)
        shown = bar(app)
        assert not any(word in shown for word in FORWARD), shown
        assert "r Reset" in shown and "a All" in shown, shown
        assert shown.index("r Reset") < shown.index("a All"), shown
        assert notice(app) == "The search is over: [r] resets, [a] switches to all solutions."
        session = main_screen(app).session
        tick = session.tick
        for key in ("space", "enter", "i", "s", "b", "p"):  # refused: nothing plays
            await pressed(pilot, key)
            assert session.tick == tick and not main_screen(app).running, key
        help_screen = await press_for(pilot, HelpScreen, "question_mark")
        actions = {b.action for b in help_screen.key_bindings}
        over = {"tick", "iteration", "run('solution')", "play", "speed(1)", "speed(-1)", "guess"}
        assert actions.isdisjoint(over), actions
        assert {"reset", "toggle_all", "back"} <= actions, actions
        await press_for(pilot, MainScreen, "escape")
        await pilot.press("r")
        await wait_for(pilot, lambda: "Tick" in bar(app))
        assert session.tick == 0
        assert all(word in bar(app) for word in FORWARD) and "Reset" not in bar(app), bar(app)
        await pilot.press("a")  # every solution
        await run_to_the_end(pilot, app)
        shown = bar(app)
        assert main_screen(app).session.snapshot.finished
        assert "r Reset" in shown and "a All" not in shown, shown
        assert not any(word in shown for word in FORWARD), shown
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
    async with tutor_run(4, size=(80, 24)) as (app, pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.pause()
        space_word = i18n._("Tick")
        assert space_word in bar(app)
        await pilot.press("s")
        await wait_for(pilot, lambda: i18n._("Reset") in bar(app))
        shown = bar(app)
        assert f"a {i18n._('All')}" in shown and space_word not in shown, shown


async def until_idle(pilot: Any, app: QueensTutorApp) -> None:
    """Wait for a run or autoplay to end."""
    await wait_for(pilot, lambda: not main_screen(app).running)
    await pilot.pause()


async def test_the_tree_opens_past_a_solution_reached_in_the_other_mode() -> None:
    async with tutor_run(4, size=SIZE) as (app, pilot):
        await pilot.press("a", "s")
        await until_idle(pilot, app)
        await pressed(pilot, "space", "space", "a", "t")
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


@pytest.mark.thorough  # keys under a run: every day (the random keys); the palette path: CI
async def test_the_palette_cannot_switch_method_under_a_run() -> None:
    app = QueensTutorApp(8, method="recursive")
    async with main_opened(app, SIZE) as (pilot, screen):
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
        await pressed(pilot, "space", "space")
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
    async with tutor_run(n, settle_collector=False, size=SIZE) as (app, pilot):
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
