"""One roster rule everywhere: a roster line is a student's when it is
their login or their display name. An export made with ``--name "Ada X"`` carries the login
``ada``: a roster of logins finds her in the class table, json, ``--students`` csv and the
gradebook alike."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.cli.course_kit import DUE, done, export
from tests.cli.inproc import call


@pytest.fixture
def class_files(tmp_path: Path) -> list[str]:
    folder = tmp_path / "files"
    folder.mkdir()
    return [
        str(export(folder, f"{login.title()} X", login, {"alpha": done(DUE)}))
        for login in ("ada", "bob", "carol")
    ]


@pytest.fixture
def roster(tmp_path: Path) -> Path:
    path = tmp_path / "class.txt"
    path.write_text("ada\nbob\ncarol\ndave\n", encoding="utf-8")
    return path


def test_logins_on_the_roster_match_in_the_class_table(
    class_files: list[str], roster: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _status, out, _err = call(capsys, "report", "--roster", str(roster), *class_files)
    assert "No progress from 1 student on the roster: dave" in " ".join(out.split())
    assert "Not on the roster" not in out
    _status, out, _err = call(
        capsys, "report", "--roster", str(roster), "--format", "json", *class_files
    )
    data = json.loads(out)
    assert data["absent"] == ["dave"] and data["not_on_roster"] == []


def test_logins_on_the_roster_match_in_the_students_csv(
    class_files: list[str], roster: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["report", "--students", "--format", "csv", "--roster", str(roster), *class_files]
    _status, out, _err = call(capsys, *argv)
    students = {row[0] for row in list(csv.reader(io.StringIO(out)))[1:] if row}
    assert "dave" in students
    assert not {"ada", "bob", "carol"} & students  # no empty "absent" rows for them


def test_display_names_on_the_roster_match_too(
    class_files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = tmp_path / "names.txt"
    names.write_text("Ada X\nbob\n", encoding="utf-8")
    _status, out, _err = call(
        capsys, "report", "--roster", str(names), "--format", "json", *class_files
    )
    data = json.loads(out)
    assert data["absent"] == [] and data["not_on_roster"] == ["Carol X"]


def test_the_gradebook_follows_the_same_rule(
    course: Path,
    class_files: list[str],
    roster: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["report", "--gradebook", "--format", "csv", "--lessons-dir", str(course)]
    _status, out, _err = call(capsys, *argv, "--only-course", "--roster", str(roster), *class_files)
    logins = [row[3] for row in list(csv.reader(io.StringIO(out)))[1:]]
    assert sorted(logins) == ["ada", "bob", "carol", "dave"]


def test_a_row_is_named_as_the_roster_names_her(
    course: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """As the roster writes her name (one of hers, ``also_named`` too), in the class table and
    the gradebook; a roster line that is her login leaves her export's name."""
    from lessons.progress.export import LessonInfo, export_text

    folder = tmp_path / "files"
    folder.mkdir()
    ada = export(folder, "ADA LOVELACE", "ada", {"alpha": done(DUE)})
    fay = folder / "fay.json"
    text = export_text(
        {"alpha": done(DUE)}, {"alpha": LessonInfo("Lesson alpha", 1, 2)},
        student="Fay Chen", login="fhopper", also_named=["fay"],
    )  # fmt: skip
    fay.write_text(text, encoding="utf-8")
    bob = export(folder, "Bob X", "bob", {"alpha": done(DUE)})
    roster = tmp_path / "class.txt"
    roster.write_text("Ada Lovelace\nFAY\nbob\n", encoding="utf-8")
    files = [str(ada), str(fay), str(bob)]
    base = ["--roster", str(roster), "--lessons-dir", str(course), "--only-course", *files]
    _status, out, _err = call(capsys, "report", "--format", "json", *base)
    named = {row["login"]: row["student"] for row in json.loads(out)["rows"]}
    assert named == {"ada": "Ada Lovelace", "fhopper": "FAY", "bob": "Bob X"}
    _status, out, _err = call(capsys, "report", "--gradebook", "--format", "json", *base)
    rows = json.loads(out)["students"]
    assert {row["login"]: row["student"] for row in rows} == named
    _status, out, _err = call(capsys, "report", "--gradebook", *base)
    assert "Ada Lovelace" in out and "ADA LOVELACE" not in out
