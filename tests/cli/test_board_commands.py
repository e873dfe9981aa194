"""The board commands: ``solve --method ...`` (every method, --all in the edutecnica page's
order, json, refusals); ``check`` (a valid placement, every attacking pair with its rule, the
list bounded); ``compare N`` (every method's examined candidates and time); ``trace`` (the
jsonl contract, the narration, the options and bad input)."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import math
from collections.abc import Iterator

import pytest

from solver.checker import attacks
from solver.method_run import SQUARES_TESTED
from solver.methods.iterative.drawing import drawresult
from solver.methods.naive import kit as naive_kit
from solver.registry import backtrackers, kit, queens_methods
from tests.cli.clirun import run_main, run_ok
from tests.cli.inproc import call
from tests.tiers import sweep
from tests.unit.solver.lecture_reference import lecture_ticks
from tests.unit.solver.reference_solutions import in_b, reference_solutions
from tui.cli.check_cmd import MAX_LISTED

EDUTECNICA_FIRST_LINES = [
    "0 4 7 5 2 6 1 3", "0 5 7 2 6 3 1 4", "0 6 3 5 7 1 4 2", "0 6 4 7 1 3 5 2",
    "1 3 5 7 2 0 6 4", "1 4 6 0 2 7 5 3", "1 4 6 3 0 7 5 2", "1 5 0 6 3 7 2 4",
]  # fmt: skip


@pytest.mark.parametrize("method", [None, *backtrackers()])
def test_all_prints_92_lines_in_the_edutecnica_pages_order(
    capsys: pytest.CaptureFixture[str], method: str | None
) -> None:
    extra = () if method is None else ("--method", method)
    status, out, _ = call(capsys, "solve", "8", "--all", *extra)
    found = reference_solutions(8) if method is None else in_b(method, reference_solutions(8))
    lines, listed = out.splitlines(), [" ".join(map(str, b)) for b in found]
    if method and kit(method).own_order:
        lines, listed = sorted(lines), sorted(listed)
    assert status == 0 and len(lines) == 92 and lines == listed
    assert method or lines[:8] == EDUTECNICA_FIRST_LINES


def test_the_first_solution_is_drawn_and_all_draw_draws_each(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = call(capsys, "solve", "4", "--all", "--draw")
    assert status == 0
    assert out == "\n\n".join(drawresult(b) for b in reference_solutions(4)) + "\n"
    assert call(capsys, "solve", "6")[1] == drawresult(reference_solutions(6)[0]) + "\n"


FIRST_BY_METHOD = [
    ("recursive", "recursive: 171 squares tested"),
    ("scan", "scan: 171 squares tested"),
    ("general", "general: 171 squares tested"),
    ("bruteforce", "bruteforce: 533,331 of 1,947,792 (C(n^2, n)) placements checked"),
    ("columns", "columns: 12,761 of 46,656 (n^n) placements checked"),
    ("permutations", "permutations: 187 of 720 (n!) placements checked"),
]


@pytest.mark.parametrize(
    ("method", "tail"),
    # the naive searches' half-million placements in the thorough tier
    sweep(FIRST_BY_METHOD, everyday=FIRST_BY_METHOD[:3] + FIRST_BY_METHOD[4:], several=True),
    ids=lambda case: case if case in dict(FIRST_BY_METHOD) else "",
)
def test_first_solution_by_each_method_is_drawn_with_what_it_examined(
    capsys: pytest.CaptureFixture[str], method: str, tail: str
) -> None:
    first = drawresult(in_b(method, reference_solutions(6))[0])
    status, out, _ = call(capsys, "solve", "6", "--method", method)
    assert status == 0 and out == f"{first}\n\n{tail}\n", method


def test_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = call(capsys, "solve", "5", "--format", "json")
    assert json.loads(out) == {"n": 5, "solutions": [[0, 2, 4, 1, 3]]}
    _, out, _ = call(capsys, "solve", "3", "--all", "--format", "json")
    assert json.loads(out) == {"n": 3, "solutions": []}
    _, out, _ = call(capsys, "solve", "5", "--method", "columns", "--format", "json")
    assert json.loads(out) == {
        "n": 5, "solutions": [[0, 2, 4, 1, 3]], "method": "columns", "examined": 359,
        "unit": "placements checked", "space": 5**5,
    }  # fmt: skip


def test_random_is_seeded_reports_tries_and_the_mean_of_runs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    first = call(capsys, "solve", "8", "--method", "random", "--seed", "7")
    again = call(capsys, "solve", "8", "--method", "random", "--seed", "7")
    assert first == again and first[0] == 0
    assert first[1].splitlines()[-1].startswith("random: ")
    assert (
        first[1].rstrip().endswith("permutations tried, each drawn at random from the 40,320 (n!)")
    )
    status, out, _ = call(capsys, "solve", "8", "--method", "random", "--runs", "200")
    assert status == 0 and "40,320/92 = 438.26" in out and "200 random searches" in out
    argv = ("solve", "6", "--method", "random", "--runs", "50", "--seed", "2", "--format", "json")
    record = json.loads(call(capsys, *argv)[1])
    assert set(record) == {
        "n", "method", "runs", "seed", "mean_tries", "fewest_tries", "most_tries", "expected",
    }  # fmt: skip
    assert record["expected"] == 720 / 4 and record["runs"] == 50


def test_constructive(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = call(capsys, "solve", "200000", "--method", "constructive")
    assert status == 0 and "200,000 numbers" in out and "not drawn" in out
    for n in ("1000", "1004", "1005"):  # n mod 6 = 4, 2, 3: each branch of the formula
        _, out, _ = call(capsys, "solve", n, "--method", "constructive", "--format", "json")
        record = json.loads(out)
        assert record["examined"] == 0 and len(record["solutions"]) == 1
        assert attacks(record["solutions"][0]) == [] and len(record["solutions"][0]) == int(n)


def test_explicit_iterative_reports_squares_and_counts_agree_in_number(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = call(capsys, "solve", "6", "--method", "iterative")
    assert out.endswith("\n\niterative: 171 squares tested\n")
    _, out, _ = call(capsys, "solve", "1", "--method", "random")
    assert out.endswith("\n\nrandom: 1 permutation tried, each drawn at random from the 1 (n!)\n")
    _, out, _ = call(capsys, "solve", "1", "--method", "scan")
    assert out.endswith("\n\nscan: 1 square tested\n")


def test_check_finds_the_edutecnica_pages_first_solution_valid_and_names_every_pair_and_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    first = ("0", "4", "7", "5", "2", "6", "1", "3")
    status, out, _ = call(capsys, "check", *first)
    assert status == 0 and out == "valid: no two of the 8 queens attack each other\n"
    status, out, _ = call(capsys, "check", *first, "--format", "json")
    assert json.loads(out) == {"n": 8, "valid": True, "count": 0, "attacks": []}
    status, out, _ = call(capsys, "check", "0", "0", "2", "--format", "json")
    assert status == 0
    attacks = [[0, 1, "row"], [0, 2, "diff"]]
    assert json.loads(out) == {"n": 3, "valid": False, "count": 2, "attacks": attacks}
    status, out, _ = call(capsys, "check", "1", "0", "2")
    lines = out.splitlines()
    assert lines[0] == "not valid: 1 pair attacks"
    for words in ("columns 0 and 1", "col+row diagonal", "0+1 = 1 = 1+0"):
        assert words in lines[1], lines[1]


def test_ten_thousand_queens_in_one_row_are_counted_and_the_list_is_bounded() -> None:
    result = run_main("check", "--format", "json", *(["0"] * 10_000))
    data = json.loads(result.out)
    assert data["count"] == 10_000 * 9_999 // 2 and len(data["attacks"]) == MAX_LISTED
    assert data["attacks"][-1] == [0, MAX_LISTED, "row"]
    text = run_main("check", *(["0"] * 10_000)).out.splitlines()
    assert text[0] == "not valid: 49,995,000 pairs attack"
    assert len(text) == MAX_LISTED + 2
    assert text[-1] == "  (the first 1,000 pairs are listed; 49,994,000 more pairs attack)"


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
    # A backtracker that tests squares in the notes' order tests the ones the lecture's own
    # loop tests (one that counts another unit, as Richards' masks count the queens they place,
    # counts fewer; one of its own order, its own).
    ours = [m for m in backtrackers() if kit(m).unit == SQUARES_TESTED and not kit(m).own_order]
    tested = {rows[m]["examined"] for m in ours}
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


def test_naive_rows_above_12_and_random_without_a_solution_are_not_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = call(capsys, "compare", "13", "--format", "json")
    rows = {row["method"]: row for row in json.loads(out)["methods"]}
    for method in ("bruteforce", "columns", "permutations"):
        assert rows[method]["examined"] is None and rows[method]["note"].startswith("not run")
    assert rows["random"]["ran"] and rows["iterative"]["examined"] == rows["general"]["examined"]
    _, out, _ = call(capsys, "compare", "3", "--format", "json")  # no solution
    rows = {row["method"]: row for row in json.loads(out)["methods"]}
    assert rows["iterative"]["solution"] is None and rows["iterative"]["ran"]
    assert rows["random"]["note"] == "not run: no solution for n=3"


def test_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = call(capsys, "compare", "5")
    lines = out.splitlines()
    assert status == 0 and len(lines) == 2 + len(queens_methods())
    assert lines[1].split()[:3] == ["method", "examined", "unit"]
    assert lines[2].startswith("iterative") and "0 2 4 1 3" in lines[2]


def jsonl(*args: str) -> list[dict[str, object]]:
    result = run_ok("trace", *args, "--format", "jsonl")
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
    assert len(jsonl("8", "--limit", "5")) == 5  # --limit stops after K ticks


@pytest.mark.parametrize("n", [1, 3, 5])
def test_jsonl_states_follow_the_lectures_code(n: int) -> None:
    records = jsonl(str(n), "--all")
    expected = lecture_ticks(n, all_solutions=True)
    assert [(r["b"], r["k"]) for r in records] == [(list(b), k) for _, b, k in expected]
    assert records[-1]["event"] == "done"


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


def test_a_trace_stops_at_the_default_limit_with_one_line_and_within_a_limit_says_nothing_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    status, out, err = trace_in_process(monkeypatch, "64", "--format", "jsonl")
    assert status == 0
    assert [json.loads(line)["tick"] for line in out.splitlines()] == list(range(1, 51))
    (line,) = err.splitlines()
    assert line.startswith("queens-tutor trace: ") and "50" in line and "--limit K" in line
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
