"""``queens-tutor check``: valid placements, every attacking pair with its rule, bad input."""

from __future__ import annotations

import json

import pytest

from tests.cli.clirun import run_main
from tests.cli.inproc import call
from tui.cli.check_cmd import MAX_LISTED


def test_the_edutecnica_pages_first_solution_is_valid(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = call(capsys, "check", "0", "4", "7", "5", "2", "6", "1", "3")
    assert status == 0 and out == "valid: no two of the 8 queens attack each other\n"
    status, out, _ = call(
        capsys, "check", "0", "4", "7", "5", "2", "6", "1", "3", "--format", "json"
    )
    assert json.loads(out) == {"n": 8, "valid": True, "count": 0, "attacks": []}


def test_names_every_pair_and_rule(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = call(capsys, "check", "0", "0", "2", "--format", "json")
    assert status == 0
    assert json.loads(out) == {
        "n": 3,
        "valid": False,
        "count": 2,
        "attacks": [[0, 1, "row"], [0, 2, "diff"]],
    }
    status, out, _ = call(capsys, "check", "1", "0", "2")
    lines = out.splitlines()
    assert lines[0] == "not valid: 1 pair attacks"
    assert (
        "columns 0 and 1" in lines[1]
        and "col+row diagonal" in lines[1]
        and "0+1 = 1 = 1+0" in lines[1]
    )


def test_ten_thousand_queens_in_one_row_are_counted_and_the_list_is_bounded() -> None:
    result = run_main("check", "--format", "json", *(["0"] * 10_000))
    data = json.loads(result.out)
    assert data["count"] == 10_000 * 9_999 // 2 and len(data["attacks"]) == MAX_LISTED
    assert data["attacks"][-1] == [0, MAX_LISTED, "row"]
    text = run_main("check", *(["0"] * 10_000)).out.splitlines()
    assert text[0] == "not valid: 49,995,000 pairs attack"
    assert len(text) == MAX_LISTED + 2
    assert text[-1] == "  (the first 1,000 pairs are listed; 49,994,000 more pairs attack)"
