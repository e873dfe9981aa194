"""The search tree beside the board (key t): it grows with the ticks and shrinks on the way back,
its nodes are the engine's tries, and it is refused, with the reason, where it does not apply."""

from __future__ import annotations

from solver.events import Try
from solver.methods.iterative.engine import IterativeEngine
from tests.tui.screen_text import lines, main_screen, pane, wait_for
from tui.app import QueensTutorApp

SIZE = (80, 24)


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
    follower = main_screen(app)._tree
    assert follower is not None and follower.tree is not None
    nodes = sorted(follower.tree.nodes(), key=lambda node: node.tick)
    return [f"b[{node.col}]={node.row}" for node in nodes]


async def test_the_tree_grows_with_each_tick_and_shrinks_back() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", "space", "t")
        await pilot.pause()
        tree = pane(app, "tree")
        assert tree.display and not pane(app, "code").display
        assert tree_labels(app) == engine_tries(4, 2)
        drawn = lines(tree)
        assert drawn[0].strip() == "empty board (k = 0)"
        assert drawn[2].startswith("▶") and "✕ b[1]=0: row, col 0" in drawn[2], drawn
        assert tree.border_title == "search tree: 2 nodes"
        await pilot.press(*["space"] * 6)
        await pilot.pause()
        assert tree_labels(app) == engine_tries(4, 8)
        await pilot.press("left", "left", "left")
        await pilot.pause()
        assert tree_labels(app) == engine_tries(4, 5)
        marked = [line for line in lines(tree) if line.startswith("▶")]
        assert marked == [line for line in lines(tree) if "b[2]=0" in line], lines(tree)
        await pilot.press("t")
        assert not tree.display and pane(app, "code").display


async def test_the_tree_follows_a_run_to_the_solution_and_keeps_the_current_node_in_view() -> None:
    app = QueensTutorApp(6)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", "s")
        await wait_for(pilot, lambda: not main_screen(app).running)
        await pilot.pause()
        engine = main_screen(app).session.engine
        assert tree_labels(app) == engine_tries(6, engine.tick)
        shown = lines(pane(app, "tree"))
        current = [line for line in shown if line.startswith("▶")]
        assert len(current) == 1 and "b[5]=4: solution 1" in current[0], shown


def notice(app: QueensTutorApp) -> str:
    """The status lines as drawn, as one line: a notice is shown there (never over a pane)."""
    return " ".join(" ".join(lines(pane(app, "status"))).split())


def tree_shown(app: QueensTutorApp) -> bool:
    """Whether the tree's pane is on screen (in the code's place)."""
    return pane(app, "tree").display


async def test_the_tree_is_refused_with_the_reason() -> None:
    app = QueensTutorApp(7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await wait_for(pilot, lambda: "n = 7 has too many nodes" in notice(app))
        assert not tree_shown(app)
        assert "The search tree is drawn up to n = 6: n = 7 has too many nodes" in notice(app)
        await pilot.press("left_square_bracket", "m", "t")
        await wait_for(pilot, lambda: "The search tree is the Wrocław loop's" in notice(app))
        assert not tree_shown(app)
        assert "The search tree is the Wrocław loop's" in notice(app)


async def test_the_tree_goes_away_for_a_board_too_large() -> None:
    app = QueensTutorApp(6)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t", "right_square_bracket")
        await pilot.pause()
        assert not tree_shown(app)
        assert pane(app, "code").display
