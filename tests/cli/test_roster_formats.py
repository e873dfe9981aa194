"""Roster files: a ``login,name`` header or a course site's export; a line of two fields said as
a problem; repeated lines said; a tab shown as ␉; an absent student's login in the csv; a
missing roster named by its option. One rule everywhere: a roster line is a student's when it
is her login or her display name (a row is named as the roster names her)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest

from lessons.progress.export import LessonInfo, export_text
from tests.cli.course_kit import DUE, as_csv, as_json, done, export
from tests.cli.course_kit import roster as roster_file
from tests.cli.inproc import call


@pytest.fixture
def files(tmp_path: Path) -> list[str]:
    folder = tmp_path / "files"
    folder.mkdir()
    early = DUE - timedelta(hours=5)
    ada = export(folder, "Ada Lovelace", "ada", {"alpha": done(early), "beta": done(early)})
    # a served user: her login as her name
    cora = export(folder, "cora", "cora", {"alpha": done(early - timedelta(minutes=9))})
    return [str(ada), str(cora)]


Roster = Callable[[str, str], tuple[Path, list[str]]]


@pytest.fixture
def roster(course: Path, files: list[str], tmp_path: Path) -> Roster:
    """Write a roster (its text, its file name) and give it with the report's arguments: the
    course of its lessons folder and the students' files."""

    def write(text: str, name: str = "class.txt") -> tuple[Path, list[str]]:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        argv = ["--lessons-dir", str(course), "--only-course", "--roster", str(path), *files]
        return path, argv

    return write


def test_a_roster_with_a_login_and_name_header_gives_both(
    course: Path, roster: Roster, capsys: pytest.CaptureFixture[str]
) -> None:
    _path, base = roster(
        "# CS101\nlogin,name\nada,Ada Lovelace\ncora,Cora Chen\ndee,Dee Dunn\n", "class.csv"
    )
    (course / "extensions.toml").write_text(
        '[[extension]]\nstudent = "Dee Dunn"\nassignment = "week1"\n'
        f'due = "{(DUE + timedelta(days=9)).isoformat()}"\n',
        encoding="utf-8",
    )
    status, table, err = as_csv(capsys, "--gradebook", *base)
    assert status == 0, err
    rows = {row[0]: row for row in table[1:]}
    assert sorted(rows) == ["Ada Lovelace", "Cora Chen", "Dee Dunn"]  # no phantom, her name
    assert [rows[name][3] for name in sorted(rows)] == ["ada", "cora", "dee"]
    assert rows["Dee Dunn"][5:7] == ["", "not-due-yet"]  # her extension, by her name
    status, data, err = as_json(capsys, *base)
    assert data["absent"] == ["Dee Dunn"] and data["not_on_roster"] == []
    dee = [row for row in as_csv(capsys, *base)[1] if row and row[0] == "Dee Dunn"]
    assert dee and dee[0][1] == "dee"  # the login column, as the --students csv has it


def test_a_course_sites_export_is_a_roster_and_a_line_cut_in_a_quoted_name_left_out(
    roster: Roster, capsys: pytest.CaptureFixture[str]
) -> None:
    _path, base = roster(
        "Student,ID,SIS User ID,SIS Login ID,Section,week1\n"
        '"    Points Possible",,,,,4\n'
        '"Lovelace, Ada",1,,ada,,\n"Chen, Cora",2,,cora,,\n',
        "canvas.csv",
    )
    status, data, err = as_json(capsys, *base)
    assert status == 0, err
    assert data["absent"] == [] and data["not_on_roster"] == []
    assert {row["student"] for row in data["rows"]} == {"Chen, Cora", "Lovelace, Ada"}
    # A field over csv's limit (131,072 characters): that line is named, the rest read.
    path, base = roster(f'login,name\nada,"Ada {"x" * 140_000}\ncora,Cora Chen\n', "cut.csv")
    status, out, err = call(capsys, "report", "--format", "json", *base)
    assert status == 0, err[:400]
    assert f"{path}:2: not a row of the roster" in " ".join(err.split())
    data = json.loads(out)
    assert data["not_on_roster"] == ["Ada Lovelace"]
    assert {row["student"] for row in data["rows"]} == {"Ada Lovelace", "Cora Chen"}


def test_a_line_of_two_fields_taken_whole_is_a_problem(
    roster: Roster, capsys: pytest.CaptureFixture[str]
) -> None:
    _path, base = roster("ada, Ada Lovelace\ncora\tCora Chen\ndee  # absent\n")
    status, out, err = call(capsys, "report", "--gradebook", *base)
    assert status == 1
    said = " ".join(err.split())
    assert "roster line 1, 'ada, Ada Lovelace', names no student, but 'ada' in it is" in said
    assert "roster line 2" in said and "start the roster with the header line login,name" in said
    assert "cora␉Cora Chen" in out and "\t" not in out  # ␉ as in every view
    assert "dee  #" not in out and " dee " in out  # a comment after a space is a comment
    status, out, err = call(capsys, "report", "--gradebook", "--format", "csv", *base)
    assert (status, out) == (2, ""), err  # no import file that would grade made-up students
    assert "roster line 1" in err and "no file for a grade import" in " ".join(err.split())


@pytest.mark.parametrize("first", ["bob-sub,Bob Babbage", "ada,Ada Lovelace"])
def test_headerless_login_name_lines_are_each_a_problem_with_or_without_progress(
    roster: Roster, capsys: pytest.CaptureFixture[str], first: str
) -> None:
    _path, base = roster(f"{first}\ncy-sub,Cy Never\nBabbage, Charles\ncora\n")
    status, out, err = call(capsys, "report", "--gradebook", "--format", "csv", *base)
    assert (status, out) == (2, ""), err
    said = " ".join(err.split())
    for number, line in ((1, first), (2, "cy-sub,Cy Never")):
        assert f"roster line {number}, {line!r}, names no student" in said, said
    assert said.count("start the roster with the header line login,name") == 2, said
    assert "line 3" not in said and "line 4" not in said  # a name with a comma is one name


def test_a_name_with_a_comma_is_a_roster_line_as_any_name_and_a_repeated_line_said(
    roster: Roster, capsys: pytest.CaptureFixture[str]
) -> None:
    _path, base = roster("Ada Lovelace\nBabbage, Charles\nCurie, Marie\ncora\n")
    status, table, err = as_csv(capsys, "--gradebook", *base)
    assert status == 0 and "roster line" not in err, err
    assert {"Babbage, Charles", "Curie, Marie"} <= {row[0] for row in table[1:]}
    path, base = roster("Ada Lovelace\ncora\ndee\nCORA \nada\n", "again.txt")  # repeated lines
    status, out, err = call(capsys, "report", "--gradebook", *base)
    assert status == 0, err
    said = " ".join(err.split())
    assert f"{path}:4: 'CORA' repeats line 2: one student, counted once" in said
    assert "roster lines 1 ('Ada Lovelace') and 5 ('ada') name one student, Ada Lovelace" in said
    assert sum(" dee " in line or line.strip().startswith("dee") for line in out.splitlines()) == 1


def test_a_missing_roster_is_named_by_its_option(
    files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _out, err = call(capsys, "report", "--roster", str(tmp_path / "nope.txt"), *files)
    assert status == 2 and "--roster: no such file:" in err


def test_an_extension_for_nobody_without_a_roster_mentions_none(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    (course / "extensions.toml").write_text(
        '[[extension]]\nstudent = "zed"\nassignment = "week1"\n'
        f'due = "{(DUE + timedelta(days=9)).isoformat()}"\n',
        encoding="utf-8",
    )
    argv = ["report", "--gradebook", "--lessons-dir", str(course), "--only-course", *files]
    _status, _out, err = call(capsys, *argv)
    said = " ".join(err.split())
    assert "for 'zed' matches no student in these files: it reaches nobody" in said
    assert "roster" not in said


def test_students_json_rows_carry_the_login_as_the_csv_rows_do(
    files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``report --students``'s json answers carry the login as its csv rows do."""
    status, out, err = call(capsys, "report", "--students", "--format", "json", *files)
    assert status == 0, err
    answers = json.loads(out)["answers"]
    status, out, err = call(capsys, "report", "--students", "--format", "csv", *files)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert answers and len(answers) == len(rows)
    by_json = [(row["student"], row["login"], row["lesson"], row["question"]) for row in answers]
    by_csv = [(row["student"], row["login"], row["lesson"], int(row["question"])) for row in rows]
    assert by_json == by_csv
    assert {(row["student"], row["login"]) for row in answers} == {
        ("Ada Lovelace", "ada"),
        ("cora", "cora"),
    }
    assert list(answers[0])[:2] == ["student", "login"]  # beside the name, as in the csv


@pytest.fixture
def class_files(tmp_path: Path) -> list[str]:
    folder = tmp_path / "files"
    folder.mkdir()
    return [
        str(export(folder, f"{login.title()} X", login, {"alpha": done(DUE)}))
        for login in ("ada", "bob", "carol")
    ]


def test_logins_or_display_names_on_the_roster_match_in_every_view(
    course: Path, class_files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The class table, its json, the students' csv and the gradebook."""
    roster = roster_file(tmp_path, "ada", "bob", "carol", "dave", name="class.txt")
    _status, out, _err = call(capsys, "report", "--roster", roster, *class_files)
    assert "No progress from 1 student on the roster: dave" in " ".join(out.split())
    assert "Not on the roster" not in out
    _status, data, _err = as_json(capsys, "--roster", roster, *class_files)
    assert data["absent"] == ["dave"] and data["not_on_roster"] == []
    _status, table, _err = as_csv(capsys, "--students", "--roster", roster, *class_files)
    students = {row[0] for row in table[1:] if row}
    assert "dave" in students
    assert not {"ada", "bob", "carol"} & students  # no empty "absent" rows for them
    names = roster_file(tmp_path, "Ada X", "bob", name="names.txt")
    _status, data, _err = as_json(capsys, "--roster", names, *class_files)
    assert data["absent"] == [] and data["not_on_roster"] == ["Carol X"]
    book = ["--gradebook", "--lessons-dir", str(course), "--only-course", "--roster", roster]
    _status, table, _err = as_csv(capsys, *book, *class_files)
    assert sorted(row[3] for row in table[1:]) == ["ada", "bob", "carol", "dave"]


def test_a_row_is_named_as_the_roster_names_her(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As the roster writes her name (one of hers, ``also_named`` too), in the class table and
    the gradebook; a roster line that is her login leaves her export's name."""

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
    roster = roster_file(tmp_path, "Ada Lovelace", "FAY", "bob", name="class.txt")
    files = [str(ada), str(fay), str(bob)]
    base = ["--roster", roster, "--lessons-dir", str(course), "--only-course", *files]
    named = {row["login"]: row["student"] for row in as_json(capsys, *base)[1]["rows"]}
    assert named == {"ada": "Ada Lovelace", "fhopper": "FAY", "bob": "Bob X"}
    rows = as_json(capsys, "--gradebook", *base)[1]["students"]
    assert {row["login"]: row["student"] for row in rows} == named
    _status, out, _err = call(capsys, "report", "--gradebook", *base)
    assert "Ada Lovelace" in out and "ADA LOVELACE" not in out
