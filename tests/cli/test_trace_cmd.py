"""``queens-tutor trace``: the jsonl contract, the narration, the options and bad input."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from tests.cli.clirun import run_main
from tests.unit.solver.lecture_reference import lecture_ticks


def jsonl(*args: str) -> list[dict[str, object]]:
    result = run_main("trace", *args, "--format", "jsonl")
    assert result.status == 0, result.err
    return [json.loads(line) for line in result.out.splitlines()]


def test_jsonl_has_exactly_the_documented_keys_per_event_and_the_4x4_ticks() -> None:
    records = jsonl("4")
    keys = {
        "try": {"tick", "event", "col", "row", "attackers", "b", "k"},
        "backtrack": {"tick", "event", "col", "b", "k"},
        "solution": {"tick", "event", "b", "k"},
    }
    for record in records:
        assert set(record) == keys[str(record["event"])]
    assert [r["tick"] for r in records] == list(range(1, len(records) + 1))
    assert records[0] == {
        "tick": 1, "event": "try", "col": 0, "row": 0, "attackers": [], "b": [0, -1, -1, -1],
        "k": 1,
    }  # fmt: skip
    assert records[6]["attackers"] == [[0, "diff"], [1, "row"]]
    assert records[8] == {"tick": 9, "event": "backtrack", "col": 2, "b": [0, 2, -1, -1], "k": 1}
    assert records[-1] == {"tick": 31, "event": "solution", "b": [1, 3, 0, 2], "k": 4}


@pytest.mark.parametrize("n", [1, 3, 5])
def test_jsonl_states_follow_the_lectures_code(n: int) -> None:
    records = jsonl(str(n), "--all")
    expected = lecture_ticks(n, all_solutions=True)
    assert [(r["b"], r["k"]) for r in records] == [(list(b), k) for _, b, k in expected]
    assert records[-1]["event"] == "done"


def test_limit_stops_after_k_ticks() -> None:
    assert len(jsonl("8", "--limit", "5")) == 5


def test_text_narrates_each_tick_like_a_teacher() -> None:
    result = run_main("trace", "4")
    lines = result.out.splitlines()
    assert len(lines) == 31
    assert lines[0].startswith("tick 1: Column 0, row 0")
    assert (
        "attacked by the queen in column 1, row 2: same col+row diagonal: 2+1 = 3 = 1+2" in lines[5]
    )
    assert "No free square left in column 2" in lines[8] and "back to column 1" in lines[8]
    assert "Solution 1: b = [1, 3, 0, 2]" in lines[-1]
    result = run_main("trace", "3")  # no solution: ends with done
    assert "There is no solution for n = 3" in result.out.splitlines()[-1]


def trace_in_process(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str, str]:
    """``trace ARGS`` with the default limit at 50 ticks (the real one prints 40 MB at N=64)."""
    from tui.cli import trace_cmd
    from tui.cli.main import main

    monkeypatch.setattr(trace_cmd, "DEFAULT_LIMIT", 50)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["trace", *args])
    return status, out.getvalue(), err.getvalue()


def test_a_trace_without_limit_stops_at_the_default_with_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, err = trace_in_process(monkeypatch, "64", "--format", "jsonl")
    assert status == 0
    assert [json.loads(line)["tick"] for line in out.splitlines()] == list(range(1, 51))
    (line,) = err.splitlines()
    assert line.startswith("queens-tutor trace: ") and "50" in line and "--limit K" in line


def test_a_trace_within_the_default_or_an_explicit_limit_says_nothing_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, err = trace_in_process(monkeypatch, "4")  # 31 ticks to the first solution
    assert (status, err) == (0, "")
    assert "Solution 1" in out.splitlines()[-1]
    status, out, err = trace_in_process(monkeypatch, "64", "--limit", "120")  # past the default
    assert (status, err) == (0, "")
    assert len(out.splitlines()) == 120


def test_the_default_limit_keeps_a_classroom_trace_whole_and_is_in_help() -> None:
    from tui.cli.trace_cmd import DEFAULT_LIMIT

    assert DEFAULT_LIMIT >= 80_773  # trace 9 --all, every tick
    help_text = run_main("trace", "--help").out
    assert str(DEFAULT_LIMIT) in help_text
