"""Properties of the iterative engine, for every n and every point of the search (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.events import Try, attack_rule
from solver.methods.iterative.engine import IterativeEngine, Mode, Stop
from tests.tiers import examples

boards = st.integers(min_value=1, max_value=12)
modes = st.sampled_from(list(Mode))


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
@given(n=boards, mode=modes, start=st.integers(0, 3000), back=st.integers(0, 3000))
def test_forward_then_back_restores_the_state_exactly(
    n: int, mode: Mode, start: int, back: int
) -> None:
    engine = IterativeEngine(n, mode)
    engine.run(Stop.END, max_ticks=start)
    before = engine.snapshot()
    played = engine.run(Stop.END, max_ticks=back).ticks
    for _ in range(played):
        assert engine.back()
    assert engine.snapshot() == before
    assert_consistent(engine)


@settings(max_examples=examples(40), deadline=None)
@given(n=boards, mode=modes, ticks=st.integers(1, 400))
def test_no_placed_queen_is_ever_attacked(n: int, mode: Mode, ticks: int) -> None:
    engine = IterativeEngine(n, mode)
    for _ in range(ticks):
        event = engine.step()
        if event is None:
            break
        assert_consistent(engine)
        if isinstance(event, Try) and event.placed:
            assert engine.k == event.col + 1


@settings(max_examples=examples(40), deadline=None)
@given(
    n=boards,
    moves=st.lists(
        st.sampled_from(["step", "iteration", "back", "backtrack", "solution"]), max_size=60
    ),
)
def test_any_walk_lands_on_the_same_state_as_plain_stepping(n: int, moves: list[str]) -> None:
    """Stepping back and running in any order never changes where tick t is."""
    engine = IterativeEngine(n, Mode.ALL)
    for move in moves:
        if move == "step":
            engine.step()
        elif move == "iteration":
            engine.step_iteration()
        elif move == "back":
            engine.back()
        elif move == "backtrack":
            engine.run(Stop.BACKTRACK)
        else:
            engine.run(Stop.SOLUTION)
        assert_consistent(engine)
    plain = IterativeEngine(n, Mode.ALL)
    plain.run(Stop.END, max_ticks=engine.tick)
    assert plain.snapshot() == engine.snapshot()
