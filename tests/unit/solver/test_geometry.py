"""Attacked squares, lines of attack and the square in focus."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.events import attack_rule
from solver.geometry import attacked_squares, line_between
from solver.methods.iterative.engine import IterativeEngine, Stop
from solver.methods.iterative.view import focus_square
from tests.tiers import examples


def test_the_wroclaw_lectures_column_2_has_no_free_square() -> None:
    # b = [0, 2]: every square of column 2 is attacked (the Wrocław lecture, "Brak wolnej pozycji").
    attacked = attacked_squares([(0, 0), (1, 2)], 4)
    assert all((2, r) in attacked for r in range(4))
    assert (3, 1) not in attacked


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]]]:
    n = draw(st.integers(1, 8))
    square = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    return n, draw(st.lists(square, max_size=4))


@settings(max_examples=examples(60))
@given(boards())
def test_attacked_means_some_queen_shares_a_line(case: tuple[int, list[tuple[int, int]]]) -> None:
    n, queens = case
    attacked = attacked_squares(queens, n)
    for c in range(n):
        for r in range(n):
            shares = any(
                (c, r) != q and (c == q[0] or attack_rule(c, r, *q) is not None) for q in queens
            )
            assert ((c, r) in attacked) == (shares and (c, r) not in queens)


def test_line_between_runs_along_rows_and_both_diagonals_and_nowhere_else() -> None:
    assert list(line_between((0, 1), (3, 1))) == [(1, 1), (2, 1)]
    assert list(line_between((0, 0), (3, 3))) == [(1, 1), (2, 2)]
    assert list(line_between((0, 3), (3, 0))) == [(1, 2), (2, 1)]
    assert list(line_between((3, 0), (0, 3))) == [(2, 1), (1, 2)]
    assert list(line_between((2, 2), (3, 3))) == []
    with pytest.raises(ValueError):
        list(line_between((0, 0), (1, 2)))


def test_focus_follows_the_last_tick() -> None:
    engine = IterativeEngine(4)
    assert focus_square(engine.snapshot()) is None
    engine.step()
    assert focus_square(engine.snapshot()) == (0, 0)
    engine.step()  # (1, 0) attacked
    assert focus_square(engine.snapshot()) == (1, 0)
    engine.run(Stop.BACKTRACK)  # column 2 has no free square: back to column 1
    event = engine.last_event
    assert event is not None and event.kind == "backtrack"
    assert focus_square(engine.snapshot()) == (1, 2)
    engine.run()
    assert focus_square(engine.snapshot()) == (3, 2)
