"""Properties of the iterative engine, for every n and every point of the search (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.events import Try, attack_rule
from solver.methods.iterative.engine import IterativeEngine, Mode, Stop
from tests.tiers import examples

boards = st.integers(min_value=1, max_value=12)


def assert_consistent(engine: IterativeEngine) -> None:
    """No two queens in columns < k attack; the O(1) attack tables agree with b[:k]."""
    n, k, b = engine.n, engine.k, engine.b
    placed = [(c, b[c]) for c in range(max(0, min(k, n)))]
    for i, (c1, r1) in enumerate(placed):
        assert 0 <= r1 < n
        for c2, r2 in placed[i + 1 :]:
            assert attack_rule(c1, r1, c2, r2) is None, (b, k)
    for c in range(max(0, min(k, n)), n):
        if c != k:
            assert b[c] == -1, (b, k)
    if 0 <= k < n and b[k] >= 0:
        # The attackers reported by the O(1) tables are exactly those found by scanning.
        scanned = tuple(
            (c, r, rule) for c, r in placed if (rule := attack_rule(c, r, k, b[k])) is not None
        )
        got = tuple((a.col, a.row, a.rule) for a in engine.attackers(k, b[k]))
        assert got == scanned


@settings(max_examples=examples(60), deadline=None)
@given(
    n=boards,
    mode=st.sampled_from(list(Mode)),
    moves=st.lists(
        st.sampled_from(["step", "step", "iteration", "back", "backtrack", "solution"]),
        max_size=60,
    ),
)
def test_any_walk_stays_consistent_and_lands_where_plain_stepping_does(
    n: int, mode: Mode, moves: list[str]
) -> None:
    """Stepping, stepping back and running in any order keep the tables consistent at every
    move and never change where tick t is; a placement moves k past its column."""
    engine = IterativeEngine(n, mode)
    for move in moves:
        if move == "step":
            event = engine.step()
            if isinstance(event, Try) and event.placed:
                assert engine.k == event.col + 1
        elif move == "iteration":
            engine.step_iteration()
        elif move == "back":
            engine.back()
        elif move == "backtrack":
            engine.run(Stop.BACKTRACK)
        else:
            engine.run(Stop.SOLUTION)
        assert_consistent(engine)
    plain = IterativeEngine(n, mode)
    plain.run(Stop.END, max_ticks=engine.tick)
    assert plain.snapshot() == engine.snapshot()
