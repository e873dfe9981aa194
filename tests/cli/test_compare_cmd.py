"""``queens-tutor compare N``: every method's examined candidates and time for one board."""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterator

import pytest

from solver.method_run import SQUARES_TESTED
from solver.methods.naive import kit as naive_kit
from solver.registry import backtrackers, kit, queens_methods
from tests.cli.inproc import call
from tests.unit.solver.lecture_reference import lecture_ticks


def test_json_has_every_method_with_the_documented_keys(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(naive_kit, "MAX_CANDIDATES", 100_000)  # columns is skipped too: fast
    status, out, _ = call(capsys, "compare", "8", "--format", "json")
    assert status == 0
    record = json.loads(out)
    assert set(record) == {"n", "seed", "methods"}
    rows = {row["method"]: row for row in record["methods"]}
    assert list(rows) == list(queens_methods())
    for row in rows.values():
        keys = {"method", "examined", "unit", "space", "seconds", "ran", "solution", "note"}
        assert set(row) == keys
    # A backtracker that tests squares tests the ones the lecture's own loop tests (one that
    # counts another unit, as Richards' masks count the queens they place, counts fewer).
    tested = {rows[m]["examined"] for m in backtrackers() if kit(m).unit == SQUARES_TESTED}
    lecture = sum(1 for kind, _, _ in lecture_ticks(8) if kind in ("attacked", "placed"))
    assert tested == {lecture}
    first = (0, 4, 7, 5, 2, 6, 1, 3)
    # The candidates before the first solution, counted here by brute enumeration in order.
    before_columns = sum(1 for _ in itertools.takewhile(lambda b: b != first, _columns(8)))
    assert rows["columns"] == {
        "method": "columns", "examined": before_columns + 1, "unit": "placements checked",
        "space": 8**8, "seconds": None, "ran": False, "solution": None,
        "note": "not run: over the limit (exact count)",
    }  # fmt: skip
    assert rows["bruteforce"]["examined"] == 433_354_409 and not rows["bruteforce"]["ran"]
    assert rows["permutations"]["solution"] == list(first) and rows["permutations"]["ran"]
    before_perms = sum(1 for _ in itertools.takewhile(lambda b: b != first, _permutations(8)))
    assert rows["permutations"]["examined"] == before_perms + 1
    assert rows["constructive"]["examined"] == 0 and rows["constructive"]["ran"]
    assert rows["iterative"]["space"] is None and rows["random"]["space"] == math.factorial(8)
    assert rows["bruteforce"]["space"] == math.comb(64, 8)


def _columns(n: int) -> Iterator[tuple[int, ...]]:
    return itertools.product(range(n), repeat=n)


def _permutations(n: int) -> Iterator[tuple[int, ...]]:
    return itertools.permutations(range(n))


def test_naive_rows_above_12_are_not_worked_out(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = call(capsys, "compare", "13", "--format", "json")
    rows = {row["method"]: row for row in json.loads(out)["methods"]}
    for method in ("bruteforce", "columns", "permutations"):
        assert rows[method]["examined"] is None and rows[method]["note"].startswith("not run")
    assert rows["random"]["ran"] and rows["iterative"]["examined"] == rows["general"]["examined"]


def test_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = call(capsys, "compare", "5")
    lines = out.splitlines()
    assert status == 0 and len(lines) == 2 + len(queens_methods())
    assert lines[1].split()[:3] == ["method", "examined", "unit"]
    assert lines[2].startswith("iterative") and "0 2 4 1 3" in lines[2]


def test_no_solution_board(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = call(capsys, "compare", "3", "--format", "json")
    rows = {row["method"]: row for row in json.loads(out)["methods"]}
    assert rows["iterative"]["solution"] is None and rows["iterative"]["ran"]
    assert rows["random"]["note"] == "not run: no solution for n=3"
