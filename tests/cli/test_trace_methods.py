"""``queens-tutor trace --method``: every tick of any method the tutor steps, as it narrates it."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.registry import queens_methods, steppable_methods
from tests.cli.clirun import run_main
from tests.tiers import examples

A000170 = [1, 0, 0, 2, 10, 4, 40]  # solutions of the n x n board, n = 1..7
TRACED = [m for m in steppable_methods() if m in queens_methods()]


@pytest.mark.timeout(60)
@settings(max_examples=examples(40))
@given(method=st.sampled_from(TRACED), n=st.integers(1, 6), every=st.booleans())
def test_each_tick_is_one_line_with_its_sentence_and_the_solutions_are_the_boards(
    method: str, n: int, every: bool
) -> None:
    opts = ["trace", str(n), "--method", method, *(["--all"] if every else [])]
    records = [json.loads(line) for line in run_main(*opts, "--format", "jsonl").out.splitlines()]
    text = run_main(*opts).out.splitlines()
    assert [r["tick"] for r in records] == list(range(1, len(records) + 1))
    assert len(text) == len(records)
    for record, line in zip(records, text, strict=True):
        assert set(record) == {"tick", "event", "said", "state", "where"}
        assert record["said"] and line.startswith(f"tick {record['tick']}: {record['said']}  ")
    found = sum(r["event"] == "solution" for r in records)
    assert found == (A000170[n - 1] if every else min(A000170[n - 1], 1))
    if every or not A000170[n - 1]:
        assert records[-1]["event"] == "done"


@pytest.mark.timeout(30)
def test_another_method_past_the_tutors_largest_board_is_refused_in_one_line() -> None:
    result = run_main("trace", "33", "--method", TRACED[0])
    assert result.status == 2 and result.out == ""
    assert result.err.strip().splitlines() == [
        f"queens-tutor trace: error: N for --method {TRACED[0]} must be from 1 to 32, not 33"
    ]
