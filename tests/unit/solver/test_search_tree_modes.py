"""The search tree follows a search whose mode was switched on the way (key ``a``): the
ValueError seen in a random-key run (``a``, ticks past a solution, ``a``, ``t``) came from a tree
that replayed the search in first-solution mode and so could not pass the first solution."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.events import Try
from solver.methods.iterative.engine import IterativeEngine
from solver.registry import stepped
from solver.stepping import Mode, Stop
from solver.tree.tree import MAX_N, SearchTree
from solver.tree.view import TreeFollower
from tests.tiers import examples
from tui.widgets.tree_pane import ASCII_CHARS


def tries(n: int, ticks: int) -> list[tuple[int, int]]:
    """The squares the loop tries in its first ``ticks`` ticks (the same in either mode)."""
    replay = IterativeEngine(n, Mode.ALL)
    found = []
    for _ in range(ticks):
        event = replay.step()
        if isinstance(event, Try):
            found.append((event.col, event.row))
    return found


def past_first_solution_in_first_mode(n: int, beyond: int) -> IterativeEngine:
    """An engine ``beyond`` ticks past the first solution, played in all-solutions mode and
    switched back to first-solution mode (as ``a``, ``s``, ``space``..., ``a`` leave it)."""
    engine = IterativeEngine(n, Mode.ALL)
    engine.run(Stop.SOLUTION)
    engine.run(Stop.END, max_ticks=beyond)
    engine.mode = Mode.FIRST
    return engine


def test_a_fresh_tree_reaches_a_tick_past_the_first_solution_in_first_mode() -> None:
    engine = past_first_solution_in_first_mode(4, 2)
    solution_tick = engine.tick - 2
    follower = TreeFollower(ASCII_CHARS)
    frame = follower.frame(stepped(engine.method), engine.snapshot())  # ValueError before the fix
    assert frame is not None and follower.tree is not None
    assert follower.tree.tick == engine.tick > solution_tick
    labels = sorted(follower.tree.nodes(), key=lambda node: node.tick)
    assert [(node.col, node.row) for node in labels] == tries(4, engine.tick)
    assert follower.tree.mode is Mode.FIRST


def test_a_snapshot_of_another_search_is_still_refused() -> None:
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
        assert [(node.col, node.row) for node in nodes] == tries(n, engine.tick)
        assert tree.engine.b == engine.b and tree.engine.k == engine.k
