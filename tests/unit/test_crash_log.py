"""An unexpected error: one line for the terminal, the details in a log file."""

from __future__ import annotations

from pathlib import Path

from tui import crash_log

TRACEBACK = """\
╭──── Traceback (most recent call last) ────╮
│ /x/textual/_xterm_parser.py:378 in parse   │
╰───────────────────────────────────────────╯
OverflowError: Python int too large to convert to C int
"""


def test_the_log_is_never_overwritten_and_the_line_names_the_error_and_the_log(
    monkeypatch, tmp_path: Path
) -> None:
    assert crash_log.summary(TRACEBACK) == "OverflowError: Python int too large to convert to C int"
    assert crash_log.summary("") == "an unexpected error"
    first = crash_log.write_log(TRACEBACK, tmp_path / "logs")
    second = crash_log.write_log("other", tmp_path / "logs")
    assert first is not None and second is not None and first != second
    assert first.read_text() == TRACEBACK and second.read_text() == "other"
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    line = crash_log.report(TRACEBACK)
    assert line.startswith("queens-tutor: internal error: OverflowError")
    assert str(tmp_path) in line and "\n" not in line
