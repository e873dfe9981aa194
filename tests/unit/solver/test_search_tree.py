"""The search tree (solver/tree/tree.py): one node per square the engine tried, grown and
shrunk with the engine it follows."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.events import Try
from solver.methods.iterative.engine import IterativeEngine
from solver.stepping import Mode, Stop
from solver.tree.tree import MAX_N, NodeState, SearchTree
from tests.tiers import examples


def tries_of(engine: IterativeEngine, ticks: int) -> list[tuple[int, int, bool]]:
    replay = IterativeEngine(engine.n, engine.mode)
    found = []
    for _ in range(ticks):
        event = replay.step()
        if isinstance(event, Try):
            found.append((event.col, event.row, bool(event.attackers)))
    return found


@settings(max_examples=examples(60), deadline=None)
@given(
    n=st.integers(1, MAX_N),
    mode=st.sampled_from(list(Mode)),
    forward=st.integers(0, 1100),
    back=st.integers(0, 1100),
)
def test_the_nodes_are_the_engines_tries_forward_and_back(
    n: int, mode: Mode, forward: int, back: int
) -> None:
    engine = IterativeEngine(n, mode)
    tree = SearchTree(n, mode)
    engine.run(Stop.END, max_ticks=forward)
    tree.follow(engine.snapshot())
    engine.back_to(max(engine.tick - back, 0))
    tree.follow(engine.snapshot())
    nodes = sorted(tree.nodes(), key=lambda node: node.tick)
    assert [(x.col, x.row, x.state is NodeState.CUT) for x in nodes] == tries_of(
        engine, engine.tick
    )
    # The current node's path is the engine's queens placed for good.
    path = [(x.col, x.row) for x in tree.path()]
    snapshot = engine.snapshot()
    placed = list(snapshot.placed())
    assert path == placed or (snapshot.k == n and path == placed)
    # The same tree as one built straight to this tick.
    fresh = SearchTree(n, mode)
    fresh.follow(snapshot)
    assert [(x.col, x.row, x.state) for x in fresh.nodes()] == [
        (x.col, x.row, x.state) for x in tree.nodes()
    ]


def test_states_after_n4_first_solution():
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


def test_larger_boards_are_refused():
    with pytest.raises(ValueError, match="from 1 to 6"):
        SearchTree(7)
