"""``report`` of files whose lessons are neither loaded nor described: one problem line (exit 1)
saying what is not known; every section in the order the class first worked in them; a
finished run's pages from the record; a re-run keeps the first start."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from lessons.progress.export import export_text
from lessons.progress.records import Completion, LessonRecord, QuestionRecord
from tests.cli.course_kit import DUE, done
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


def test_a_lesson_nobody_describes_is_said_unknown_and_read_from_its_record(
    ada: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = call(capsys, "report", "--format", "csv", ada)
    assert status == 1
    assert err.count("\n") == 1  # one line for every such lesson
    assert "lessons not loaded here that the file does not describe ('four-queens')" in err
    assert "--lessons-dir" in err
    row = next(csv.DictReader(io.StringIO(out)))
    assert (row["pages_done"], row["pages"]) == ("3", "3")  # finished: on its last page, 3rd
    first_day = datetime.fromtimestamp(FIRST + 600).date().isoformat()
    assert row["first_activity"][:10] == first_day  # a re-run keeps the first start


def undescribed(path: Path, name: str, login: str, records: dict[str, LessonRecord]) -> str:
    path.write_text(export_text(records, {}, student=name, login=login), encoding="utf-8")
    return str(path)


def test_lessons_not_described_come_in_the_order_the_class_first_worked_in_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = DUE - timedelta(days=7)  # "zeta" is lesson 10 of the course, "alpha" lesson 11
    ada = undescribed(
        tmp_path / "ada.json", "Ada", "ada", {"zeta": done(first), "alpha": done(DUE)}
    )
    later = {"alpha": done(DUE + timedelta(hours=1)), "zeta": done(DUE + timedelta(hours=2))}
    bob = undescribed(tmp_path / "bob.json", "Bob", "bob", later)
    status, out, err = call(capsys, "report", "--format", "json", "--students", ada, bob)
    data = json.loads(out)
    assert [row["lesson"] for row in data["rows"]] == ["zeta", "zeta", "alpha", "alpha"]
    assert data["answers"][0]["lesson"] == "zeta"
    assert data["answers"][-1]["lesson"] == "alpha"
    status, out, err = call(capsys, "report", ada, bob)
    assert status == 1
    assert out.index("zeta (zeta)") < out.index("alpha (alpha)")
    assert out.index("Questions of zeta") < out.index("Questions of alpha")
    (line,) = err.splitlines()
    assert "their titles and pages are not known" not in line  # the table shows pages
    assert "their titles are not known, their pages only where a run was finished" in line
    assert "their order only as the class first worked in them" in line
