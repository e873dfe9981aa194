"""What the commands print is visible text only, and a failed output is one line, never a
traceback: a full device, a closed descriptor, a reader that went away."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lessons.progress.store import default_path
from tests.cli.clirun import run_main, run_ok
from tests.tiers import sweep
from tui.cli.streams import BROKEN_PIPE, OUTPUT_ERROR, OutputFailed, SafeStream

ESCAPES = "\x1b]52;c;aGVsbG8=\x07\x1b[2J\x1b[?1049l\x9b\u202e"


def _assert_visible(text: str) -> None:
    for bad in "\x1b\x07\x9b\u202e":
        assert bad not in text, repr(text)


def test_lesson_files_and_progress_keys_never_send_escapes(tmp_path: Path) -> None:
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    name = lessons / f"01-x{ESCAPES}.md"
    name.write_text(f"@lesson x\n@title T{ESCAPES}\n@page P\nText {ESCAPES}\n", encoding="utf-8")
    check = run_main("lessons", "check", str(name))
    assert check.status == 1
    assert check.out.count(":2: control or direction character U+001B (ESC)") == 1
    assert ":4: control or direction character" in check.out
    listed = run_main("lessons", "list", "--lessons-dir", str(lessons))
    progress = default_path()
    progress.parent.mkdir(parents=True, exist_ok=True)
    record = {"page": 1, "answers": {f"0.{ESCAPES}": {"right": True, "attempts": 1}}}
    progress.write_text(json.dumps({"schema": 1, "lessons": {f"id{ESCAPES}": record}}))
    shown = run_main("progress")
    for result in (check, listed, shown):
        _assert_visible(result.out + result.err)
        assert "Traceback" not in result.err
    assert "\u241b" in check.out  # ESC in the file name, shown as a symbol


@pytest.mark.parametrize(
    "argv",
    sweep(
        [
            ["--help"],
            ["--version"],
            ["solve", "6"],
            ["check", "0", "1"],
            ["lessons", "list"],
            ["progress"],
        ],
        # argparse's own writing, a board drawn, lesson files read: the others write alike
        everyday=[["--help"], ["solve", "6"], ["lessons", "list"]],
    ),
)
def test_a_full_device_is_one_line_and_a_failure(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "tui", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert proc.returncode == OUTPUT_ERROR
    assert proc.stderr == "queens-tutor: cannot write to stdout: No space left on device\n"


def test_closed_stdout_and_stderr_give_a_failure_status() -> None:
    closed_out = subprocess.run(
        [sys.executable, "-m", "tui", "solve", "6"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        preexec_fn=lambda: os.close(1),
    )
    assert closed_out.returncode == OUTPUT_ERROR
    assert closed_out.stderr == "queens-tutor: cannot write to stdout: it is closed\n"
    both = subprocess.run(
        [sys.executable, "-m", "tui", "solve", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=60,
        preexec_fn=lambda: os.close(2),
    )
    assert both.returncode == OUTPUT_ERROR  # the usage error could not be written


def test_a_reader_that_goes_away_is_sigpipe_status_and_no_traceback() -> None:
    # trace 30 writes its events as it goes and would go on for hours: it ends only because
    # its reader went away (solve 12 --all ended by itself after 7 s of counting).
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui", "trace", "30", "--format", "jsonl"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == BROKEN_PIPE
    assert err == b""


@pytest.mark.timeout(30)
def test_hostile_entries_in_a_lessons_dir_are_skipped_without_hanging(tmp_path: Path) -> None:
    folder = tmp_path / "lessons"
    folder.mkdir()
    os.mkfifo(folder / "01-fifo.md")
    (folder / "02-dir.md").mkdir()
    (folder / "03-zero.md").symlink_to("/dev/zero")
    with (folder / "04-big.md").open("wb") as handle:
        handle.truncate(10 * 1024 * 1024)
    (folder / "05-loop.md").symlink_to(folder / "05-loop.md")
    result = run_ok("lessons", "list", "--lessons-dir", str(folder))
    skipped = [line for line in result.err.splitlines() if line.startswith("skipped: ")]
    assert len(skipped) == 5, result.err
    assert "Traceback" not in result.err


def test_an_unexpected_error_in_a_command_is_one_line_and_a_log_file(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tui.cli import check_cmd
    from tui.cli.main import main

    def broken(*args: object) -> int:
        raise ZeroDivisionError("a bug")

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setattr(check_cmd, "attack_count", broken)
    assert main(["check", "0", "1"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("queens-tutor: internal error: ZeroDivisionError: a bug (details in ")
    assert len(err.splitlines()) == 1
    logs = list(tmp_path.glob("queens-tutor/log/crash-*.log"))
    assert len(logs) == 1 and "Traceback" in logs[0].read_text()


def test_a_closed_stream_has_nothing_to_flush_but_cannot_be_written() -> None:
    # Logging flushes every handler's stream at exit, the wrapper of a stream that a caller
    # closed long before: that flush is quiet; a write is still a failed output.
    closed = open(os.devnull, "w")  # noqa: SIM115  # a real file: its flush minds being closed
    closed.close()
    stream = SafeStream(closed, "stderr")
    stream.flush()
    with pytest.raises(OutputFailed):
        stream.write("late\n")


def test_an_encoding_without_the_language_letters_writes_question_marks() -> None:
    # PYTHONIOENCODING=ascii with Polish messages: the letters ł, ń... cannot be written.
    proc = subprocess.run(
        [sys.executable, "-m", "tui", "--lang", "pl", "progress"],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert proc.returncode == 0, proc.stderr
    assert b"Plik z post?pem" in proc.stdout and b"closed" not in proc.stderr
