"""``queens-tutor count``: text and json, --unique, engines, estimates, bad input, signals; the
progress line on stderr: shown only on a terminal, throttled, cleared on the way out."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

import solver.counting.compiled as compiled
from solver.counting.bitmask import ENGINES
from solver.registry import backtrackers
from tests.cli.clirun import Tty, assert_usage_error, run_main
from tests.cli.inproc import call, call_result
from tests.tiers import sweep
from tui.cli import count_cmd, status_line
from tui.cli.count_progress import JobsBar
from tui.cli.status_line import StatusLine

EIGHT = (
    "n=8: 92 solutions, 12 unique up to rotation and reflection (matches OEIS A000170 and A002562)"
)


def test_text_json_and_unique(capsys: pytest.CaptureFixture[str]) -> None:
    assert call(capsys, "count", "8") == (0, "n=8: 92 solutions (matches OEIS A000170)\n", "")
    assert call(capsys, "count", "1")[1] == "n=1: 1 solution (matches OEIS A000170)\n"
    status, out, _ = call(capsys, "count", "8", "--format", "json")
    assert status == 0 and json.loads(out) == {
        "n": 8, "solutions": 92, "engine": "python", "jobs": 21, "confirmed": True,
    }  # fmt: skip
    assert call(capsys, "count", "8", "--unique") == (0, EIGHT + "\n", "")
    record = json.loads(call(capsys, "count", "10", "--unique", "--format", "json")[1])
    assert (record["solutions"], record["unique"], record["confirmed"]) == (724, 92, True)


@pytest.mark.integration  # compiles or loads the numba kernels
def test_engines_agree(capsys: pytest.CaptureFixture[str]) -> None:
    outs = [call(capsys, "count", "12", "--unique", "--engine", e)[1] for e in ENGINES]
    assert outs[0] == outs[1] == outs[2] and "14,200 solutions, 1,787 unique" in outs[0]
    _, out, _ = call(capsys, "count", "13", "--engine", "compiled", "--format", "json")
    assert json.loads(out)["engine"] == "compiled"


def test_compiled_without_numba_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(compiled, "_loaded", None)
    monkeypatch.setattr(compiled, "available", lambda: False)
    assert_usage_error(
        call_result(capsys, "count", "8", "--engine", "compiled"), "numba", "pip install '.[fast]'"
    )


def test_a_wrong_count_is_a_loud_warning_and_status_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import solver.counting.known_counts as known

    monkeypatch.setattr(known, "A000170", (1, 0, 0, 2, 10, 4, 40, 93))
    status, out, err = call(capsys, "count", "8")
    assert status == 1
    assert "DIFFERS" in out and "A000170 gives 93" in out
    assert "WARNING" in err and len(err.splitlines()) == 1


def test_no_published_count_beyond_27() -> None:
    from solver.counting.known_counts import A000170, confirm

    assert len(A000170) == 27
    assert confirm(27, 234907967154122528) == (confirm(27, 0)[0], True)
    assert confirm(27, 1)[1] is False
    assert confirm(28, 12345)[0].published is None and confirm(28, 12345)[1] is True


@pytest.mark.integration  # compiles or loads the numba kernels (about 25 CPU-seconds)
def test_a_long_count_is_estimated_first_and_refused_over_max_time(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    if compiled.available() and not compiled.cached():
        # A fresh cache (each test run has its own: tests/private_home.py): compiled into it
        # first, in a process of its own (this one may hold kernels loaded from elsewhere),
        # so that the error's run has nothing to note.
        warm = "from solver.counting import compiled; compiled.prepare_cache(); compiled.load()"
        subprocess.run([sys.executable, "-c", warm], check=True, timeout=300)
        assert compiled.cached()
    assert_usage_error(
        call_result(capsys, "count", "20", "--max-time", "1"), "estimate", "--max-time", "count 20"
    )
    monkeypatch.setattr(count_cmd, "SAY_ESTIMATE_FROM", 0.0)
    status, out, err = call(capsys, "count", "13", "--engine", "compiled")
    assert status == 0 and "73,712 solutions" in out
    assert err.startswith("count 13: about ") and "estimate" in err and len(err.splitlines()) == 1


@pytest.mark.integration  # compiles the numba kernels into an empty cache
def test_the_first_compiled_run_says_it_compiles(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))  # an empty cache
    assert not compiled.cached()
    status, out, err = call(capsys, "count", "9", "--engine", "compiled")
    assert status == 0 and "352 solutions" in out
    assert err.startswith("count: compiling the counting kernels with numba, once")
    assert str(tmp_path) in err and len(err.splitlines()) == 1


def test_the_bar_shows_jobs_done_and_time_left(capsys: pytest.CaptureFixture[str]) -> None:
    bar = JobsBar("count 16", estimate=100.0)
    bar.status.enabled = True  # as on a terminal
    with bar:
        bar.status.interval = 0
        bar(0, 10)
        assert "0 of 10 jobs, about " in capsys.readouterr().err
        bar.started -= 4.0  # 4 s for 2 jobs: 16 s for the other 8
        bar(2, 10)
        err = capsys.readouterr().err
    assert "[####----------------] 2 of 10 jobs, about 16 s left" in err


@pytest.mark.parametrize("method", [*backtrackers(), "permutations"])
def test_a_lecture_method_counts_the_same(capsys: pytest.CaptureFixture[str], method: str) -> None:
    """The count, and a line saying what the method examined."""
    status, out, _ = call(capsys, "count", "8", "--unique", "--method", method)
    counted, examined = out.splitlines()
    assert status == 0 and counted == EIGHT and examined.startswith(f"{method}: ")
    every = {"permutations": "permutations: 40,320 of 40,320 (n!) placements checked"}
    assert examined == every.get(method, examined)  # permutations checks every one


def test_method_json_adds_method_examined_unit(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = call(capsys, "count", "6", "--method", "columns", "--format", "json")
    assert json.loads(out) == {
        "n": 6, "solutions": 4, "method": "columns", "examined": 6**6,
        "unit": "placements checked", "confirmed": True,
    }  # fmt: skip
    _, by_scan, _ = call(capsys, "count", "7", "--method", "scan", "--format", "json")
    _, by_general, _ = call(capsys, "count", "7", "--method", "general", "--format", "json")
    assert json.loads(by_scan)["examined"] == json.loads(by_general)["examined"] > 0
    _, out, _ = call(capsys, "count", "7", "--method", "bitmask", "--format", "json")
    assert json.loads(out)["solutions"] == 40


def test_an_unreachable_cluster_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import solver.counting.cluster as cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1.0)
    result = call_result(capsys, "count", "8", "--cluster", "tcp://127.0.0.1:1")
    assert_usage_error(result, "Dask scheduler", "127.0.0.1:1", "1 s")


def _count_with_workers() -> tuple[subprocess.Popen[str], list[psutil.Process]]:
    """``count 15`` (pure Python, about half a minute) once its worker processes are busy."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui", "count", "15", "--engine", "python", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    parent = psutil.Process(proc.pid)
    deadline = time.monotonic() + 30
    children: list[psutil.Process] = []
    while len(children) < 2 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)
        children = parent.children(recursive=True)
    assert len(children) >= 2, "the workers never started"
    while not all(_busy(child) for child in children):  # counting, past their start
        assert time.monotonic() < deadline + 60 and proc.poll() is None, "the workers never counted"
        time.sleep(0.05)
    return proc, children


def _busy(worker: psutil.Process) -> bool:
    """Whether ``worker`` has counted a while: a tenth of a second of the processor."""
    times = worker.cpu_times()
    return times.user + times.system > 0.1


@pytest.mark.parametrize(
    ("how", "status", "line"),
    sweep(
        [("ctrl-c", 130, "stopped by Ctrl-C"), ("sigterm", 143, "stopped by SIGTERM"),
         ("sigkill", -9, "")],
        everyday=[("sigterm", 143, "stopped by SIGTERM")],
        several=True,
    ),
)  # fmt: skip
def test_a_stopped_count_says_so_in_one_line_and_leaves_no_worker(
    how: str, status: int, line: str
) -> None:
    """Ctrl-C (the process group) and SIGTERM (the command): one line; SIGKILL gives the
    command no chance to clean up: its workers end by themselves."""
    proc, children = _count_with_workers()
    if how == "ctrl-c":
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGTERM if how == "sigterm" else signal.SIGKILL)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == status, err
    if line:
        assert out == "" and "Traceback" not in err
        assert err.splitlines()[-1].startswith(f"queens-tutor count: {line} after ")
        said = ("count 15: about", "queens-tutor count: note: The compiled counter")  # before it
        assert len([x for x in err.splitlines() if not x.startswith(said)]) == 1
    _, alive = psutil.wait_procs(children, timeout=5)
    assert alive == []


def test_a_long_pure_python_count_names_the_compiled_counter() -> None:
    """Refused over --max-time, the one line names the compiled counter."""
    result = run_main("count", "16", "--engine", "python", "--max-time", "2")
    assert_usage_error(result, "count 16 would take about", "--engine compiled")


def test_without_numba_the_note_names_the_fast_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import solver.counting.estimate as estimate

    monkeypatch.setattr(compiled, "available", lambda: False)
    status, _out, err = call(capsys, "count", "16", "--max-time", "2")
    assert status == 2 and ".venv/bin/pip install '.[fast]'" in err
    assert len(err.strip().splitlines()) == 1
    # estimated over a few seconds and run: the estimate, then the note, on stderr (a count
    # of 10 estimated as the longer ones are: it runs in a fraction of a second)
    import tui.cli.count_cmd as count_cmd

    monkeypatch.setattr(count_cmd, "ESTIMATE_FROM", 10)
    real = estimate.estimate
    monkeypatch.setattr(
        estimate,
        "estimate",
        lambda *a, **k: estimate.Estimate(8.0, "python", real(*a, **k).processes),
    )
    status, out, err = call(capsys, "count", "10")
    assert status == 0 and "724" in out
    said = err.strip().splitlines()
    assert said[0].startswith("count 10: about 8.0 s with the python engine")
    assert said[1] == (
        "queens-tutor count: note: The compiled counter counts 20 to 30 times faster: "
        "install it in the tutor's folder with .venv/bin/pip install '.[fast]' (numba)."
    )


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(status_line.time, "monotonic", fake)
    return fake


def test_silent_when_stderr_is_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    pipe = io.StringIO()
    monkeypatch.setattr(status_line.sys, "stderr", pipe)
    with StatusLine("counting n=14") as status:
        status.count(3, 10, "jobs")
    assert pipe.getvalue() == ""


def test_counts_are_shown_throttled_and_cleared_at_the_end_and_on_ctrl_c(
    monkeypatch: pytest.MonkeyPatch, clock: Clock
) -> None:
    tty = Tty()
    monkeypatch.setattr(status_line.sys, "stderr", tty)
    with StatusLine("counting n=14", interval=0.25) as status:
        status.count(3, 10, "jobs")
        status.count(4, 10, "jobs")  # too soon: not shown
        clock.now += 0.3
        status.count(1_234_567, None, "ticks")
    shown = tty.getvalue().split("\r\x1b[2K")
    assert shown == ["", "counting n=14: 3 of 10 jobs (30%)", "counting n=14: 1,234,567 ticks", ""]
    with pytest.raises(KeyboardInterrupt), StatusLine("solve") as status:
        status.update("working")
        raise KeyboardInterrupt
    assert tty.getvalue().endswith("solve: working\r\x1b[2K")
