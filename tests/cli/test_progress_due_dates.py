"""``queens-tutor progress`` with a course's calendar says beside each lesson of an assignment
its due date (the student's own, an extension's) and whether it was handed in on time or late,
in local time with its zone, in the menu's words; its csv and json give the points that count."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from lessons.shown_time import with_zone
from tests.cli.clirun import run_main
from tests.cli.course_kit import machine_zone
from tests.cli.test_course_identity import DUE, EXTENDED, account, course, tutor

__all__ = ["course"]  # the fixture, used by name


@pytest.fixture
def tokyo() -> Iterator[None]:
    """The student's machine is in Tokyo (the course's dates are written with another
    offset)."""
    with machine_zone("Asia/Tokyo"):
        yield


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
    assert rows["alpha"]["best_score"] == 2  # what counts is the gradebook's number, not this
    table = tutor(ada, course, "progress", "--format", "csv").out
    cells = {row["id"]: row for row in csv.DictReader(io.StringIO(table))}
    assert (cells["alpha"]["best_score"], cells["alpha"]["counted"]) == ("2", "1")
    assert cells["alpha"]["status"] == "late" and cells["alpha"]["assignment"] == "week1"
    assert cells["beta"]["assignment"] == "" and cells["beta"]["counted"] == ""  # no assignment
    exported = tmp_path / "ada.json"
    assert tutor(ada, course, "progress", "--export", str(exported)).status == 0
    book = tutor(ada, course, "report", "--gradebook", "--format", "json", str(exported))
    assert json.loads(book.out)["students"][0]["grades"]["week1"]["score"] == 1
    # fay, extended by her login, reads her own date, said to be her extension's
    fay = account(tmp_path / "s-fay", "fay")
    tutor(fay, course, "--plain", stdin="lesson 20\n2\nenter\n10\nenter\n")
    line = next(line for line in tutor(fay, course, "progress").out.splitlines() if "alpha" in line)
    said = f"week1: due {with_zone(EXTENDED)} (your extension); handed in on time"
    assert said in line, line
    # without a course, no date and no course key, and the csv's columns as they were
    assert "week1" not in tutor(ada, course.parent, "progress").out
    plain = run_main("progress", "--format", "csv", env=ada).out
    assert plain.splitlines()[0].endswith(",max_score,hints,shown")


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
    """Fay, extended, not done yet: her date once, said to be hers."""
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
