"""``report`` without the course's lessons: a lesson neither loaded
nor described in the file is named as unknown (a problem, exit 1), a finished run's pages are
read from the record (not 2 of 0), and a re-run does not lose the student's first start."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from pathlib import Path

import pytest

from lessons.progress.export import export_text
from lessons.progress.records import Completion, LessonRecord, QuestionRecord
from tests.cli.inproc import call

FIRST = 1_790_000_000.0
RERUN = FIRST + 5 * 86_400


@pytest.fixture
def ada(tmp_path: Path) -> str:
    record = LessonRecord(page=2, completed=True, best_score=1, max_score=1, runs=2)
    record.answers = {"2.0": QuestionRecord(True, 1, scored=True, points=1, at=RERUN)}
    record.completions = [Completion(FIRST + 600, 1), Completion(RERUN, 1)]
    record.updated = RERUN
    path = tmp_path / "ada.json"
    path.write_text(export_text({"four-queens": record}, {}, student="Ada"), encoding="utf-8")
    return str(path)


def test_a_lesson_nobody_describes_is_said_unknown(
    ada: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = call(capsys, "report", "--format", "csv", ada)
    assert status == 1
    assert err.count("\n") == 1  # one line for every such lesson
    assert "lessons not loaded here that the file does not describe ('four-queens')" in err
    assert "--lessons-dir" in err
    row = next(csv.DictReader(io.StringIO(out)))
    assert (row["pages_done"], row["pages"]) == ("3", "3")  # finished: on its last page, 3rd


def test_a_rerun_keeps_the_first_start(ada: str, capsys: pytest.CaptureFixture[str]) -> None:
    _status, out, _err = call(capsys, "report", "--format", "csv", ada)
    row = next(csv.DictReader(io.StringIO(out)))
    first_day = datetime.fromtimestamp(FIRST + 600).date().isoformat()
    assert row["first_activity"][:10] == first_day
