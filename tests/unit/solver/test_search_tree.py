"""The search tree (solver/tree/tree.py): one node per square the engine tried, grown and cut as
the search goes, and following a search whose mode was switched on the way."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.events import Try
from solver.methods.iterative.engine import IterativeEngine
from solver.registry import stepped
from solver.stepping import Mode, Stop
from solver.tree.tree import MAX_N, NodeState, SearchTree
from solver.tree.view import TreeFollower, tree_frame
from tests.tiers import examples
from tui.widgets.tree_pane import ASCII_CHARS, UNICODE_CHARS


def test_states_after_n4_first_solution() -> None:
    engine = IterativeEngine(4)
    engine.run(Stop.END)
    tree = SearchTree(4)
    tree.follow(engine.snapshot())
    states = [x.state for x in tree.nodes()]
    assert states.count(NodeState.SOLUTION) == 1
    assert states.count(NodeState.CUT) == engine.examined - 4 - states.count(NodeState.LEFT)
    # The first queen (column 0, row 0) was placed, searched below and left.
    assert tree.nodes()[0].state is NodeState.LEFT
    assert [(x.col, x.row) for x in tree.path()] == [(0, 1), (1, 3), (2, 0), (3, 2)]


def tries(n: int, ticks: int, cut: bool = False) -> list[tuple[int, ...]]:
    """The squares the loop tries in its first ``ticks`` ticks (the same in either mode), with
    ``cut``: and whether each was attacked."""
    replay = IterativeEngine(n, Mode.ALL)
    found: list[tuple[int, ...]] = []
    for _ in range(ticks):
        event = replay.step()
        if isinstance(event, Try):
            found.append((event.col, event.row, *([bool(event.attackers)] if cut else [])))
    return found


def past_first_solution_in_first_mode(n: int, beyond: int) -> IterativeEngine:
    """An engine ``beyond`` ticks past the first solution in all mode, switched back to first."""
    engine = IterativeEngine(n, Mode.ALL)
    engine.run(Stop.SOLUTION)
    engine.run(Stop.END, max_ticks=beyond)
    engine.mode = Mode.FIRST
    return engine


def test_a_fresh_tree_reaches_a_tick_past_the_first_solution_in_first_mode() -> None:
    engine = past_first_solution_in_first_mode(4, 2)
    solution_tick = engine.tick - 2
    follower = TreeFollower(ASCII_CHARS)
    frame = follower.frame(stepped(engine.method), engine.snapshot())
    assert frame is not None and follower.tree is not None
    assert follower.tree.tick == engine.tick > solution_tick
    labels = sorted(follower.tree.nodes(), key=lambda node: node.tick)
    assert [(node.col, node.row) for node in labels] == tries(4, engine.tick)
    assert follower.tree.mode is Mode.FIRST


def test_a_larger_board_or_a_snapshot_of_another_search_is_refused() -> None:
    with pytest.raises(ValueError, match="from 1 to 6"):
        SearchTree(7)
    tree = SearchTree(4)
    other = IterativeEngine(5)
    other.run(Stop.END, max_ticks=3)
    with pytest.raises(ValueError, match="n = 4"):
        tree.follow(other.snapshot())


Op = tuple[str, int]


@settings(max_examples=examples(80), deadline=None)
@given(
    n=st.integers(1, MAX_N),
    start=st.sampled_from(list(Mode)),
    ops=st.lists(
        st.tuples(st.sampled_from(("forward", "back", "mode", "fresh")), st.integers(1, 400)),
        max_size=12,
    ),
)
def test_the_tree_follows_any_mix_of_ticks_back_and_mode_switches(
    n: int, start: Mode, ops: list[Op]
) -> None:
    engine = IterativeEngine(n, start)
    tree = None
    follower = TreeFollower(ASCII_CHARS)
    follower.frame(stepped(engine.method), engine.snapshot())
    for op, count in ops:
        if op == "forward":
            engine.run(Stop.END, max_ticks=count)
        elif op == "back":
            engine.back_to(max(engine.tick - count, 0))
        elif op == "mode":
            engine.mode = Mode.FIRST if engine.mode is Mode.ALL else Mode.ALL
        else:  # t off and on: a new tree built straight to the tick
            follower = TreeFollower(ASCII_CHARS)
        assert follower.frame(stepped(engine.method), engine.snapshot()) is not None
        tree = follower.tree
        assert tree is not None and tree.tick == engine.tick
        nodes = sorted(tree.nodes(), key=lambda node: node.tick)
        cut = [(node.col, node.row, node.state is NodeState.CUT) for node in nodes]
        assert cut == tries(n, engine.tick, cut=True)
        assert tree.engine.b == engine.b and tree.engine.k == engine.k
        path, placed = [(x.col, x.row) for x in tree.path()], list(engine.snapshot().placed())
        assert path == placed  # the current node's path: the queens placed for good
        frame = tree_frame(tree, UNICODE_CHARS)  # one line per node and one marked
        assert len(frame.lines) == tree.size + 1
        assert [i for i, line in enumerate(frame.lines) if line.current] == [frame.current]
        assert [line.state is NodeState.CUT for line in frame.lines[1:]] == [
            node.state is NodeState.CUT for node in tree.nodes()
        ]
        assert all(line.text.isascii() for line in tree_frame(tree, ASCII_CHARS).lines)
    fresh = SearchTree(n, engine.mode)  # the same tree as one built straight to this tick
    fresh.follow(engine.snapshot())
    assert tree is None or [(x.col, x.row, x.state) for x in fresh.nodes()] == [
        (x.col, x.row, x.state) for x in tree.nodes()
    ]
