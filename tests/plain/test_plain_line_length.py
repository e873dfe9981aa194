"""Plain mode reads lines of at most MAX_LINE characters: a longer line is refused by its
number in one line, the rest of it dropped as it is read (never held nor echoed), and the next
line is read as usual: a line-length fuzz, and the installed command on /dev/zero and on a 20
MB line. Lines written: at a terminal broken between words, never inside a formula or a number
(never "rozmie" / "szczeń", nor "n =" / "5"); into a pipe or a file whole, as a screen reader
or a braille display wants."""

from __future__ import annotations

import io
import shlex
import subprocess
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.e2e.tmux import tutor_command
from tests.plain.test_plain_tutor import _tutor
from tests.tiers import examples
from tui.plain.output import Out
from tui.plain.start import MAX_LINE, converse

REFUSED = "characters: it is ignored."


def _talk(text: str) -> list[str]:
    tutor, stream = _tutor()
    assert converse(tutor, tutor.out, io.StringIO(text), interactive=False) == 0
    return stream.getvalue().splitlines()


def test_a_long_line_is_refused_by_number_and_a_line_of_the_bound_is_read() -> None:
    lines = _talk("x" * (MAX_LINE + 1) + "\nspace\n")
    assert lines[0] == f"Line 1 is longer than {MAX_LINE:,} characters: it is ignored."
    assert lines[1] == "> space" and lines[2].startswith("tick 1: ")
    assert len(lines) == 3  # the refused line is never echoed
    # A line of the bound is read, and a last long line without its end is refused.
    lines = _talk("é" * MAX_LINE + "\n" + "y" * (3 * MAX_LINE))
    assert lines[0] == "> " + "é" * MAX_LINE  # read: an unknown command, told as one
    assert "Line 2 is longer than" in lines[-1]


GARBAGE = st.sampled_from(
    [10, MAX_LINE - 1, MAX_LINE, MAX_LINE + 1, 2 * MAX_LINE, 3 * MAX_LINE + 7, 70_000]
)


@settings(max_examples=examples(60), deadline=None)
@given(
    script=st.lists(st.one_of(st.just(None), GARBAGE), max_size=8),
    letter=st.sampled_from(["z", "ż", "\u20ac", "\x00"]),
    last_newline=st.booleans(),
)
def test_any_line_lengths_refuse_exactly_the_long_lines_and_run_the_rest(
    script: list[int | None], letter: str, last_newline: bool
) -> None:
    lines = [("space" if size is None else "#" + letter * (size - 1)) for size in script]
    text = "\n".join(lines) + ("\n" if last_newline else "")
    said = _talk(text)
    refused = [line for line in said if line.endswith(REFUSED)]
    assert len(refused) == sum(1 for size in script if size is not None and size > MAX_LINE)
    for line in refused:  # each names its own line
        number = int(line.split()[1])
        assert len(lines[number - 1]) > MAX_LINE
    assert sum(1 for line in said if line.startswith("tick ")) == script.count(None)
    assert all(len(line) <= MAX_LINE + 200 for line in said)  # nothing long is echoed


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def _read_mb(pid: int) -> float:
    """How many megabytes process ``pid`` has read so far."""
    for line in Path(f"/proc/{pid}/io").read_text().splitlines():
        if line.startswith("rchar:"):
            return int(line.split()[1]) / 1e6
    raise AssertionError("no rchar")


def _until_read(process: subprocess.Popen[bytes], megabytes: float) -> None:
    """Wait until ``process`` has read ``megabytes`` in all (a generous deadline: a busy
    machine gives it little time)."""
    deadline = time.monotonic() + 120
    while _read_mb(process.pid) < megabytes:
        assert process.poll() is None, "it ended instead of reading on"
        assert time.monotonic() < deadline, f"read {_read_mb(process.pid)} MB of {megabytes}"
        time.sleep(0.05)


def test_plain_mode_on_dev_zero_stays_flat(tmp_path: Path) -> None:
    with open("/dev/zero", "rb") as zero, (tmp_path / "out").open("wb") as out:
        process = subprocess.Popen(
            [*shlex.split(tutor_command()), "--plain"], stdin=zero, stdout=out, stderr=out
        )
        try:
            _until_read(process, 50)  # started, reading zeros
            first = _rss_kib(process.pid)
            _until_read(process, _read_mb(process.pid) + 300)
            last = _rss_kib(process.pid)
            assert process.poll() is None  # still reading, not ended by an error
        finally:
            process.kill()
            process.wait()
    assert last - first < 10_000, (first, last)  # KiB: flat while it read 300 MB more
    text = (tmp_path / "out").read_text()
    assert text.count(REFUSED) == 1 and len(text) < 2000, text[:500]


def test_a_20_mb_line_costs_no_memory_and_is_not_echoed(tmp_path: Path) -> None:
    script = tmp_path / "script.txt"
    script.write_bytes(b"x" * 20_000_000 + b"\nspace\nquit\n")
    with script.open("rb") as stdin:
        result = subprocess.run(
            ["/usr/bin/time", "-f", "%M", *shlex.split(tutor_command()), "--plain"],
            stdin=stdin,
            capture_output=True,
            timeout=120,
        )
    assert result.returncode == 0, result.stderr[-500:]
    out = result.stdout.decode()
    assert out.count(REFUSED) == 1 and "tick 1: " in out and len(out) < 5000, out[:500]
    peak_kib = int(result.stderr.decode().split()[-1])
    assert peak_kib < 150_000, peak_kib  # a 20 MB line held whole would add 40 MB and more


SENTENCE = (
    "Ile rozmieszczeń jest w jej przestrzeni przeszukiwania dla n = 5, gdy b[i-j+n-1] = true "
    "i b = [1, 3, 0, 2], a C(64, 8) = 4\u00a0426\u00a0165\u00a0368?"
)


@pytest.mark.parametrize("columns", range(24, 90, 7))
def test_at_a_terminal_lines_break_between_words_and_formulas_stay_whole(columns: int) -> None:
    stream = io.StringIO()
    Out(stream, width=lambda: columns).line(SENTENCE)
    lines = stream.getvalue().rstrip("\n").split("\n")
    assert all(len(line) < columns for line in lines), lines
    assert " ".join(lines) == SENTENCE
    joined = "\n".join(lines)
    for whole in ("n = 5", "b[i-j+n-1] = true", "[1, 3, 0, 2]", "4\u00a0426\u00a0165\u00a0368"):
        assert whole in joined, (whole, lines)


def test_an_indented_line_goes_on_indented_and_a_pipe_gets_whole_lines() -> None:
    stream = io.StringIO()
    Out(stream, width=lambda: 30).line("    while (k < n && k >= 0) { b[k] = b[k] + 1; }")
    assert all(line.startswith("    ") for line in stream.getvalue().splitlines())
    piped = io.StringIO()
    Out(piped).line(SENTENCE)
    assert piped.getvalue() == SENTENCE + "\n"
