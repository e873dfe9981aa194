"""``queens-tutor count``: text and json, --unique, bad input, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from tests.cli.clirun import assert_usage_error, run_cli
from tests.cli.inproc import call, call_result


def test_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert call(capsys, "count", "8") == (0, "n=8: 92 solutions\n", "")
    status, out, _ = call(capsys, "count", "8", "--format", "json")
    assert status == 0 and json.loads(out) == {"n": 8, "solutions": 92}
    assert call(capsys, "count", "1")[1] == "n=1: 1 solution\n"


def test_unique(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = call(capsys, "count", "8", "--unique")
    assert status == 0 and out == "n=8: 92 solutions, 12 unique up to rotation and reflection\n"
    status, out, _ = call(capsys, "count", "10", "--unique", "--format", "json")
    assert json.loads(out) == {"n": 10, "solutions": 724, "unique": 92}


def test_help_documents_the_maximum_and_the_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = call(capsys, "count", "--help")
    assert status == 0
    for word in ("1 to 16", "unique", "solutions", "A000170", "A002562", "mirror", "examined"):
        assert word in out


@pytest.mark.parametrize("method", ["iterative", "recursive", "scan", "general", "permutations"])
def test_a_lecture_method_counts_the_same(capsys: pytest.CaptureFixture[str], method: str) -> None:
    status, out, _ = call(capsys, "count", "8", "--unique", "--method", method)
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "n=8: 92 solutions, 12 unique up to rotation and reflection"
    assert lines[1].startswith(f"{method}: ") and len(lines) == 2
    if method == "permutations":
        assert lines[1] == "permutations: 40,320 of 40,320 (n!) placements checked"


def test_method_json_adds_method_examined_unit(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = call(capsys, "count", "6", "--method", "columns", "--format", "json")
    assert json.loads(out) == {
        "n": 6,
        "solutions": 4,
        "method": "columns",
        "examined": 6**6,
        "unit": "placements checked",
    }
    _, by_scan, _ = call(capsys, "count", "7", "--method", "scan", "--format", "json")
    _, by_general, _ = call(capsys, "count", "7", "--method", "general", "--format", "json")
    assert json.loads(by_scan)["examined"] == json.loads(by_general)["examined"] > 0
    _, out, _ = call(capsys, "count", "7", "--method", "bitmask", "--format", "json")
    assert json.loads(out) == {"n": 7, "solutions": 40}


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("count", "13", "--method", "iterative"), ("from 1 to 12", "bitmask")),
        (("count", "12", "--method", "permutations"), ("479,001,600", "n!")),
        (("count", "8", "--method", "random"), ("--method",)),
        (("count", "0"), ("N", "from 1 to 16")),
        (("count", "17"), ("from 1 to 16",)),
        (("count", "eight"), ("whole number",)),
        (("count", "16", "--unique"), ("--unique", "15")),
        (("count", "8", "--format", "xml"), ("format",)),
    ],
)
def test_bad_input(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], words: tuple[str, ...]
) -> None:
    assert_usage_error(call_result(capsys, *args), *words)


def test_bad_input_in_a_real_process() -> None:
    assert_usage_error(run_cli(*("count", "17")))


def test_ctrl_c_exits_130_quietly_and_leaves_no_worker() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui", "count", "16"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(2.0)  # the workers are busy by now
    os.killpg(proc.pid, signal.SIGINT)  # like Ctrl-C: the whole process group
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert out == "" and err == ""
    time.sleep(0.3)
    with pytest.raises(ProcessLookupError):
        os.killpg(proc.pid, 0)  # nobody is left in the group
