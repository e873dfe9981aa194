"""Who attacks whom: the O(n) checker and the one that names every attacking pair and its rule,
the attacked squares and lines of attack, and the square in focus."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.checker import Attack, attack_count, attacks, explain, first_attacks, is_valid
from solver.events import Rule, attack_rule
from solver.geometry import attacked_squares, line_between
from solver.methods.iterative.engine import IterativeEngine, Stop
from solver.methods.iterative.view import focus_square
from tests.tiers import examples, sweep
from tests.unit.solver.reference_solutions import reference_solutions


def test_each_rule_is_named_with_the_pair_and_explained_with_its_equal_quantity() -> None:
    assert is_valid([0, 4, 7, 5, 2, 6, 1, 3]) and attacks([0, 4, 7, 5, 2, 6, 1, 3]) == []
    assert attacks([0, 0]) == [Attack(0, 0, 1, 0, Rule.ROW)]
    assert attacks([0, 1]) == [Attack(0, 0, 1, 1, Rule.DIFF)]
    assert attacks([1, 0]) == [Attack(0, 1, 1, 0, Rule.SUM)]
    assert attacks([0, 2, 1]) == [Attack(1, 2, 2, 1, Rule.SUM)]
    assert attacks([0, 0, 2]) == [Attack(0, 0, 1, 0, Rule.ROW), Attack(0, 0, 2, 2, Rule.DIFF)]
    # explained with the equal quantity
    assert explain(Attack(0, 4, 1, 3, Rule.SUM)) == (
        "the queens of columns 0 and 1 (rows 4 and 3) attack: same col+row diagonal: 0+4 = 4 = 1+3"
    )
    assert "(both in row 2) attack: same row" in explain(Attack(0, 2, 3, 2, Rule.ROW))
    assert "1-0 = 1 = 3-2" in explain(Attack(0, 1, 2, 3, Rule.DIFF))


@pytest.mark.parametrize("bad", [[], [0, 2], [-1, 0]])
def test_rows_outside_the_board_are_rejected(bad: list[int]) -> None:
    with pytest.raises(ValueError):
        is_valid(bad)
    with pytest.raises(ValueError):
        attacks(bad)


@pytest.mark.parametrize("n", sweep(range(1, 7), everyday=range(1, 6)))
def test_valid_exactly_for_the_solutions(n: int) -> None:
    solutions = set(reference_solutions(n))
    for b in itertools.product(range(n), repeat=n):
        assert is_valid(b) == (b in solutions)
        assert (attacks(b) == []) == (b in solutions)


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(1, 9).flatmap(lambda n: st.lists(st.integers(0, n - 1), min_size=n, max_size=n)))
def test_attacks_lists_exactly_the_attacking_pairs(b: list[int]) -> None:
    expected = []
    for i, j in itertools.combinations(range(len(b)), 2):
        if b[i] == b[j]:
            expected.append((i, j, Rule.ROW))
        elif i + b[i] == j + b[j]:
            expected.append((i, j, Rule.SUM))
        elif b[i] - i == b[j] - j:
            expected.append((i, j, Rule.DIFF))
    assert [(a.col_a, a.col_b, a.rule) for a in attacks(b)] == expected
    assert is_valid(b) == (not expected)


@given(st.lists(st.integers(0, 11), min_size=1, max_size=12), st.integers(0, 70))
def test_first_attacks_and_count_agree_with_attacks(raw: list[int], limit: int) -> None:
    b = [row % len(raw) for row in raw]
    every = attacks(b)
    assert attack_count(b) == len(every)
    assert first_attacks(b, limit) == every[:limit]


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
