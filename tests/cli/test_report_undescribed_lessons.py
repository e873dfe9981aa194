"""``report`` of files whose lessons are neither loaded here nor described in the files
(``progress --export`` run without ``--lessons-dir``): the problem
line says what is not known and what is (pages from finished runs, the order from when the
class first worked in them), and every section lists the lessons in that order, not by id."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from lessons.progress.export import export_text
from lessons.progress.records import LessonRecord
from tests.cli.inproc import call
from tests.cli.test_report_gradebook import DUE, done


def undescribed(path: Path, name: str, login: str, records: dict[str, LessonRecord]) -> str:
    path.write_text(export_text(records, {}, student=name, login=login), encoding="utf-8")
    return str(path)


def test_lessons_not_described_come_in_the_order_the_class_first_worked_in_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = DUE - timedelta(days=7)  # "zeta" is lesson 10 of the course, "alpha" lesson 11
    ada = undescribed(
        tmp_path / "ada.json",
        "Ada",
        "ada",
        {"zeta": done(first), "alpha": done(DUE)},
    )
    bob = undescribed(
        tmp_path / "bob.json",
        "Bob",
        "bob",
        {"alpha": done(DUE + timedelta(hours=1)), "zeta": done(DUE + timedelta(hours=2))},
    )
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
