"""Bit-mask counting: OEIS counts on both engines, the symmetric unique count, jobs, runners."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.counting.bitmask import (
    Job,
    count,
    count_below,
    count_solutions,
    inline_runner,
    job_rows,
    jobs,
    plan,
    resolve_engine,
    run_job,
)
from solver.counting.compiled import CompiledUnavailable
from solver.counting.unique import run_unique_job, unique_jobs
from solver.symmetry import is_canonical
from tests.tiers import examples, sweep
from tests.unit.solver.reference_solutions import reference_solutions

# Known facts (OEIS), used as expected values only.
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596]
A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752]


def test_counts_n_1_to_11_are_oeis_a000170_and_a002562() -> None:
    """n = 12: the workers' test; below an empty board: every solution."""
    assert [count_solutions(n) for n in range(1, 12)] == A000170[:11]
    assert [count_solutions(n, unique=True) for n in range(1, 12)] == A002562[:11]
    assert [count_below(n, 0, 0, 0, 0) for n in range(1, 12)] == A000170[:11]


@pytest.mark.integration  # compiles or loads the numba kernels
def test_the_compiled_engine_counts_n_1_to_14() -> None:
    plain = [count(n, workers=1, engine="compiled") for n in range(1, 15)]
    assert [r.solutions for r in plain] == A000170
    assert {r.engine for r in plain} == {"compiled"}
    unique = [count(n, unique=True, workers=1, engine="compiled") for n in range(1, 15)]
    assert [r.unique for r in unique] == A002562
    assert [r.solutions for r in unique] == A000170  # the symmetric search gives both
    for n in range(1, 9):  # a job below the empty board counts everything
        assert run_job(Job(n, 0, 0, 0, 0, 1, ()), "compiled")[0] == len(reference_solutions(n))


@pytest.mark.integration  # compiles or loads the numba kernels
def test_both_engines_agree_on_every_job() -> None:
    for n in (6, 9, 11):
        for job in plan(n) + plan(n, unique=True):
            assert run_job(job, "python") == run_job(job, "compiled"), job


def test_unique_solutions_by_symmetry_match_the_canonical_forms() -> None:
    """The symmetric search's orbit count equals the count of canonical forms (solver.symmetry)."""
    for n in range(5, 9):
        canonical = sum(1 for b in reference_solutions(n) if is_canonical(b))
        assert count(n, unique=True).unique == canonical


@pytest.mark.parametrize("n", sweep([9, 10, 11], everyday=[10]))
def test_cutting_the_tree_deeper_changes_nothing(n: int) -> None:
    """Jobs cut below the 2nd, 3rd or 4th row find the same solutions and orbits."""
    by_rows = []
    for rows in (2, 3, 4):
        plain = sum(run_job(job)[0] for job in jobs(n, rows))
        orbits = [
            sum(x) for x in zip(*(run_unique_job(j) for j in unique_jobs(n, rows)), strict=True)
        ]
        by_rows.append((plain, orbits))
        assert all(job.row == min(rows, n - 1) for job in jobs(n, rows))
    assert by_rows[0] == by_rows[1] == by_rows[2]


def test_the_mirror_trick_counts_the_left_half_only() -> None:
    """Jobs start in the left half of the first row (and the middle for odd n)."""
    assert {job.q[0] for job in jobs(8)} == {0, 1, 2, 3}
    assert {job.q[0] for job in jobs(9)} == {0, 1, 2, 3, 4}
    middle = [job for job in jobs(9) if job.q[0] == 4]
    assert middle and all(job.q[1] < 4 for job in middle)
    assert len(jobs(8)) == 6 + 5 + 5 + 5  # the second queen's free squares per first queen


@pytest.mark.parametrize("workers", sweep([1, 2], everyday=[2]))
def test_one_or_two_workers_agree(workers: int) -> None:
    result = count(12, unique=True, workers=workers)
    assert (result.solutions, result.unique) == (14200, 1787)
    assert count(11, workers=workers).unique is None


def test_a_runner_gets_the_jobs_and_may_return_them_in_any_order_and_progress_counts_them() -> None:
    seen: list[int] = []
    reported: list[tuple[int, int]] = []

    def backwards(todo, engine):  # type: ignore[no-untyped-def]
        seen.append(len(todo))
        return inline_runner(list(reversed(todo)), engine)

    report = lambda done, total: reported.append((done, total))  # noqa: E731
    result = count(11, unique=True, runner=backwards, engine="python", progress=report)
    assert (result.solutions, result.unique) == (2680, 341)
    assert seen == [len(plan(11, unique=True))] == [result.jobs]
    assert reported and reported[-1] == (result.jobs, result.jobs)


def test_compiled_without_numba_and_a_bad_n_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import solver.counting.compiled as compiled

    monkeypatch.setattr(compiled, "_loaded", None)
    monkeypatch.setattr(compiled, "available", lambda: False)
    with pytest.raises(CompiledUnavailable, match=r"pip install '\.\[fast\]'"):
        count(8, engine="compiled")
    assert resolve_engine("auto", 16) == "python"  # auto falls back
    with pytest.raises(ValueError):
        count(0)


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(4, 8), st.data())
def test_any_job_counts_the_solutions_that_start_with_its_placement(
    n: int, data: st.DataObject
) -> None:
    job = data.draw(st.sampled_from(jobs(n, rows=3)))
    # The solutions as tuples are the same set read row -> column or column -> row.
    starting = [b for b in reference_solutions(n) if tuple(b[: len(job.q)]) == job.q]
    assert run_job(job, "python")[0] == job.weight * len(starting)


def test_lesson_9_says_what_the_counter_does() -> None:
    """The jobs page of lesson 9: its answer is the counter's number of jobs for 8 x 8."""
    import re
    from pathlib import Path

    import lessons

    text = (Path(lessons.__file__).parent / "builtin" / "en" / "09-cost.md").read_text()
    page = text.split("@page Counting in jobs", 1)[1].split("@page", 1)[0]
    answer = re.search(r"^answer: (\d+)$", page, re.MULTILINE)
    assert answer is not None and int(answer.group(1)) == len(jobs(8))
    per_first_queen = [len([j for j in jobs(8) if j.q[0] == c]) for c in range(4)]
    assert "explain: " + " + ".join(map(str, per_first_queen)) + ":" in page
    assert "(three from 17 x 17 on)" in page and job_rows(16) == 2 and job_rows(17) == 3


def test_the_estimate_of_the_tree_is_close_to_its_real_size() -> None:
    """Knuth's probes: on average exactly the number of partial placements the search visits."""
    from solver.counting.estimate import speedup, tree_size

    def nodes(n: int, cols: int = 0, ld: int = 0, rd: int = 0) -> int:
        full = (1 << n) - 1
        avail = full & ~(cols | ld | rd)
        total = 1
        while avail:
            bit = avail & -avail
            avail ^= bit
            total += nodes(n, cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1)
        return total

    for n in (6, 8, 9):
        assert tree_size(n, probes=4000) == pytest.approx(nodes(n), rel=0.08)
    assert speedup(2, 2, 0.0) == 2.0 and speedup(1, 2, 3.0) == 1.0
    assert speedup(2, 2, 4.0) == pytest.approx(2 * (2 / 6) / (2 / 5))


def test_the_command_line_offers_the_counters_engines_and_sizes() -> None:
    from solver.counting.bitmask import ENGINES, MAX_COMPILED_N
    from tui.cli import count_cmd

    assert count_cmd.ENGINES == ENGINES and count_cmd.MAX_N == MAX_COMPILED_N
