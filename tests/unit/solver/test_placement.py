"""The learner's own board (solver/placement/board.py): undo, attacking pairs as `check` names them,
symmetry classes of solutions, and the small boards exhausted by hand."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.checker import attacks, attacks_among, explain
from solver.events import attack_rule
from solver.messages import render
from solver.placement.board import (
    Exhaustion,
    FoundSolutions,
    Placement,
    classify,
    explain_pair,
    fundamental_solutions,
)
from tests.tiers import examples

sizes = st.integers(min_value=1, max_value=10)


@st.composite
def boards_and_moves(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]]]:
    n = draw(sizes)
    square = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    return n, draw(st.lists(square, max_size=30))


@settings(max_examples=examples(80), deadline=None)
@given(boards_and_moves(), st.data())
def test_toggling_queens_then_undoing_returns_every_earlier_state(
    case: tuple[int, list[tuple[int, int]]], data: st.DataObject
) -> None:
    n, moves = case
    board = Placement(n)
    states = [board.state()]
    for square in moves:
        board.push(square)
        states.append(board.state())
        if data.draw(st.booleans()):
            board.clear()
            states.append(board.state())
    while board.moves:
        states.pop()
        assert board.pop()
        assert board.state() == states[-1]
    assert board.state().queens == frozenset()
    assert not board.pop()


@settings(max_examples=examples(80), deadline=None)
@given(boards_and_moves())
def test_pairs_are_every_attacking_pair_and_agree_with_check(
    case: tuple[int, list[tuple[int, int]]],
) -> None:
    n, moves = case
    queens = sorted(set(moves))
    found = attacks_among(queens)
    expected = set()
    for i, (c1, r1) in enumerate(queens):
        for c2, r2 in queens[i + 1 :]:
            rule = "col" if c1 == c2 else attack_rule(c1, r1, c2, r2)
            if rule is not None:
                expected.add(((c1, r1), (c2, r2), str(rule)))
    assert {(p.first, p.second, p.rule) for p in found} == expected
    # One queen per column: exactly `queens-tutor check`'s pairs, in its order and words.
    by_col = {}
    for c, r in queens:
        by_col.setdefault(c, r)
    if len(by_col) == n:
        b = [by_col[c] for c in range(n)]
        ours = attacks_among(enumerate(b))
        assert [p.as_attack() for p in ours] == attacks(b)
        assert [render(explain_pair(p)) for p in ours] == [explain(a) for a in attacks(b)]


def test_solution_recognised_with_its_class():
    board = Placement(8)
    board.set_queens(enumerate((0, 4, 7, 5, 2, 6, 1, 3)))
    b = board.state().solution
    assert b == (0, 4, 7, 5, 2, 6, 1, 3)
    cls = classify(b)
    assert (cls.fundamentals, cls.total, cls.size) == (12, 92, 8)  # OEIS A002562, A000170
    assert cls.canonical == min(fundamental_solutions(8))
    assert cls.number == 1
    board.set_queens([(0, 0), (1, 1), (2, 3), (3, 2)])  # an attacking placement: no solution
    assert board.state().solution is None
    assert board.state().clashing == {(0, 0), (1, 1), (2, 3), (3, 2)}
    # The one class of n = 8 with 4 members (symmetric under a half turn).
    sizes = sorted(classify(f).size for f in fundamental_solutions(8))
    assert sizes == [4] + [8] * 11


def test_found_solutions_remember_per_class():
    found = FoundSolutions()
    first, second = (1, 3, 0, 2), (2, 0, 3, 1)
    assert found.record(first) and not found.record(first)
    assert found.seen(first) and not found.seen(second)
    cls = classify(second)
    assert cls.size == 2 and found.in_class(cls) == 1  # n = 4: the two are mirror images
    found.record(second)
    assert found.in_class(cls) == 2 and found.of(4) == (first, second)


@pytest.mark.parametrize(("n", "works"), [(2, 0), (3, 0), (4, 2)])
def test_a_board_is_exhausted_once_every_placement_is_tried_and_none_works(
    n: int, works: int
) -> None:
    board, known = Placement(n), Exhaustion(n)
    for b in itertools.permutations(range(n)):
        assert not known.exhausted()
        board.set_queens(enumerate(b))
        known.observe(board.state())
    assert known.exhausted() == (works == 0)
    assert all(c.tried for c in known.candidates())
    assert sum(c.works for c in known.candidates()) == works


def test_a_pair_seen_attacking_rules_out_every_placement_holding_it():
    board, known = Placement(3), Exhaustion(3)
    for pair in ([(0, 0), (1, 1)], [(0, 2), (1, 1)], [(1, 1), (2, 0)], [(1, 1), (2, 2)]):
        board.set_queens(pair)
        known.observe(board.state())
    # Every placement with the centre queen is out; left: b[1] != 1.
    left = [c.b for c in known.candidates() if not c.settled]
    assert left == [(0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1)]
    for pair in ([(0, 1), (1, 0)], [(0, 1), (1, 2)]):
        board.set_queens(pair)
        known.observe(board.state())
    for pair in ([(0, 0), (1, 2)], [(0, 2), (1, 0)]):
        board.set_queens([*pair, (2, 1)])
        known.observe(board.state())
    assert known.exhausted()


def test_the_count_of_solutions_agrees_with_the_list() -> None:
    from solver.placement.board import solution_count, solutions_of

    assert [solution_count(n) for n in range(1, 11)] == [len(solutions_of(n)) for n in range(1, 11)]


@pytest.mark.parametrize(
    ("language", "whole"),
    [
        ("en", "the queens of rows 1 and 3 of column 2 attack: same column 2"),
        ("en", "the queens of columns 0 and 1 (both in row 0) attack: same row"),
        ("it", "le regine delle colonne 0 e 1 (entrambe nella riga 0) si attaccano: stessa riga"),
        ("pl", "hetmany z kolumn 0 i 1 (oba w wierszu 0) atakują się: ten sam wiersz"),
    ],
)
def test_a_row_or_column_pair_names_its_line_once(language: str, whole: str) -> None:
    """With the article the diagonal pairs have; ``check`` says a row pair as the board does."""
    from lessons.i18n import speaking

    (pair,) = attacks_among([(2, 1), (2, 3)] if "column 2" in whole else [(0, 0), (1, 0)])
    with speaking(language):
        said = render(explain_pair(pair))
        assert said == whole
        attack = pair.as_attack()
        assert said == explain(attack) if attack else pair.rule == "col"


@pytest.mark.parametrize(
    ("language", "b", "said", "unsaid"),
    [
        ("en", (1, 3, 0, 2), "the only fundamental solution", "1 of 1"),
        ("pl", (1, 3, 0, 2), "jedynego rozwiązania podstawowego", "spośród 1"),
        ("it", (1, 3, 5, 0, 2, 4), "unica soluzione fondamentale", "1 di 1"),
        ("en", (0, 2, 4, 1, 3), "fundamental solution 1 of 2", "only"),
    ],
)
def test_a_board_of_one_orbit_names_its_only_fundamental_solution(
    language: str, b: tuple[int, ...], said: str, unsaid: str
) -> None:
    """A board whose solutions make one orbit names the only one (not "1 of 1")."""
    from lessons.i18n import speaking
    from solver.placement.board import PlacementState
    from solver.placement.view import summary

    state = PlacementState(len(b), frozenset(enumerate(b)), ())
    with speaking(language):
        text = " ".join(render(line) for line in summary(state, FoundSolutions(), True))
    assert said in text and unsaid not in text, text
