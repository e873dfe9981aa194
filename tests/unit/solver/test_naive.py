"""The naive searches: exact search-space sizes, candidates examined, the random search."""

from __future__ import annotations

import math
import random

import pytest

from solver.methods.naive import search as naive
from tests.tiers import sweep
from tests.unit.solver.reference_solutions import reference_solutions


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
