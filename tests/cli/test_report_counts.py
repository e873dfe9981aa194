"""A lesson run again after its due date tells one story in every view of the report (class
table, ``--students``, gradebook, the teacher's page): what counts (Fay: on time 1/2, then late
2/2 at 50%: 1/2 on time counts; Jo: on time 0/2, then late 2/2: 1/2 late counts), beside the
best run's score; ``--students`` shows the run that counts beside the latest run's answers. A
lesson done, then started again after misses: the class table counts every run's hints and
answers shown and says where the new run is; ``--students`` lists the earlier run's misses."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from lessons.catalog import load_catalog
from lessons.course.files import CourseFiles
from lessons.progress.export import FIELDS, LessonInfo, export_data, export_text, lesson_info
from lessons.progress.records import Completion, LessonRecord, QuestionRecord
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from lessons.shown_time import machine
from tests.cli.clirun import run_main, run_ok
from tests.cli.course_kit import LESSON, course_folder, course_toml, export, squeezed
from tests.cli.inproc import call
from tests.cli.test_course_identity import account
from tests.unit.lessons.review_progress import at, lesson, lessons, store_at
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
    return course_folder(
        tmp_path / "course", course_toml(DUE.isoformat(), "alpha"), "alpha", "free"
    )


@pytest.fixture
def files(tmp_path: Path) -> list[str]:
    free = runs((ON_TIME, 1))  # a lesson no assignment holds: nothing counts of it
    return [
        str(export(tmp_path, "Fay Fox", "fay", {"alpha": fay(), "free": free})),
        # Jo opened the free lesson only: no time known, no flag (a line with nothing after "-")
        str(export(tmp_path, "Jo Jones", "jo", {"alpha": jo(), "free": LessonRecord(page=0)})),
    ]


def test_the_class_table_says_what_counts_as_the_gradebook_does(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["report", "--lessons-dir", str(course), "--only-course"]
    # the gradebook: what counts
    status, out, err = call(capsys, *base, "--gradebook", *files)
    assert status == 0, err
    assert "Fay Fox fay 1/2 on time" in squeezed(out) and "Jo Jones jo 1/2 late" in squeezed(out)
    status, out, err = call(capsys, *base, "--gradebook", "--format", "json", *files)
    book = {s["login"]: s["grades"]["week1"] for s in json.loads(out)["students"]}
    assert (book["fay"]["score"], book["fay"]["status"]) == (1.0, "on-time")
    assert (book["jo"]["score"], book["jo"]["status"]) == (1.0, "late")
    # the class table in text: the best run's score, and what counts
    status, out, err = call(capsys, *base, *files)
    assert status == 0, err
    lines = squeezed(out)
    assert "Student Pages Score Counts Hints Shown Last active" in lines
    assert any(line.startswith("Fay Fox 1/1 2/2 1/2 on time 0 0 ") for line in lines), out
    assert any(line.startswith("Jo Jones 1/1 2/2 1/2 late 0 0 ") for line in lines), out
    assert any(line.startswith("Fay Fox 1/1 1/2 - 0 0 ") for line in lines), out  # free
    assert "Jo Jones 0/1 0/2 - 0 0 -" in lines
    assert not [line for line in out.splitlines() if line.endswith(" ")]  # no padding left
    # --students prints the same class table
    status, out, err = call(capsys, *base, "--students", *files)
    assert any(line.startswith("Fay Fox 1/1 2/2 1/2 on time 0 0 ") for line in squeezed(out)), out
    # csv and json: the gradebook's score, status and done_at for the lesson
    status, out, err = call(capsys, *base, "--format", "csv", *files)
    table = list(csv.DictReader(io.StringIO(out)))
    cells = {(row["login"], row["lesson"]): row for row in table}
    assert cells["fay", "alpha"]["score"] == "2"
    keys = ("assignment", "counted", "counted_status")
    assert [cells["fay", "alpha"][key] for key in keys] == ["week1", "1", "on-time"]
    assert cells["fay", "alpha"]["counted_at"] == book["fay"]["done_at"]
    assert cells["fay", "alpha"]["counted_at"] == machine(ON_TIME + timedelta(seconds=5))
    assert [cells["jo", "alpha"][key] for key in ("counted", "counted_status")] == ["1", "late"]
    assert cells["jo", "alpha"]["counted_at"] == book["jo"]["done_at"]
    assert [cells["fay", "free"][key] for key in ("assignment", "counted")] == ["", ""]
    for view in ([], ["--students"]):
        status, out, err = call(capsys, *base, "--format", "json", *view, *files)
        rows = {(row["login"], row["lesson"]): row for row in json.loads(out)["rows"]}
        assert rows["fay", "alpha"]["score"] == 2
        counted = {key: (row["counted"], row["counted_status"]) for key, row in rows.items()}
        assert counted["fay", "alpha"] == (1.0, "on-time") and counted["jo", "alpha"] == (
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
    assert "Student Pages Score Hints Shown Last active" in squeezed(out) and "Counts" not in out
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
    assert any(line.startswith("fay 1/1 2/2 1/2 on time 0 0 ") for line in squeezed(out)), out


RIGHT_AFTER_A_MISS = "lesson 20\n3\n2\nenter\n10\nenter\n"
AGAIN_ALL_RIGHT = "lesson 20\n1\nenter\n2\nenter\n10\nenter\n"


class Clock:
    """The progress store's clock, set by the test: ``clock()`` is the moment now."""

    def __init__(self, moment: float) -> None:
        self.moment = moment

    def __call__(self) -> float:
        return self.moment


def runs_around_a_due_date(monkeypatch: pytest.MonkeyPatch) -> tuple[datetime, Clock]:
    """A due date an hour ago, and the progress dated a minute before it: a test moves the
    clock past it between two runs."""
    due = datetime.now().astimezone().replace(microsecond=0) - timedelta(hours=1)
    clock = Clock(due.timestamp() - 60)
    monkeypatch.setattr(ProgressStore, "clock", clock)
    return due, clock


def _course(folder: Path, due: datetime) -> None:
    (folder / "course.toml").write_text(course_toml(due.isoformat(), "alpha"), encoding="utf-8")


def test_the_run_that_counts_is_shown_named_and_counted_by_the_statistics(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ada's on-time run (a miss) counts over her late one: ``--students`` shows both runs'
    answers by name, the question statistics count the run that counts and say so (without
    the course: the latest run); when the latest run counts, the line says so."""
    due, clock = runs_around_a_due_date(monkeypatch)
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "20-alpha.md").write_text(LESSON.format(id="alpha"), encoding="utf-8")
    _course(folder, due)
    ada = account(tmp_path / "s-ada", "ada")
    lessons = ("--lessons-dir", str(folder), "--only-course")
    run_ok("--plain", *lessons, stdin=RIGHT_AFTER_A_MISS, env=ada)
    clock.moment = due.timestamp() + 60  # the due date falls between the two runs
    run_ok("--plain", *lessons, stdin=AGAIN_ALL_RIGHT, env=ada)
    exported = tmp_path / "ada.json"
    assert run_main("progress", "--export", str(exported), *lessons, env=ada).status == 0
    report = ("report", "--students", *lessons, str(exported))
    out = run_main(*report).out
    lines = [line.strip() for line in out.splitlines()]
    heading = lines.index("Answers in Lesson alpha (alpha)")
    assert lines[heading + 1].startswith("ada counts 1/2 on time, earned ")
    assert lines[heading + 1].endswith(
        "by an earlier run: its answers are marked “run that counts”, the latest run's “latest run”"
    )
    said = [line.split("  ", 2)[-1] for line in lines[heading + 2 :] if line.startswith("ada  ")]
    assert said == [
        "run that counts: right after 2 attempts",  # 1.1, on time
        "latest run: right at the first attempt",
        "run that counts: right at the first attempt",  # 1.2
        "latest run: right at the first attempt",
    ], out
    assert not [line for line in said if "earlier run" in line]  # its miss is said once
    rows = list(csv.DictReader(io.StringIO(run_main(*report, "--format", "csv").out)))
    lessons_rows = [(row["question"], row["run"], row["right_first"]) for row in rows]
    expected = [("1", "counted", "0"), ("1", "latest", "1"), ("2", "counted", "1")]
    assert lessons_rows == [*expected, ("2", "latest", "1")]
    answers = json.loads(run_main(*report, "--format", "json").out)["answers"]
    assert [row["run"] for row in answers] == ["counted", "latest", "counted", "latest"]
    for course, counted in ((lessons, (1, 1, 0, 2)), ((), (1, 1, 1, 1))):
        data = json.loads(run_main("report", "--format", "json", *course, str(exported)).out)
        q1 = [row for row in data["questions"] if row["question"] == 1 and row["page"] == 1]
        keys = ("answered", "right", "right_first", "attempts_mean")
        assert [tuple(row[key] for key in keys) for row in q1] == [counted]
        out = " ".join(run_main("report", *course, str(exported)).out.split())
        which = "run that counts, as the gradebook" if course else "latest run"
        assert f"The statistics count each student's {which}" in out, out
    # when the latest run counts (both runs on time, the latest better), the line says so
    # and the rows are the latest run's, the earlier run's miss said as before
    _course(folder, datetime.now().astimezone() + timedelta(days=1))
    bo = account(tmp_path / "s-bo", "bo")
    for stdin in (RIGHT_AFTER_A_MISS, AGAIN_ALL_RIGHT):
        assert run_main("--plain", *lessons, stdin=stdin, env=bo).status == 0
    later = tmp_path / "bo.json"
    assert run_main("progress", "--export", str(later), *lessons, env=bo).status == 0
    out = run_main("report", "--students", *lessons, str(later)).out
    assert "bo counts 2/2 on time, earned " in out and ", by the latest run" in out, out
    assert "run that counts:" not in out and "earlier run: right after 2 attempts" in out


def test_a_record_made_before_runs_were_kept_is_counted_by_its_latest_run_and_said(
    tmp_path: Path,
) -> None:
    """The run that counts is an earlier one whose answers the record does not keep: the
    statistics count the latest run, and say whose (``--students`` too: the gradebook's tests)."""
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "20-alpha.md").write_text(LESSON.format(id="alpha"), encoding="utf-8")
    due = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=1)
    _course(folder, due)
    early, late = (due - timedelta(hours=2)).timestamp(), (due + timedelta(hours=2)).timestamp()
    record = LessonRecord(page=0, completed=True, best_score=2, max_score=2, runs=2)
    record.answers = {
        f"0.{n}": QuestionRecord(True, 1, scored=True, points=1, at=late) for n in range(2)
    }
    record.earlier = {"0.0": QuestionRecord(True, 2, at=early)}
    record.completions = [Completion(early, 1), Completion(late, 2)]  # 1 on time beats 2 x 50%
    record.updated = late
    path = tmp_path / "ada.json"
    info = {"alpha": LessonInfo("Lesson alpha", 1, 2)}
    path.write_text(export_text({"alpha": record}, info, student="Ada", login="ada"))
    lessons = ("--lessons-dir", str(folder), "--only-course")
    out = run_main("report", *lessons, str(path)).out
    said = " ".join(out.split())
    assert (
        "Counted by the latest run, with the earlier runs' misses, as the record of the run "
        "that counts was made before runs were kept: Ada (Lesson alpha)"
    ) in said, out


FIRST_RUN = {
    "0.0": QuestionRecord(right=True, attempts=1, at=at(0)),
    "1.0": QuestionRecord(right=True, attempts=1, hint=True, at=at(0, 1)),  # a hint
    "3.0": QuestionRecord(right=False, attempts=1, revealed=True, at=at(0, 2)),  # shown
    "4.0": QuestionRecord(right=True, attempts=1, at=at(0, 3)),
    "5.0": QuestionRecord(right=True, attempts=1, at=at(0, 4)),
    **{f"6.{n}": QuestionRecord(True, 1, scored=True, points=1, at=at(0, 5)) for n in range(6)},
    "6.6": QuestionRecord(right=False, attempts=1, revealed=True, scored=True, at=at(0, 6)),
}


def _export(tmp_path: Path) -> Path:
    store = store_at(tmp_path / "ada")
    record = store.lesson("diagonals")
    record.answers.update(FIRST_RUN)
    record.completed, record.best_score, record.page = True, 6, 6
    assert store.save("diagonals", record)
    LessonRun(lesson("diagonals"), store).restart()  # from page 1, a fresh score
    record = store_at(tmp_path / "ada").records["diagonals"]
    record.answers["0.0"] = QuestionRecord(right=True, attempts=2, at=at(1))  # the new run
    record.page = 1
    assert record.again and store.save("diagonals", record)
    path = tmp_path / "ada.json"
    records = store_at(tmp_path / "ada").records
    path.write_text(json.dumps(export_data(records, lesson_info(lessons()), "Ada")))
    return path


def test_the_first_runs_misses_stay_in_the_report(tmp_path: Path) -> None:
    path = _export(tmp_path)
    text = run_ok("report", "--lang", "en", str(path))
    table = text.out.split("\nReviews (")[0]  # who never reviewed: after
    (ada,) = [line for line in table.splitlines() if line.strip().startswith("Ada")]
    cells = ada.split()
    assert cells[1:5] == ["7/7", "6/7", "1", "2"], ada  # best run; every run's hint and shown
    assert ada.endswith("done  started again, on page 2")
    # the per-question statistics: the earlier run's misses the new run has not reached
    stats = {
        line.split()[0] + "." + line.split()[1]: line.split()[2:8]
        for line in text.out.splitlines()
        if line.startswith("  ") and line.split()[0].isdecimal()
    }
    assert stats["4.1"] == ["1", "0", "0", "0", "1", "0"]  # answered, right, 1st, hints, shown
    assert stats["2.1"] == ["1", "1", "0", "1", "0", "0"]
    assert stats["5.1"][0] == "0"  # right at the first attempt then: not kept, not counted
    csv_row = next(
        csv.DictReader(io.StringIO(run_main("report", "--format", "csv", str(path)).out))
    )
    assert (csv_row["hints"], csv_row["shown"], csv_row["again_page"]) == ("1", "2", "2")
    (row,) = json.loads(run_main("report", "--format", "json", str(path)).out)["rows"]
    assert (row["hints"], row["shown"], row["again_page"], row["completed"]) == (1, 2, 2, True)

    students = ("report", "--lang", "en", "--students", str(path))
    answers = run_main(*students).out
    said: dict[str, list[str]] = {}
    for line in answers.splitlines():
        if line.startswith("  ") and not line.startswith("    "):
            place = line.split()[0]
        elif line.startswith("    Ada"):
            said.setdefault(place, []).append(line[4:].split("  ", 2)[2].strip())
    assert said["1.1"] == ["right after 2 attempts"]  # the new run's
    assert said["2.1"] == [
        "earlier run: right after 1 attempt, with a hint",
        "reached, not answered",
    ]
    assert said["4.1"] == ["earlier run: answer shown after 1 attempt"]
    assert said["7.7"] == ["earlier run: answer shown after 1 attempt"]
    assert "5.1" not in said and "7.1" not in said  # beyond the new run's page, no miss
    rows = list(csv.DictReader(io.StringIO(run_main(*students, "--format", "csv").out)))
    earlier = [(r["page"], r["question"], r["shown"]) for r in rows if r["earlier"] == "1"]
    assert earlier == [("2", "1", "0"), ("4", "1", "1"), ("7", "7", "1")]
    data = json.loads(run_main(*students, "--format", "json").out)
    earlier_json = [(a["page"], a["question"]) for a in data["answers"] if a["earlier"]]
    assert earlier_json == [(2, 1), (4, 1), (7, 7)]
