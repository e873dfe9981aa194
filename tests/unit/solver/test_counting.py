"""Bit-mask counting with the mirror trick: OEIS counts, unique counts, workers, jobs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.counting import (
    _is_canonical,
    count,
    count_below,
    count_solutions,
    jobs,
    solutions_below,
)
from solver.symmetry import is_canonical
from tests.unit.solver.reference_solutions import reference_solutions

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787]


def test_counts_n_1_to_12_are_oeis_a000170() -> None:
    assert [count_solutions(n) for n in range(1, 13)] == A000170


def test_unique_counts_n_1_to_12_are_oeis_a002562() -> None:
    assert [count_solutions(n, unique=True) for n in range(1, 13)] == A002562


@pytest.mark.parametrize("workers", [1, 2])
def test_one_or_two_workers_agree(workers: int) -> None:
    result = count(12, unique=True, workers=workers)
    assert (result.solutions, result.unique) == (14200, 1787)
    assert count(11, workers=workers).unique is None


def test_progress_reports_every_job() -> None:
    seen: list[tuple[int, int]] = []
    count(9, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1] == len(jobs(9, unique=False))


def test_count_below_an_empty_board_counts_everything() -> None:
    for n in range(1, 9):
        assert count_below(n, 0, 0, 0, 0) == len(reference_solutions(n))


def test_unique_jobs_visit_each_orbit_representative() -> None:
    n = 8
    visited = {q for job in jobs(n, unique=True) for q in solutions_below(job)}
    reps = {b for b in reference_solutions(n) if is_canonical(b)}
    assert reps <= visited


def test_bad_n() -> None:
    with pytest.raises(ValueError):
        count(0)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 12).flatmap(lambda n: st.permutations(list(range(n)))))
def test_fast_canonical_test_agrees_with_the_symmetry_module(q: list[int]) -> None:
    """The counter's inlined copy of the 8 images gives the same answer as solver.symmetry."""
    assert _is_canonical(tuple(q)) == is_canonical(q)


def test_fast_canonical_test_on_every_solution_up_to_8() -> None:
    for n in range(1, 9):
        for b in reference_solutions(n):
            assert _is_canonical(b) == is_canonical(b)
