"""``queens-tutor compare N``: every method's examined candidates and time for one board."""

from __future__ import annotations

import json

import pytest

from solver.methods import METHODS
from tests.cli.clirun import assert_usage_error, run_cli
from tests.cli.inproc import call


def test_json_has_every_method_with_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = call(capsys, "compare", "8", "--format", "json")
    assert status == 0
    record = json.loads(out)
    assert set(record) == {"n", "seed", "methods"}
    rows = {row["method"]: row for row in record["methods"]}
    assert list(rows) == list(METHODS)
    for row in rows.values():
        assert set(row) == {"method", "examined", "unit", "seconds", "ran", "solution", "note"}
    backtrackers = {rows[m]["examined"] for m in ("iterative", "recursive", "scan", "general")}
    assert len(backtrackers) == 1
    assert rows["bruteforce"] == {
        "method": "bruteforce",
        "examined": 433_354_409,
        "unit": "placements checked",
        "seconds": None,
        "ran": False,
        "solution": None,
        "note": "not run: over the limit (exact count)",
    }
    assert rows["permutations"]["solution"] == [0, 4, 7, 5, 2, 6, 1, 3]
    assert rows["constructive"]["examined"] == 0 and rows["constructive"]["ran"]


def test_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = call(capsys, "compare", "5")
    lines = out.splitlines()
    assert status == 0 and len(lines) == 2 + len(METHODS)
    assert lines[1].split()[:3] == ["method", "examined", "unit"]
    assert lines[2].startswith("iterative") and "0 2 4 1 3" in lines[2]


def test_no_solution_board(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = call(capsys, "compare", "3", "--format", "json")
    rows = {row["method"]: row for row in json.loads(out)["methods"]}
    assert rows["iterative"]["solution"] is None and rows["iterative"]["ran"]
    assert rows["random"]["note"] == "not run: no solution for n=3"


@pytest.mark.parametrize("args", [("compare", "0"), ("compare", "21"), ("compare", "x")])
def test_bad_input(args: tuple[str, ...]) -> None:
    assert_usage_error(run_cli(*args), "N")
