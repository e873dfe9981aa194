"""Numbers in a teacher's lesson files and in the plain tutor's commands: a lesson error or no
size, never Python's 4,300-digit ValueError or a traceback (on the command line, and days out
of range: test_usage_errors.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.clirun import run_main

HUGE = "9" * 5000


LESSON = "@lesson extra\n@title Extra lesson\n\n@page One\nText.\n@board n=4\n@step\n"


@pytest.mark.parametrize(
    "line",
    [f"@board n={'9' * 1900}", "@step ²", "@question next-state of=b[²]\n@end"],
    ids=lambda line: line[:24],
)
def test_lessons_check_and_list_name_the_number(tmp_path: Path, line: str) -> None:
    (tmp_path / "extra.md").write_text(LESSON + line + "\n")
    checked = run_main("lessons", "check", str(tmp_path / "extra.md"))
    assert checked.status == 1, checked
    assert "Traceback" not in checked.err and "internal error" not in checked.err
    assert all(len(row) < 300 for row in checked.out.splitlines()), checked.out[:300]
    listed = run_main("lessons", "list", "--lessons-dir", str(tmp_path))
    assert listed.status == 0, listed
    assert "internal error" not in listed.err and len(listed.err) < 600, listed.err[:600]


def test_the_plain_tutor_reads_a_size_of_another_script_as_no_size() -> None:
    result = run_main("--plain", stdin=f"size ²\nsize {HUGE}\nplace ² 1\nquit\n")
    assert result.status == 0, result.err[:400]
    assert "internal error" not in result.err and "Traceback" not in result.err
