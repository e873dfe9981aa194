"""Every method of the lecture notes finds the same solutions (n <= 9), via solver.runs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.checker import is_valid
from solver.method_run import SQUARES_TESTED
from solver.methods.naive import search as naive
from solver.registry import (
    MAX_CANDIDATES,
    NAIVE_MAX_N,
    backtrackers,
    listing_methods,
    naive_searches,
)
from solver.runs import NoSolution, TooBig, run_method
from tests.tiers import examples
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
