"""A lesson run again after its due date tells one story in every view of the report: where a
course.toml gives the lesson a due date, the class table (text, csv, json), ``--students``, the
gradebook and the teacher's page of ``serve`` all say what counts (Fay: on time 1/2, then late 2/2
at 50%: 1/2 on time counts; Jo: on time 0/2, then late 2/2: 1/2 late counts), and the class table
keeps the best run's score beside it. Without a course file the class table is as it was."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from lessons.catalog import load_catalog
from lessons.course.files import CourseFiles
from lessons.progress.export import FIELDS, LessonInfo, export_text
from lessons.progress.records import Completion, LessonRecord, QuestionRecord
from lessons.shown_time import machine
from tests.cli.inproc import call
from tests.cli.test_report_gradebook import LESSON
from tui.serve.teacher_page import gradebook_csv, teacher_page

DUE = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=2)
ON_TIME = DUE - timedelta(days=1)
LATE = DUE + timedelta(days=1)


def runs(*done: tuple[datetime, int]) -> LessonRecord:
    """A lesson of two quiz points finished at each (moment, score) in turn; its answers are
    the last run's."""
    last_at, last = done[-1]
    record = LessonRecord(
        page=0, completed=True, best_score=max(s for _at, s in done), max_score=2, runs=len(done)
    )
    record.answers = {
        f"0.{n}": QuestionRecord(True, 1, scored=True, points=1, at=last_at.timestamp() + n)
        for n in range(last)
    }
    record.completions = [Completion(at.timestamp() + 5, score) for at, score in done]
    record.updated = last_at.timestamp() + 5
    return record


def fay() -> LessonRecord:
    return runs((ON_TIME, 1), (LATE, 2))


def jo() -> LessonRecord:
    return runs((ON_TIME + timedelta(hours=1), 0), (LATE + timedelta(hours=1), 2))


@pytest.fixture
def course(tmp_path: Path) -> Path:
    folder = tmp_path / "course"
    folder.mkdir()
    for number, name in ((20, "alpha"), (21, "free")):
        (folder / f"{number}-{name}.md").write_text(LESSON.format(id=name), encoding="utf-8")
    (folder / "course.toml").write_text(
        '[[assignment]]\nid = "week1"\ntitle = "Week 1"\nlessons = ["alpha"]\n'
        f'due = "{DUE.isoformat()}"\nlate_credit = 0.5\n',
        encoding="utf-8",
    )
    return folder


def export(folder: Path, name: str, login: str, records: dict[str, LessonRecord]) -> str:
    info = {key: LessonInfo(f"Lesson {key}", 1, 2) for key in records}
    path = folder / f"{login}.json"
    path.write_text(export_text(records, info, student=name, login=login), encoding="utf-8")
    return str(path)


@pytest.fixture
def files(tmp_path: Path) -> list[str]:
    free = runs((ON_TIME, 1))  # a lesson no assignment holds: nothing counts of it
    return [
        export(tmp_path, "Fay Fox", "fay", {"alpha": fay(), "free": free}),
        # Jo opened the free lesson only: no time known, no flag (a line with nothing after "-")
        export(tmp_path, "Jo Jones", "jo", {"alpha": jo(), "free": LessonRecord(page=0)}),
    ]


def words(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.splitlines()]


def test_the_class_table_says_what_counts_as_the_gradebook_does(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["report", "--lessons-dir", str(course), "--only-course"]
    # the gradebook: what counts
    status, out, err = call(capsys, *base, "--gradebook", *files)
    assert status == 0, err
    assert "Fay Fox fay 1/2 on time" in words(out) and "Jo Jones jo 1/2 late" in words(out)
    status, out, err = call(capsys, *base, "--gradebook", "--format", "json", *files)
    book = {s["login"]: s["grades"]["week1"] for s in json.loads(out)["students"]}
    assert (book["fay"]["score"], book["fay"]["status"]) == (1.0, "on-time")
    assert (book["jo"]["score"], book["jo"]["status"]) == (1.0, "late")
    # the class table in text: the best run's score, and what counts
    status, out, err = call(capsys, *base, *files)
    assert status == 0, err
    lines = words(out)
    assert "Student Pages Score Counts Hints Shown Last active" in lines
    assert any(line.startswith("Fay Fox 1/1 2/2 1/2 on time 0 0 ") for line in lines), out
    assert any(line.startswith("Jo Jones 1/1 2/2 1/2 late 0 0 ") for line in lines), out
    assert any(line.startswith("Fay Fox 1/1 1/2 - 0 0 ") for line in lines), out  # free
    assert "Jo Jones 0/1 0/2 - 0 0 -" in lines
    assert not [line for line in out.splitlines() if line.endswith(" ")]  # no padding left
    # --students prints the same class table
    status, out, err = call(capsys, *base, "--students", *files)
    assert any(line.startswith("Fay Fox 1/1 2/2 1/2 on time 0 0 ") for line in words(out)), out
    # csv and json: the gradebook's score, status and done_at for the lesson
    status, out, err = call(capsys, *base, "--format", "csv", *files)
    table = list(csv.DictReader(io.StringIO(out)))
    cells = {(row["login"], row["lesson"]): row for row in table}
    assert cells["fay", "alpha"]["score"] == "2"
    assert [cells["fay", "alpha"][key] for key in ("assignment", "counted", "counted_status")] == [
        "week1",
        "1",
        "on-time",
    ]
    assert cells["fay", "alpha"]["counted_at"] == book["fay"]["done_at"]
    assert cells["fay", "alpha"]["counted_at"] == machine(ON_TIME + timedelta(seconds=5))
    assert [cells["jo", "alpha"][key] for key in ("counted", "counted_status")] == ["1", "late"]
    assert cells["jo", "alpha"]["counted_at"] == book["jo"]["done_at"]
    assert [cells["fay", "free"][key] for key in ("assignment", "counted")] == ["", ""]
    for view in ([], ["--students"]):
        status, out, err = call(capsys, *base, "--format", "json", *view, *files)
        rows = {(row["login"], row["lesson"]): row for row in json.loads(out)["rows"]}
        assert rows["fay", "alpha"]["score"] == 2
        assert (rows["fay", "alpha"]["counted"], rows["fay", "alpha"]["counted_status"]) == (
            1.0,
            "on-time",
        )
        assert (rows["jo", "alpha"]["counted"], rows["jo", "alpha"]["counted_status"]) == (
            1.0,
            "late",
        )
        assert rows["fay", "free"]["counted"] is None


def test_without_a_course_file_the_class_table_is_as_it_was(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    (course / "course.toml").unlink()
    base = ["report", "--lessons-dir", str(course), "--only-course"]
    status, out, err = call(capsys, *base, *files)
    assert status == 0, err
    assert "Student Pages Score Hints Shown Last active" in words(out) and "Counts" not in out
    status, out, err = call(capsys, *base, "--format", "csv", *files)
    assert out.splitlines()[0].split(",") == [*FIELDS, "same_as"]
    status, out, err = call(capsys, *base, "--format", "json", *files)
    assert all("counted" not in row for row in json.loads(out)["rows"])


def served_store(tmp_path: Path) -> Path:
    """A server's store where Fay did the lesson on time (1/2) and again late (2/2)."""
    root = tmp_path / "served"
    home = root / "users" / "fay"
    (home / "data" / "queens-tutor").mkdir(parents=True)
    (home / "user.txt").write_text("fay\n")
    saved = {"schema": 1, "app": "queens-tutor", "lessons": {"alpha": fay().to_json()}}
    (home / "data" / "queens-tutor" / "progress.json").write_text(json.dumps(saved))
    return root


def test_the_teacher_page_and_the_report_of_the_server_agree(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = served_store(tmp_path)
    catalog = load_catalog("en", [course], only_course=True)
    files = CourseFiles([course], catalog.find, catalog.find_failed)
    page = teacher_page(root, catalog, "prof", files)
    assert "<tr><td>fay</td><td>fay</td><td>1/2 on time</td></tr>" in page
    assert "fay,,,fay,,1,on-time" in gradebook_csv(root, catalog, files, "moodle").splitlines()
    base = ["report", "--lessons-dir", str(course), "--only-course", "--server-data", str(root)]
    status, out, err = call(capsys, *base)
    assert status == 0, err
    assert any(line.startswith("fay 1/1 2/2 1/2 on time 0 0 ") for line in words(out)), out
