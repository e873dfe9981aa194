"""One roster rule everywhere: a roster line is a student's when it is
their login or their display name. An export made with ``--name "Ada X"`` carries the login
``ada``: a roster of logins finds her in the class table, json, ``--students`` csv and the
gradebook alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.course_kit import DUE, as_csv, as_json, done, export
from tests.cli.course_kit import roster as roster_file
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


def test_logins_or_display_names_on_the_roster_match_in_every_view(
    course: Path,
    class_files: list[str],
    roster: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The class table, its json, the students' csv and the gradebook."""
    _status, out, _err = call(capsys, "report", "--roster", str(roster), *class_files)
    assert "No progress from 1 student on the roster: dave" in " ".join(out.split())
    assert "Not on the roster" not in out
    _status, data, _err = as_json(capsys, "--roster", str(roster), *class_files)
    assert data["absent"] == ["dave"] and data["not_on_roster"] == []
    _status, table, _err = as_csv(capsys, "--students", "--roster", str(roster), *class_files)
    students = {row[0] for row in table[1:] if row}
    assert "dave" in students
    assert not {"ada", "bob", "carol"} & students  # no empty "absent" rows for them
    names = roster_file(tmp_path, "Ada X", "bob", name="names.txt")
    _status, data, _err = as_json(capsys, "--roster", names, *class_files)
    assert data["absent"] == [] and data["not_on_roster"] == ["Carol X"]
    book = ["--gradebook", "--lessons-dir", str(course), "--only-course", "--roster", str(roster)]
    _status, table, _err = as_csv(capsys, *book, *class_files)
    assert sorted(row[3] for row in table[1:]) == ["ada", "bob", "carol", "dave"]


def test_a_row_is_named_as_the_roster_names_her(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
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
    named = {row["login"]: row["student"] for row in as_json(capsys, *base)[1]["rows"]}
    assert named == {"ada": "Ada Lovelace", "fhopper": "FAY", "bob": "Bob X"}
    rows = as_json(capsys, "--gradebook", *base)[1]["students"]
    assert {row["login"]: row["student"] for row in rows} == named
    _status, out, _err = call(capsys, "report", "--gradebook", *base)
    assert "Ada Lovelace" in out and "ADA LOVELACE" not in out
