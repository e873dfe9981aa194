"""The methods of the lecture notes: every one finds the same solutions (n <= 9) through
solver.runs, or says why not; the naive searches' search spaces, candidates examined and random
search; the explicit construction for every n >= 4, checked by the O(n) checker."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.checker import attacks, is_valid
from solver.method_run import SQUARES_TESTED
from solver.methods.constructive.construction import construct
from solver.methods.naive import search as naive
from solver.registry import (
    MAX_CANDIDATES,
    NAIVE_MAX_N,
    backtrackers,
    listing_methods,
    naive_searches,
)
from solver.runs import NoSolution, TooBig, run_method
from tests.tiers import examples, sweep
from tests.unit.solver.reference_solutions import reference_solutions

NAIVE_ALL_MAX_N = {"bruteforce": 5, "columns": 6, "permutations": 9}


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(1, 9), st.sampled_from(listing_methods()))
def test_all_methods_agree_on_solution_sets(n: int, method: str) -> None:
    if n > NAIVE_ALL_MAX_N.get(method, 9):
        return
    result = run_method(method, n, every=True)
    assert list(result.solutions) == reference_solutions(n)


@pytest.mark.parametrize("n", range(1, 10))
def test_backtrackers_agree_on_every_solution_and_count(n: int) -> None:
    runs = [run_method(m, n, every=True) for m in backtrackers()]
    assert all(r.solutions == runs[0].solutions for r in runs)
    # the same tree: those that test squares test the same ones
    assert len({r.examined for r in runs if r.unit == SQUARES_TESTED}) == 1


def test_first_solutions_and_units() -> None:
    first = tuple(reference_solutions(7)[0])
    for method in (*backtrackers(), "columns", "permutations"):
        result = run_method(method, 7)
        assert result.solutions == (first,)
        assert result.examined > 0
    assert run_method("permutations", 8).unit.name == "placements checked"
    random_run = run_method("random", 8, seed=4)
    assert random_run == run_method("random", 8, seed=4)
    assert is_valid(random_run.solutions[0]) and random_run.unit.name == "permutations tried"
    assert is_valid(run_method("constructive", 50).solutions[0])


def test_refusals() -> None:
    with pytest.raises(TooBig, match="4,426,165,368") as refusal:
        run_method("bruteforce", 8)
    first = reference_solutions(8)[0]
    assert refusal.value.examined == naive.rank("bruteforce", first) + 1
    with pytest.raises(TooBig) as refusal:
        run_method("columns", 13)
    assert refusal.value.examined is None
    with pytest.raises(TooBig, match="387,420,489"):
        run_method("columns", 9, every=True)
    with pytest.raises(TooBig, match="6,227,020,800"):
        run_method("permutations", 13)
    with pytest.raises(NoSolution):
        run_method("random", 3)
    with pytest.raises(NoSolution):
        run_method("constructive", 2)
    with pytest.raises(ValueError, match="cannot list"):
        run_method("random", 8, every=True)


def test_no_naive_search_above_the_cutoff_stays_under_the_limit() -> None:
    for method in naive_searches():
        assert naive.cost(method, NAIVE_MAX_N + 1, every=False) > MAX_CANDIDATES


def test_search_space_sizes_of_the_lectures() -> None:
    assert naive.search_space("bruteforce", 8) == 4_426_165_368  # the Italian Python course
    assert naive.search_space("permutations", 8) == 40_320  # the Italian Python course: 8!
    for n in range(1, 12):
        assert naive.search_space("bruteforce", n) == math.comb(n * n, n)
        assert naive.search_space("columns", n) == n**n
        assert naive.search_space("permutations", n) == math.factorial(n)
    with pytest.raises(ValueError, match="unknown"):
        naive.search_space("random", 8)
    with pytest.raises(ValueError):
        naive.search_space("columns", 0)


@pytest.mark.parametrize(
    ("method", "largest"), [("bruteforce", 5), ("columns", 6), ("permutations", 8)]
)
def test_every_solution_in_order_and_the_examined_count_predicted_by_the_rank(
    method: str, largest: int
) -> None:
    assert sorted(naive.METHODS) == ["bruteforce", "columns", "permutations"]
    for n in range(1, largest + 1):
        reference = reference_solutions(n)
        assert list(naive.solutions(method, n)) == reference
        result = naive.first_solution(method, n)
        assert result.solution == (reference[0] if reference else None)
        assert result.examined == naive.examined_until(method, result.solution, n)
        assert result.space == naive.search_space(method, n)


def test_rank_counts_candidates_before_a_placement() -> None:
    n = 4
    for method in ("columns", "permutations"):
        candidates = [b for b, _ in naive._candidates(method, n)]
        assert len(candidates) == naive.search_space(method, n)
        for position, b in enumerate(candidates):
            assert naive.rank(method, b) == position
    # bruteforce: sets of squares; those with one queen per column are placements b
    checked = 0
    for position, (squares, _) in enumerate(naive._bruteforce(n)):
        if len({s // n for s in squares}) == n:
            assert naive.rank("bruteforce", [s % n for s in squares]) == position
            checked += 1
    assert checked == n**n


def test_random_search_is_reproducible_and_valid() -> None:
    a = naive.random_search(8, random.Random(5))
    b = naive.random_search(8, random.Random(5))
    assert a == b and a is not None
    assert a.solution in set(reference_solutions(8))
    assert naive.random_search(3, random.Random(1), max_tries=500) is None


@pytest.mark.parametrize("runs", sweep([100, 300], everyday=[100]))
def test_mean_tries_is_reproducible_and_plausible(runs: int) -> None:
    stats = naive.mean_tries(8, runs, seed=1)
    assert stats == naive.mean_tries(8, runs, seed=1)
    assert stats.fewest <= stats.mean <= stats.most
    # Geometric with mean 40320/92 = 438: the runs land within a wide band around it.
    assert 300 < stats.mean < 600
    with pytest.raises(ValueError, match="no solution"):
        naive.mean_tries(3, 5, seed=1)


@pytest.mark.parametrize(
    "sizes", sweep([range(4, 200), range(200, 2001)], everyday=[range(4, 200)])
)
def test_valid_for_every_n_from_4_to_2000(sizes: range) -> None:
    """Every residue of n modulo 6 many times over in the everyday run; up to 2000 in the
    thorough tier."""
    for n in sizes:
        b = construct(n)
        assert sorted(b) == list(range(n))
        assert is_valid(b), n


@pytest.mark.parametrize(
    "n",
    sweep(
        [100_004, 99_999, 1_000_000, 1_000_001, 1_000_002, 1_000_003, 1_000_004, 999_999],
        everyday=[100_004, 99_999],  # n % 6 == 2 and 3: the construction's two special cases
    ),
)
def test_valid_for_huge_n(n: int) -> None:
    assert is_valid(construct(n))


def test_small_boards() -> None:
    assert construct(1) == [0]
    assert construct(4) == [1, 3, 0, 2]
    assert attacks(construct(8)) == []
    for n in (2, 3):
        with pytest.raises(ValueError, match="no solution"):
            construct(n)
    with pytest.raises(ValueError):
        construct(0)
    b = construct(1000)  # the checker catches a broken construction
    b[10], b[11] = b[11], b[10]
    assert not is_valid(b)
