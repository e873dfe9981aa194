"""``queens-tutor progress`` with a course's calendar says beside each lesson of an assignment
its due date (the student's own, an extension's) and whether it was handed in on time or late,
in the student's local time with its zone, in the menu's words."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from lessons.shown_time import with_zone
from tests.cli.clirun import run_main
from tests.cli.test_course_identity import DUE, EXTENDED, account, course, tutor

__all__ = ["course"]  # the fixture, used by name


@pytest.fixture
def tokyo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The student's machine is in Tokyo (the course's dates are written with another
    offset)."""
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        yield
    finally:
        monkeypatch.undo()
        time.tzset()


def test_progress_shows_each_lessons_due_date_and_how_it_was_handed_in(
    course: Path, tmp_path: Path, tokyo: None
) -> None:
    ada = account(tmp_path / "s-ada", "ada")
    worked = tutor(ada, course, "--plain", stdin="lesson 20\n2\nenter\n10\nenter\n")
    assert worked.status == 0, worked.err
    shown = tutor(ada, course, "progress")
    assert shown.status == 0, shown.err
    alpha = next(line for line in shown.out.splitlines() if "Lesson alpha" in line)
    beta = next(line for line in shown.out.splitlines() if "Lesson beta" in line)
    assert "week1: due " + with_zone(DUE) + "; handed in late; counts 1/2" in alpha, alpha
    assert "JST" in alpha  # her local time, with its zone, as the menu says it
    assert "[new]" in beta and "week1" not in beta  # beta is in no assignment
    data = json.loads(tutor(ada, course, "progress", "--format", "json").out)
    rows = {row["id"]: row for row in data["lessons"]}
    assert rows["alpha"]["course"] == {
        "assignment": "week1",
        "due": DUE.astimezone().isoformat(timespec="seconds"),
        "extended": False,
        "status": "late",
        "counted": 1.0,  # 2/2 done late, at 50%
    }
    assert rows["beta"]["course"] is None
    # fay, extended by her login, reads her own date, said to be her extension's
    fay = account(tmp_path / "s-fay", "fay")
    tutor(fay, course, "--plain", stdin="lesson 20\n2\nenter\n10\nenter\n")
    line = next(line for line in tutor(fay, course, "progress").out.splitlines() if "alpha" in line)
    said = f"week1: due {with_zone(EXTENDED)} (your extension); handed in on time"
    assert said in line, line
    # without a course, no date and no course key
    plain = tutor(ada, course.parent, "progress")
    assert "week1" not in plain.out


def test_progress_says_what_unfinished_late_work_counts(course: Path, tmp_path: Path) -> None:
    """An answer after the due date, the lesson left: progress and the menu say what counts so
    far, as the gradebook counts it."""
    dan = account(tmp_path / "s-dan", "dan")
    worked = tutor(dan, course, "--plain", stdin="lesson 20\n2\nenter\n")
    assert worked.status == 0, worked.err
    alpha = next(
        line for line in tutor(dan, course, "progress").out.splitlines() if "alpha" in line
    )
    said = f"week1: due {with_zone(DUE)}; overdue; not handed in; counts 0.5/2 so far"
    assert said in alpha, alpha
    exported = tmp_path / "dan.json"
    assert tutor(dan, course, "progress", "--export", str(exported)).status == 0
    book = tutor(dan, course, "report", "--gradebook", "--format", "json", str(exported))
    grade = json.loads(book.out)["students"][0]["grades"]["week1"]
    assert (grade["score"], grade["status"]) == (0.5, "missing")  # what the progress says
    menu = tutor(dan, course, "--plain", stdin="lessons\n").out
    assert "not handed in; counts 0.5/2 so far" in menu, menu
    # in Italian too
    it = tutor(dan, course, "progress", "--lang", "it").out
    assert "non consegnato; conta 0.5/2 finora" in it, it


def test_an_extended_due_date_is_said_once(course: Path, tmp_path: Path) -> None:
    """Fay, extended and not done yet, read "week1: due X (your
    extension); due X": the menu's words name the date already. Once, said to be hers."""
    fay = account(tmp_path / "s-fay", "fay")
    shown = tutor(fay, course, "progress")
    assert shown.status == 0, shown.err
    alpha = next(line for line in shown.out.splitlines() if "Lesson alpha" in line)
    assert alpha.count(with_zone(EXTENDED)) == 1, alpha
    assert alpha.endswith(f"week1: due {with_zone(EXTENDED)} (your extension)"), alpha


def test_every_lesson_of_an_assignment_says_its_due_date_first(
    course: Path, tmp_path: Path
) -> None:
    """Each line says the date first, the same way; the menu keeps its own words."""
    toml = (course / "course.toml").read_text(encoding="utf-8")
    toml = toml.replace('lessons = ["alpha"]', 'lessons = ["alpha", "beta"]')
    (course / "course.toml").write_text(toml, encoding="utf-8")
    ada = account(tmp_path / "s-ada", "ada")
    worked = tutor(ada, course, "--plain", stdin="lesson 20\n2\nenter\n10\nenter\n")
    assert worked.status == 0, worked.err
    lines = tutor(ada, course, "progress").out.splitlines()
    alpha = next(line for line in lines if "Lesson alpha" in line)
    beta = next(line for line in lines if "Lesson beta" in line)
    due = with_zone(DUE)
    assert alpha.endswith(f"week1: due {due}; handed in late; week1 still overdue; counts 1/2")
    assert beta.endswith(f"week1: due {due}; overdue"), beta
    assert alpha.count(due) == beta.count(due) == 1
    menu = tutor(ada, course, "--plain", stdin="lessons\n").out
    assert f"handed in late; week1 still overdue since {due}" in menu, menu
    it = tutor(ada, course, "progress", "--lang", "it").out.splitlines()
    beta_it = next(line for line in it if "beta" in line)
    assert beta_it.endswith(f"week1: scadenza {due}; scaduto"), beta_it


def test_progress_csv_and_json_give_the_points_that_count(course: Path, tmp_path: Path) -> None:
    """The gradebook's number, not the best score: 2/2 done after the due date at 50% is 1."""
    import csv
    import io

    ada = account(tmp_path / "s-ada", "ada")
    worked = tutor(ada, course, "--plain", stdin="lesson 20\n2\nenter\n10\nenter\n")
    assert worked.status == 0, worked.err
    data = json.loads(tutor(ada, course, "progress", "--format", "json").out)
    alpha = next(row for row in data["lessons"] if row["id"] == "alpha")
    assert (alpha["best_score"], alpha["course"]["counted"]) == (2, 1.0)
    table = tutor(ada, course, "progress", "--format", "csv").out
    rows = {row["id"]: row for row in csv.DictReader(io.StringIO(table))}
    assert (rows["alpha"]["best_score"], rows["alpha"]["counted"]) == ("2", "1")
    assert rows["alpha"]["status"] == "late" and rows["alpha"]["assignment"] == "week1"
    assert rows["beta"]["assignment"] == "" and rows["beta"]["counted"] == ""  # no assignment
    exported = tmp_path / "ada.json"
    assert tutor(ada, course, "progress", "--export", str(exported)).status == 0
    book = tutor(ada, course, "report", "--gradebook", "--format", "json", str(exported))
    assert json.loads(book.out)["students"][0]["grades"]["week1"]["score"] == 1
    # without a course, the csv's columns are as they were
    plain = run_main("progress", "--format", "csv", env=ada).out
    assert plain.splitlines()[0].endswith(",max_score,hints,shown")
