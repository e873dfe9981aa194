"""The search tree beside the board (key t) and on a screen of its own (T): it grows with the
ticks and shrinks on the way back, its nodes are the engine's tries, its labels are whole, it is
refused with the reason where it does not apply, and its keys are the ones that act there."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot

from lessons import i18n
from solver.events import Try
from solver.methods.iterative.engine import IterativeEngine
from solver.tree.view import TreeFrame
from tests.tiers import sweep
from tests.tui.lesson_apps import builtin, lesson_opened, shown_at, tutor_on_builtin
from tests.tui.lesson_apps import open_builtin as open_page
from tests.tui.screen_text import (
    lines,
    main_screen,
    pane,
    pauses,
    press_for,
    pressed,
    region_lines,
    screen_lines,
    tutor_run,
    wait_for,
)
from tui.app import QueensTutorApp
from tui.screens.board_screen import WHOLE_TREE
from tui.screens.help_screen import HelpScreen
from tui.screens.tree_screen import TreeScreen
from tui.widgets.board import Board
from tui.widgets.key_bar import KeyBar
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.tree_pane import TreePane

SIZE = (80, 24)
PAGE_KEYS = {"page(-1)", "page(1)", "tree_end(False)", "tree_end(True)"}


def engine_tries(n: int, ticks: int) -> list[str]:
    engine = IterativeEngine(n)
    found = []
    for _ in range(ticks):
        event = engine.step()
        if isinstance(event, Try):
            found.append(f"b[{event.col}]={event.row}")
    return found


def tree_labels(app: QueensTutorApp) -> list[str]:
    """Each node's ``b[col]=row``, in tick order (the tree's own, not the screen's)."""
    follower = main_screen(app).tree_follower
    assert follower is not None and follower.tree is not None
    nodes = sorted(follower.tree.nodes(), key=lambda node: node.tick)
    return [f"b[{node.col}]={node.row}" for node in nodes]


def notice(app: QueensTutorApp) -> str:
    """The status lines as drawn, as one line: a notice is shown there (never over a pane)."""
    return " ".join(" ".join(lines(pane(app, "status"))).split())


def bar(app: QueensTutorApp) -> str:
    return app.screen.query_one(KeyBar).text.plain


def offered(app: QueensTutorApp) -> set[str]:
    """The actions the screen's key bar offers."""
    return {active.binding.action for active in app.screen.active_bindings.values()}


async def help_actions(pilot: Pilot[Any], app: QueensTutorApp) -> set[str]:
    """The actions the help opened over the screen lists (the help closed again)."""
    screen = app.screen
    await press_for(pilot, HelpScreen, "question_mark")
    assert isinstance(app.screen, HelpScreen)
    actions = {b.action for b in app.screen.key_bindings}
    await pilot.press("escape")
    await wait_for(pilot, lambda: app.screen is screen)
    return actions


async def test_the_tree_grows_and_shrinks_with_the_ticks_follows_a_run_and_is_refused() -> None:
    """The tree's nodes are the engine's tries, growing with each tick and shrinking back; a
    run's current node is in view; a board too large, or a method without a tree, puts the
    code back and t is refused with the reason."""
    async with tutor_run(4, size=SIZE) as (app, pilot):
        await pressed(pilot, "space", "space", "t")
        tree = pane(app, "tree")
        assert tree.display and not pane(app, "code").display
        assert tree_labels(app) == engine_tries(4, 2)
        drawn = lines(tree)
        assert drawn[0].strip() == "empty board (k = 0)"
        assert drawn[2].startswith("▶") and "✕ b[1]=0: row, col 0" in drawn[2], drawn
        assert tree.border_title == "search tree: 2 nodes"
        await pressed(pilot, *["space"] * 6)
        assert tree_labels(app) == engine_tries(4, 8)
        await pressed(pilot, "left", "left", "left")
        assert tree_labels(app) == engine_tries(4, 5)
        marked = [line for line in lines(tree) if line.startswith("▶")]
        assert marked == [line for line in lines(tree) if "b[2]=0" in line], lines(tree)
        await pilot.press("t")
        assert not tree.display and pane(app, "code").display
        await pilot.press("right_square_bracket", "right_square_bracket", "t", "s")
        await wait_for(pilot, lambda: not main_screen(app).running)
        await pilot.pause()
        engine = main_screen(app).session.engine
        assert tree_labels(app) == engine_tries(6, engine.tick)
        shown = lines(pane(app, "tree"))
        current = [line for line in shown if line.startswith("▶")]
        assert len(current) == 1 and "b[5]=4: solution 1" in current[0], shown
        await pressed(pilot, "right_square_bracket")  # n = 7
        assert not pane(app, "tree").display and pane(app, "code").display
        await pilot.press("t")
        await wait_for(pilot, lambda: "n = 7 has too many nodes" in notice(app))
        assert not pane(app, "tree").display
        assert "The search tree is drawn up to n = 6: n = 7 has too many nodes" in notice(app)
        await pilot.press("left_square_bracket", "m", "t")
        await wait_for(pilot, lambda: "The search tree is the Wrocław loop's" in notice(app))
        assert not pane(app, "tree").display


def _deepest_whole(drawn_lines: list[str], frame: TreeFrame | None) -> int:
    """How deep the deepest line drawn stands; every line drawn is a whole label of ``frame``."""
    assert frame is not None
    whole = {line.text.rstrip() for line in frame.lines}
    deepest = 0
    for drawn in drawn_lines:
        if drawn.strip():
            assert drawn.rstrip() in whole, (drawn, sorted(whole, key=len)[-3:])
            deepest = max(deepest, len(drawn) - len(drawn.lstrip(" ▶│├└─")))
    return deepest


@pytest.mark.slow(15)
@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=[]))
async def test_every_tree_line_is_whole_at_80x24(lang: str) -> None:
    """On 6 x 6 a node of the last column stands 6 levels deep: its label is whole in the pane
    beside the board and on the tree screen (T)."""
    with i18n.speaking(lang):
        async with tutor_run(6, size=SIZE) as (app, pilot):
            await pilot.press("t")
            deepest = 0
            for _ in range(5):
                await pressed(pilot, *["space"] * 14)
                view = main_screen(app).panes.view
                assert view is not None
                deepest = max(deepest, _deepest_whole(lines(pane(app, "tree")), view.tree_frame))
            assert deepest >= 14, "a node of the last columns was drawn"
            await pilot.press("T")
            assert isinstance(app.screen, TreeScreen)
            tree = app.screen.query_one("#tree-whole", TreePane)
            deepest = 0
            for _ in range(3):
                await pressed(pilot, *["space"] * 10)
                deepest = max(deepest, _deepest_whole(lines(tree), tree.frame))
            assert deepest >= 14, "a node of the last columns was drawn on the tree screen"


async def test_the_tree_screen_pages_only_a_tree_longer_than_its_pane() -> None:
    """PgUp/PgDn are offered (and PgUp, PgDn, Home, End listed in the help) only while the tree
    is longer than its pane, its border saying which lines show (no scrollbar thumb); over the
    main screen the screen offers l Lessons."""
    async with tutor_run(6, size=SIZE) as (app, pilot):
        # every solution: the search goes on past the first
        screen = await press_for(pilot, TreeScreen, "a", "T")
        assert "lessons" in offered(app)
        assert "l Lessons" in bar(app), bar(app)
        tree = screen.query_one(TreePane)
        await pilot.pause()
        assert tree.max_scroll_y == 0
        assert "Page" not in bar(app), bar(app)
        tick = screen.session.tick
        await pilot.press("pagedown")  # refused: nothing moves, nothing steps
        assert tree.scroll_y == 0 and screen.session.tick == tick
        for _ in range(200):  # the tree grows past the pane's height
            await pressed(pilot, "space")
            if tree.max_scroll_y > 0:
                break
        assert tree.max_scroll_y > 0
        await wait_for(pilot, lambda: "Page down" in bar(app))
        # no scrollbar thumb (one reads as a value): the pane's border says which lines show
        assert not tree.show_vertical_scrollbar or tree.styles.scrollbar_visibility == "hidden"
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: re.search(r"lines \d+-\d+ of", region_lines(app, tree)[-1]))
        assert await help_actions(pilot, app) >= PAGE_KEYS
        await pilot.press("r")  # not a key here: the tree stays as it is
        for _ in range(250):  # back to the start: the tree fits again
            if screen.session.tick == 0:
                break
            await pilot.press("left")
        await wait_for(pilot, lambda: "Page" not in bar(app))
        assert not PAGE_KEYS & await help_actions(pilot, app)


async def test_the_tree_screen_over_a_lesson_offers_no_lessons_key() -> None:
    app = builtin(1, 2, SIZE)  # lesson 1 page 2: the 5 x 5 board
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_page(pilot, 1, 2)
        await pressed(pilot, "f3", "T")
        assert isinstance(app.screen, TreeScreen) and app.screen.session is screen.session
        assert "lessons" not in offered(app), offered(app)
        assert "Lessons" not in bar(app) and "Close tree" in bar(app), bar(app)
        await pressed(pilot, "l")  # and it does nothing
        assert isinstance(app.screen, TreeScreen)
        # Its help says where escape goes from here: the tree closes, the lesson page is back.
        await pressed(pilot, "question_mark")
        helped = " ".join(" ".join(screen_lines(app)).split())
        assert "close the tree" in helped and "back to the board" not in helped, helped
        await pilot.press("escape", "escape")
        await wait_for(pilot, lambda: app.screen is screen)


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_a_lessons_tree_page_keeps_its_width_and_says_what_t_opens(lang: str) -> None:
    """Lesson 3 page 5 at 80x24: the tree's pane keeps one width as the tree grows and shrinks,
    every line whole; its border says "T: tree screen" translated, never "the whole screen";
    the page's board stands above the text, beside the tree."""
    app = builtin(3, 5, SIZE, lang)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_page(pilot, 3, 5)
        assert screen.query_one("#lesson-tree-board").display
        assert not screen.query_one("#lesson-board").display
        tree = screen.query_one(TreePane)
        subtitle = str(tree.border_subtitle)
        assert subtitle == i18n.translation(lang).gettext("T: tree screen"), subtitle
        for whole in ("whole", "tutto schermo", "cały ekran"):
            assert whole not in subtitle, subtitle
        assert lang == "en" or subtitle != "T: tree screen"  # translated
        left = screen.query_one("#lesson-left")
        widths = set()
        for key in ["space"] * 14 + ["left"] * 6:
            await pressed(pilot, key)
            widths.add(left.outer_size.width)
            assert tree.frame is not None
            widest = max(cell_len(line.text) for line in tree.frame.lines)
            assert widest <= tree.scrollable_content_region.width, (key, widest)
        assert len(widths) == 1, widths


def test_no_word_of_the_whole_screen_for_t() -> None:
    assert "whole screen" not in str(WHOLE_TREE.tooltip)
    students = Path(__file__).resolve().parents[2] / "docs" / "students.md"
    row = next(line for line in students.read_text().splitlines() if line.startswith("| `T` |"))
    assert "whole screen" not in row, row


async def test_the_board_stands_above_the_tree_at_120x40() -> None:
    """On a tall screen lesson 3 page 5's board stands in the tree's column, above the tree; the
    text has the whole right-hand side; the tree up to the first solution shows whole."""
    app = tutor_on_builtin("3", "en")
    async with lesson_opened(app, (120, 40)) as (pilot, screen):
        await shown_at(pilot, screen, 4)
        left = screen.query_one("#lesson-left")
        board = screen.query_one("#lesson-board", Board)
        tree = screen.query_one(TreePane)
        assert not screen.query_one("#lesson-tree-board").display
        assert board.display and board.region.width > 0
        assert board.region.x == tree.region.x == left.region.x
        assert board.region.bottom <= tree.region.y  # above the tree
        drawn = lines(board)
        assert drawn[0].startswith("3 ") and drawn[-1].split() == ["0", "1", "2", "3"], drawn
        text_pane = screen.query_one(LessonPane)
        assert text_pane.region.y == 0 and text_pane.region.height >= 38
        await pilot.press("s")  # to the first solution: the tree whole
        await wait_for(pilot, lambda: not screen.running)
        await pauses(pilot, 3)
        text = "\n".join(screen_lines(app))
        assert "empty board (k = 0)" in text and "b[3]=2" in text, text
        assert tree.max_scroll_y == 0, text
