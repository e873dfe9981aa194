"""``report`` says one thing in every form: the gradebook's score and ``done_at`` in text, csv
and json; the class table's lessons in the course's order, or, for lessons neither loaded nor
described, in the order the class first worked in them (one problem line, exit 1), a finished
run's pages read from the record; ``--live`` on an empty live folder."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from lessons.progress.export import export_text
from lessons.progress.records import Completion, LessonRecord, QuestionRecord
from lessons.shown_time import machine
from tests.cli.course_kit import DUE as PAST_DUE
from tests.cli.course_kit import done
from tests.cli.inproc import call
from tests.unit.lessons.test_course import LESSON

DUE = datetime.now().astimezone().replace(microsecond=0) + timedelta(days=3)
EARNED = datetime.now().astimezone().replace(microsecond=0) - timedelta(hours=2)


def started(at: datetime) -> LessonRecord:
    """A lesson begun: its one question right (a point), the lesson not finished."""
    record = LessonRecord(page=0, completed=False, best_score=0, max_score=1, runs=1)
    record.answers = {"0.0": QuestionRecord(True, 1, scored=True, points=1, at=at.timestamp())}
    record.updated = at.timestamp() + 60
    return record


@pytest.fixture
def course(tmp_path: Path) -> Path:
    folder = tmp_path / "course"
    folder.mkdir()
    for number, name in ((20, "zeta"), (21, "alpha")):  # ids against the files' order
        (folder / f"{number}-{name}.md").write_text(LESSON.format(id=name), encoding="utf-8")
    (folder / "course.toml").write_text(
        f'[[assignment]]\nid = "w1"\nlessons = [20, 21]\ndue = "{DUE.isoformat()}"\n',
        encoding="utf-8",
    )
    return folder


def export(folder: Path, name: str, records: dict[str, LessonRecord]) -> str:
    path = folder / f"{name}.json"
    path.write_text(export_text(records, {}, student=name, login=name), encoding="utf-8")
    return str(path)


def test_csv_json_and_text_give_one_score_and_done_at_for_points_earned(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ada = export(tmp_path, "ada", {"zeta": started(EARNED)})
    cy = export(tmp_path, "cy", {})
    base = ["report", "--gradebook", "--lessons-dir", str(course), "--only-course", ada, cy]
    status, out, err = call(capsys, *base)
    assert status == 0, err
    lines = [" ".join(line.split()) for line in out.splitlines()]
    assert "ada ada 1/2 not due yet" in lines and "cy cy 0/2 not due yet" in lines
    status, out, err = call(capsys, *base, "--format", "csv")
    table = list(csv.reader(io.StringIO(out)))
    assert table[1:] == [
        ["ada", "", "", "ada", "", "", "not-due-yet"],  # no grade before the due date
        ["cy", "", "", "cy", "", "", "not-due-yet"],
    ]
    status, out, err = call(capsys, *base, "--format", "json")
    grades = {s["login"]: s["grades"]["w1"] for s in json.loads(out)["students"]}
    assert grades["ada"]["score"] == 1 and grades["ada"]["done_at"] == machine(EARNED)
    assert grades["cy"]["score"] == 0 and grades["cy"]["done_at"] is None


def test_the_class_table_lists_lessons_in_the_order_of_the_questions(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ada = export(tmp_path, "ada", {"zeta": started(EARNED), "alpha": started(EARNED)})
    status, out, err = call(capsys, "report", "--lessons-dir", str(course), "--only-course", ada)
    assert status == 0, err
    headings = [line for line in out.splitlines() if line.startswith(("Lesson", "Questions"))]
    assert headings == [
        "Lesson zeta (zeta)",  # 20-zeta.md comes first in the course, as in the questions
        "Lesson alpha (alpha)",
        "Questions of Lesson zeta (zeta)",
        "Questions of Lesson alpha (alpha)",
    ]
    status, out, err = call(
        capsys, "report", "--format", "csv", "--lessons-dir", str(course), "--only-course", ada
    )
    assert [row["lesson"] for row in csv.DictReader(io.StringIO(out))] == ["zeta", "alpha"]


def test_report_live_on_an_empty_live_folder_says_it_is_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "srv" / "live").mkdir(parents=True, mode=0o700)
    status, out, err = call(capsys, "report", "--live", "--server-data", str(tmp_path / "srv"))
    assert (status, err) == (0, "")
    assert out == f"No session is running on this server ({tmp_path / 'srv' / 'live'} is empty).\n"
    (tmp_path / "new").mkdir()
    status, out, err = call(capsys, "report", "--live", "--server-data", str(tmp_path / "new"))
    assert status == 0 and "does not exist" in out  # no server ever ran here: as before


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


def test_lessons_not_described_come_in_the_order_the_class_first_worked_in_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = PAST_DUE - timedelta(days=7)  # "zeta" is lesson 10 of the course, "alpha" 11
    ada = export(tmp_path, "Ada", {"zeta": done(first), "alpha": done(PAST_DUE)})
    later = [done(PAST_DUE + timedelta(hours=hours)) for hours in (1, 2)]
    bob = export(tmp_path, "Bob", dict(zip(("alpha", "zeta"), later, strict=True)))
    status, out, err = call(capsys, "report", "--format", "json", "--students", ada, bob)
    data = json.loads(out)
    assert [row["lesson"] for row in data["rows"]] == ["zeta", "zeta", "alpha", "alpha"]
    assert data["answers"][0]["lesson"] == "zeta"
    assert data["answers"][-1]["lesson"] == "alpha"
    status, out, err = call(capsys, "report", ada, bob)
    assert status == 1
    assert out.index("zeta (zeta)") < out.index("alpha (alpha)")
    assert out.index("Questions of zeta") < out.index("Questions of alpha")
    assert err.splitlines() == [
        "queens-tutor report: 2 files hold lessons not loaded here that they do not describe "
        "('alpha', 'zeta'): their titles are not known, their pages only where a run was "
        "finished (it ended on the last), their order only as the class first worked in them; "
        "give their folder with --lessons-dir"
    ]
    scores = sorted(line.split()[:3] for line in out.splitlines() if " 1/1 " in line)
    assert scores == [["Ada", "1/1", "2/2"]] * 2 + [["Bob", "1/1", "2/2"]] * 2  # each is there
