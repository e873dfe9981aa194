"""``report --gradebook``: a course with an assignment due in the past, one student on time, one
late and one absent; one row per student, one column per assignment, in text, json, and csv
with the identifier columns a course site's import matches on (Canvas's Student, ID, SIS User
ID, SIS Login ID, Section; Moodle maps SIS Login ID to the username)."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from lessons.progress.export import LessonInfo, export_text
from lessons.progress.records import Completion, LessonRecord, QuestionRecord
from tests.cli.inproc import call

LESSON = """\
@lesson {id}
@title Lesson {id}

@quiz Quiz
@question number
prompt: How many solutions has n = 4?
answer: 2
@end
@question number
prompt: How many solutions has n = 5?
answer: 10
@end
"""
DUE = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=2)


def done(at: datetime, points: int = 2) -> LessonRecord:
    answers = {
        f"0.{n}": QuestionRecord(True, 1, scored=True, points=1, at=at.timestamp())
        for n in range(points)
    }
    record = LessonRecord(page=0, completed=True, best_score=points, max_score=2, runs=1)
    record.answers = answers
    record.updated = at.timestamp()
    record.completions = [Completion(at.timestamp(), points)]
    return record


@pytest.fixture
def course(tmp_path: Path) -> Path:
    folder = tmp_path / "course"
    folder.mkdir()
    for name in ("alpha", "beta"):
        number = 20 if name == "alpha" else 21
        (folder / f"{number}-{name}.md").write_text(LESSON.format(id=name), encoding="utf-8")
    (folder / "course.toml").write_text(
        "[[assignment]]\n"
        'id = "week1"\ntitle = "Week 1"\nlessons = ["alpha", "beta"]\n'
        f'due = "{DUE.isoformat()}"\nlate_credit = 0.5\n',
        encoding="utf-8",
    )
    return folder


def export(folder: Path, name: str, login: str, records: dict[str, LessonRecord]) -> Path:
    info = {key: LessonInfo(f"Lesson {key}", 1, 2) for key in records}
    path = folder / f"{login}.json"
    path.write_text(export_text(records, info, student=name, login=login), encoding="utf-8")
    return path


@pytest.fixture
def files(tmp_path: Path) -> list[str]:
    early, late = DUE - timedelta(hours=5), DUE + timedelta(hours=5)
    ada = export(tmp_path, "Ada Lovelace", "ada", {"alpha": done(early), "beta": done(early)})
    bob_early = early + timedelta(minutes=7)
    bob = export(tmp_path, "Bob", "bob", {"alpha": done(bob_early), "beta": done(late)})
    return [str(ada), str(bob)]


def test_the_gradebook_csv_has_one_row_per_student_and_the_import_columns(
    course: Path, files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = tmp_path / "roster.txt"
    roster.write_text("Ada Lovelace\nBob\nCy\n", encoding="utf-8")
    argv = ["report", "--gradebook", "--format", "csv", "--lessons-dir", str(course)]
    argv += ["--only-course", "--roster", str(roster), *files]
    status, out, err = call(capsys, *argv)
    assert status == 0, err
    table = list(csv.reader(io.StringIO(out)))
    assert table[0] == [
        "Student", "ID", "SIS User ID", "SIS Login ID", "Section",
        "week1 (out of 4)", "week1 status",  # Moodle's import has no maximum column
    ]  # fmt: skip
    assert table[1:] == [
        ["Ada Lovelace", "", "", "ada", "", "4", "on-time"],
        ["Bob", "", "", "bob", "", "3", "late"],  # beta's 2 points late, at half
        ["Cy", "", "", "Cy", "", "0", "missing"],
    ]


def test_the_canvas_layout_has_scores_only_and_points_possible(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["report", "--gradebook", "--format", "csv", "--lms", "canvas"]
    status, out, _err = call(capsys, *argv, "--lessons-dir", str(course), "--only-course", *files)
    assert status == 0
    table = list(csv.reader(io.StringIO(out)))
    assert table[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "week1"]
    assert table[1] == ["    Points Possible", "", "", "", "", "4"]
    assert table[2:] == [["Ada Lovelace", "", "", "ada", "", "4"], ["Bob", "", "", "bob", "", "3"]]


def test_the_gradebook_in_text_and_json(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["report", "--gradebook", "--lessons-dir", str(course), "--only-course", *files]
    status, out, _err = call(capsys, *base)
    assert status == 0
    lines = [" ".join(line.split()) for line in out.splitlines()]
    assert "Ada Lovelace ada 4/4 on time" in lines
    assert "Bob bob 3/4 late" in lines
    status, out, _err = call(capsys, *base, "--format", "json")
    data = json.loads(out)
    assert data["assignments"][0]["id"] == "week1" and data["assignments"][0]["late_credit"] == 0.5
    grades = {s["login"]: s["grades"]["week1"] for s in data["students"]}
    assert grades["ada"]["status"] == "on-time" and grades["ada"]["score"] == 4
    assert grades["bob"]["status"] == "late" and grades["bob"]["score"] == 3


def test_an_extension_makes_the_late_student_on_time(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    later = (DUE + timedelta(days=1)).isoformat()
    (course / "extensions.toml").write_text(
        f'[[extension]]\nstudent = "bob"\nassignment = "week1"\ndue = "{later}"\n',
        encoding="utf-8",
    )
    argv = ["report", "--gradebook", "--format", "csv", "--lessons-dir", str(course)]
    status, out, _err = call(capsys, *argv, "--only-course", *files)
    assert status == 0
    assert ["Bob", "", "", "bob", "", "4", "on-time"] in list(csv.reader(io.StringIO(out)))
    # the text names the extension's due date with its zone, as the header names the course's
    #
    _status, out, _err = call(capsys, *argv[:2], "--lessons-dir", str(course), *files)
    from lessons.shown_time import with_zone

    later_time = with_zone(DUE + timedelta(days=1))
    assert f"extended to {later_time}" in " ".join(out.split())
    # ... on a line of its own under Bob's row, which stays short: a gradebook of two
    # assignments with an extension in each fits 80 columns
    lines = out.splitlines()
    (row,) = [line for line in lines if line.startswith("  Bob ")]
    assert row.split()[2:] == ["4/4", "on", "time,", "extended"]
    note = lines[lines.index(row) + 1]
    assert note.strip() == f"week1 extended to {later_time}"
    assert note.index("week1") == row.index("4/4")  # under the assignment's column


def test_a_text_gradebook_with_extensions_fits_80_columns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The course: two assignments with titles, Bob Byron extended in both."""
    folder = tmp_path / "course"
    folder.mkdir()
    for number, name in ((10, "alpha"), (11, "beta")):
        (folder / f"{number}-{name}.md").write_text(LESSON.format(id=name), encoding="utf-8")
    later = DUE + timedelta(days=30)
    (folder / "course.toml").write_text(
        '[[assignment]]\nid = "week1"\ntitle = "Week 1: diagonals"\nlessons = [10]\n'
        f'due = "{DUE.isoformat()}"\n\n'
        '[[assignment]]\nid = "week2"\ntitle = "Week 2: counting"\nlessons = [11]\n'
        f'due = "{later.isoformat()}"\n',
        encoding="utf-8",
    )
    (folder / "extensions.toml").write_text(
        f'[[extension]]\nstudent = "bob"\nassignment = "week1"\ndue = "{later.isoformat()}"\n'
        f'[[extension]]\nstudent = "bob"\nassignment = "week2"\n'
        f'due = "{(later + timedelta(days=3)).isoformat()}"\n',
        encoding="utf-8",
    )
    export = tmp_path / "bob.json"
    export.write_text(
        export_text({"alpha": done(DUE), "beta": done(DUE)}, {}, student="Bob Byron", login="bob"),
        encoding="utf-8",
    )
    status, out, err = call(
        capsys, "report", "--gradebook", "--lessons-dir", str(folder), "--only-course", str(export)
    )
    assert status == 0, err
    assert sum("extended to" in line for line in out.splitlines()) == 2
    assert max(len(line) for line in out.splitlines()) <= 80, out


def test_without_a_course_the_gradebook_is_a_usage_error(
    files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, _out, err = call(capsys, "report", "--gradebook", *files)
    assert status == 2 and "--gradebook needs a course" in err
    status, _out, err = call(capsys, "report", "--gradebook", "--students", *files)
    assert status == 2 and "three views" in err


def test_a_new_title_keeps_the_import_columns(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The csv column is the assignment's id, not its title."""
    argv = ["report", "--gradebook", "--format", "csv", "--lessons-dir", str(course)]
    _status, before, _err = call(capsys, *argv, "--only-course", *files)
    toml = course / "course.toml"
    toml.write_text(toml.read_text().replace('"Week 1"', '"Week one: the problem"'))
    _status, after, _err = call(capsys, *argv, "--only-course", *files)
    assert before.splitlines()[0] == after.splitlines()[0]
    assert "week1 status" in after.splitlines()[0]


def test_status_values_say_what_the_text_says(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Not yet due is ``not-due-yet`` (was ``open``) in csv and json."""
    toml = course / "course.toml"
    later = (datetime.now().astimezone() + timedelta(days=3)).replace(microsecond=0)
    toml.write_text(toml.read_text().replace(DUE.isoformat(), later.isoformat()))
    roster = course.parent / "cy.txt"
    roster.write_text("Cy\n", encoding="utf-8")
    argv = ["report", "--gradebook", "--format", "csv", "--lessons-dir", str(course)]
    _status, out, _err = call(capsys, *argv, "--only-course", "--roster", str(roster), *files)
    assert ["Cy", "", "", "Cy", "", "", "not-due-yet"] in list(csv.reader(io.StringIO(out)))


def test_work_not_due_yet_is_an_empty_cell_in_every_csv_layout(
    course: Path, files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 0 in a not-yet-due cell, imported mid-course, is a zero in the
    course site a week early. Week 2 (not due for a week) is empty in the moodle and canvas
    layouts, done or not, while week 1 (due) keeps its points, a missing student's 0 too; the
    text and json still say "not due yet"."""
    toml = course / "course.toml"
    later = (datetime.now().astimezone() + timedelta(days=7)).replace(microsecond=0)
    toml.write_text(
        toml.read_text().replace('lessons = ["alpha", "beta"]', 'lessons = ["alpha"]')
        + f'\n[[assignment]]\nid = "week2"\nlessons = ["beta"]\ndue = "{later.isoformat()}"\n',
        encoding="utf-8",
    )
    early = DUE - timedelta(hours=5)
    cy = export(tmp_path, "Cy", "cy", {})
    ada = export(tmp_path, "Ada Lovelace", "ada", {"alpha": done(early), "beta": done(early)})
    argv = ["report", "--gradebook", "--lessons-dir", str(course), "--only-course", str(ada)]
    argv.append(str(cy))
    _status, out, _err = call(capsys, *argv, "--format", "csv")
    assert list(csv.reader(io.StringIO(out)))[1:] == [
        ["Ada Lovelace", "", "", "ada", "", "2", "on-time", "2", "on-time"],
        ["Cy", "", "", "cy", "", "0", "missing", "", "not-due-yet"],
    ]
    _status, out, _err = call(capsys, *argv, "--format", "csv", "--lms", "canvas")
    assert list(csv.reader(io.StringIO(out)))[2:] == [
        ["Ada Lovelace", "", "", "ada", "", "2", "2"],
        ["Cy", "", "", "cy", "", "0", ""],
    ]
    _status, out, _err = call(capsys, *argv)
    assert "Cy cy 0/2 missing 0/2 not due yet" in [
        " ".join(line.split()) for line in out.splitlines()
    ]
    _status, out, _err = call(capsys, *argv, "--format", "json")
    grades = {s["login"]: s["grades"]["week2"] for s in json.loads(out)["students"]}
    assert grades["cy"] == {**grades["cy"], "score": 0, "status": "not-due-yet"}


def test_a_roster_name_without_a_login_leaves_the_login_column_empty(
    course: Path, files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``Eve Absent`` (a name, no file) went into ``SIS Login ID``,
    the column the course site's import matches accounts on."""
    roster = tmp_path / "roster.txt"
    roster.write_text("Ada Lovelace\nbob\nEve Absent\ndan\n", encoding="utf-8")
    argv = ["report", "--gradebook", "--lessons-dir", str(course), "--only-course"]
    argv += ["--roster", str(roster), *files]
    status, out, err = call(capsys, *argv, "--format", "csv")
    assert status == 0, err
    rows = {row[0]: row for row in csv.reader(io.StringIO(out))}
    assert rows["Eve Absent"] == ["Eve Absent", "", "", "", "", "0", "missing"]
    assert rows["dan"] == ["dan", "", "", "dan", "", "0", "missing"]  # a login: kept
    assert rows["Ada Lovelace"][3] == "ada" and rows["Bob"][3] == "bob"  # one row each
    status, out, _err = call(capsys, *argv)
    lines = [" ".join(line.split()) for line in out.splitlines()]
    assert "Eve Absent 0/4 missing" in lines, out
    status, out, _err = call(capsys, *argv, "--format", "json")
    logins = {s["student"]: s["login"] for s in json.loads(out)["students"]}
    assert logins["Eve Absent"] == "" and logins["dan"] == "dan"


def test_an_extension_that_names_no_student_is_a_problem(
    course: Path, files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The teacher writes the name she knows ("Eve Evans") while Eve's
    files carry another (eve): the extension reaches nobody, and the gradebook, in each
    format, and the class report say so (exit status 1) at its line; one that names a
    student by her login, a name of her files or a roster line is no problem."""
    later = (DUE + timedelta(days=1)).isoformat()
    given = "".join(
        f'[[extension]]\nstudent = "{who}"\nassignment = "week1"\ndue = "{later}"\n\n'
        for who in ("bob", "ada lovelace", "Cy", "Eve Evans")
    )
    (course / "extensions.toml").write_text(given, encoding="utf-8")
    roster = tmp_path / "roster.txt"
    roster.write_text("Ada Lovelace\nBob\nCy\n", encoding="utf-8")
    base = ["report", "--lessons-dir", str(course), "--only-course", "--roster", str(roster)]
    said = (
        f"{course / 'extensions.toml'}:16: the extension of week1 for 'Eve Evans' matches no "
        "student in these files or the roster"
    )
    for view in (["--gradebook"], ["--gradebook", "--format", "csv"], []):
        status, _out, err = call(capsys, *base, *view, *files)
        assert status == 1, view
        problems = [line for line in err.splitlines() if "matches no student" in line]
        assert len(problems) == 1 and said in problems[0], err
    status, out, _err = call(capsys, *base, "--gradebook", "--format", "json", *files)
    assert status == 1
    (problem,) = json.loads(out)["problems"]
    assert said in problem
    # Without a roster the student may not have begun: the gradebook warns, exit status 0.
    no_list = ["report", "--lessons-dir", str(course), "--only-course", "--gradebook"]
    status, _out, err = call(capsys, *no_list, *files)
    warned = [line for line in err.splitlines() if "matches no student" in line]
    # (Cy was matched by the roster line alone: without it, he is warned of too.)
    assert status == 0 and len(warned) == 2, err
    assert "'Cy'" in warned[0] and "'Eve Evans'" in warned[1], err
    status, out, _err = call(capsys, *no_list, "--format", "json", *files)
    data = json.loads(out)
    assert status == 0 and not data["problems"]
    assert any("'Eve Evans'" in line for line in data["warnings"])
    # A class report of some students' files, without a roster, doubts no extension.
    no_roster = ["report", "--lessons-dir", str(course), "--only-course"]
    status, _out, err = call(capsys, *no_roster, *files)
    assert "matches no student" not in err, err
    # Eve's file under her name: the same extension reaches her, no problem.
    eve = export(tmp_path, "Eve Evans", "eve", {"alpha": done(DUE)})
    status, _out, err = call(capsys, *base, "--gradebook", *files, str(eve))
    assert status == 0 and "matches no student" not in err, err


def test_a_long_assignment_title_heads_its_column_by_id_in_the_terminal(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A title wider than its column's cells made the table 137 columns
    wide; the column is headed by the id (the line above the table gives its title), a short
    title stays."""
    toml = course / "course.toml"
    long = "Week 1: diagonals, sums and differences on the chessboard"
    toml.write_text(toml.read_text().replace('title = "Week 1"', f'title = "{long}"'))
    argv = ["report", "--gradebook", "--lessons-dir", str(course), "--only-course", *files]
    _status, out, _err = call(capsys, *argv)
    lines = out.splitlines()
    table = lines[lines.index("Gradebook") + 2 :]
    assert table[0].split() == ["Student", "Login", "week1"]
    assert max(map(len, table)) < 60
    assert any(line.strip().startswith(f"{long} (week1): due ") for line in lines)


def test_one_header_rule_all_titles_or_all_ids(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``Week 1: diagonals`` headed one column and ``wk2`` the next. One
    rule for the whole header: all titles when each fits its column, else all ids (the lines
    above the table give each id its title)."""
    toml = course / "course.toml"

    def calendar(first: str) -> None:
        toml.write_text(
            f'[[assignment]]\nid = "wk1"\ntitle = "{first}"\nlessons = ["alpha"]\n'
            f'due = "{DUE.isoformat()}"\n'
            '[[assignment]]\nid = "wk2"\ntitle = "W2"\nlessons = ["beta"]\n'
            f'due = "{DUE.isoformat()}"\n',
            encoding="utf-8",
        )

    argv = ["report", "--gradebook", "--lessons-dir", str(course), "--only-course", *files]
    for first, heads in (("Week 1: diagonals and sums", ["wk1", "wk2"]), ("W1", ["W1", "W2"])):
        calendar(first)
        _status, out, _err = call(capsys, *argv)
        lines = out.splitlines()
        table = lines[lines.index("Gradebook") + 3 :]
        assert table[0].split() == ["Student", "Login", *heads]
        assert any(line.strip().startswith(f"{first} (wk1): due ") for line in lines)
        assert any(line.strip().startswith("W2 (wk2): due ") for line in lines)


def test_students_says_which_run_counts_beside_the_latest_runs_answers(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--students showed only the latest (late) run's answers; the run
    that counts, on time, was invisible there. Under the lesson's heading: what counts of it
    for each student and when it was earned."""
    from lessons.shown_time import with_zone

    early, late = DUE - timedelta(hours=5), DUE + timedelta(hours=5)
    record = done(late)
    record.completions = [Completion(early.timestamp(), 1), Completion(late.timestamp(), 2)]
    fay = export(tmp_path, "Fay Chen", "fay", {"alpha": record})
    argv = ["report", "--students", "--lessons-dir", str(course), "--only-course", str(fay)]
    _status, out, _err = call(capsys, *argv)
    lines = out.splitlines()
    heading = lines.index("Answers in Lesson alpha (alpha)")
    # a record made before the runs' answers were kept says the run that counts is not in it
    #
    assert lines[heading + 1].strip() == (
        f"Fay Chen counts 1/2 on time, earned {with_zone(early)}, by an earlier run whose "
        "answers her file does not keep (made before they were kept): the answers below are "
        "the latest run's, with the earlier runs' misses"
    )


def test_the_gradebook_names_the_students_not_on_the_roster(
    course: Path, files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bob has a file and no roster line; ``report --roster`` says "Not on
    the roster (1): Bob" and the gradebook said nothing of it. Its text and json say it as the
    class report does; its csv keeps his row as any other, importable."""
    roster = tmp_path / "roster.txt"
    roster.write_text("Ada Lovelace\nCy\n", encoding="utf-8")
    argv = ["report", "--gradebook", "--lessons-dir", str(course), "--only-course"]
    argv += ["--roster", str(roster), *files]
    status, out, err = call(capsys, *argv)
    assert status == 0, err
    assert "Not on the roster (1): Bob" in out.splitlines()
    _status, out, _err = call(capsys, "report", "--roster", str(roster), *files)
    assert "Not on the roster (1): Bob" in out.splitlines()  # the same words
    _status, out, _err = call(capsys, *argv, "--format", "json")
    assert json.loads(out)["not_on_roster"] == ["Bob"]
    _status, out, _err = call(capsys, *argv, "--format", "csv")
    rows = {row[0]: row for row in csv.reader(io.StringIO(out))}
    assert rows["Bob"] == ["Bob", "", "", "bob", "", "3", "late"]
    # without a roster, no key: nobody is off a roster there is not
    argv = ["report", "--gradebook", "--lessons-dir", str(course), "--only-course", *files]
    _status, out, _err = call(capsys, *argv, "--format", "json")
    assert "not_on_roster" not in json.loads(out)


def test_no_import_csv_while_the_extensions_file_is_broken(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A broken extensions.toml still wrote a normal-looking import csv
    (the extended student graded late, exit status 1 the only sign). The csv is refused (exit
    2, the file's line said); the text and json still show the gradebook, with the problem."""
    (course / "extensions.toml").write_text(
        '[[extension]\nstudent = "bob"\nassignment = "week1"\ndue = "2099-01-01"\n',
        encoding="utf-8",
    )
    base = ["report", "--gradebook", "--lessons-dir", str(course), "--only-course", *files]
    for lms in ([], ["--lms", "canvas"]):
        status, out, err = call(capsys, *base, "--format", "csv", *lms)
        assert status == 2 and out == ""
        assert f"{course / 'extensions.toml'}:1: not valid TOML" in err
        assert "no file for a grade import is written until it is fixed" in " ".join(err.split())
    status, out, err = call(capsys, *base, "--format", "json")
    assert status == 1 and any("not valid TOML" in p for p in json.loads(out)["problems"])


def test_no_import_csv_while_a_typo_drops_an_assignment(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``lesons =`` for ``lessons =`` dropped an assignment, and
    ``--gradebook --format csv`` still wrote an import file without its column (exit status 1
    the only sign). The csv is refused, as for a broken extensions.toml; the text gradebook
    shows what is left, with the problem."""
    toml = course / "course.toml"
    good = toml.read_text(encoding="utf-8")
    second = '\n[[assignment]]\nid = "week2"\ntitle = "Week 2"\nlesons = ["beta"]\n'
    toml.write_text(good + second + 'due = "2099-01-01"\n', encoding="utf-8")
    base = ["report", "--gradebook", "--lessons-dir", str(course), "--only-course", *files]
    status, out, err = call(capsys, *base, "--format", "csv")
    assert status == 2 and out == ""
    assert f"{toml}:" in err
    assert "an assignment or an extension it gives may be lost" in " ".join(err.split())
    status, out, err = call(capsys, *base)
    assert status == 1 and "Week 1" in out
    # every assignment unreadable: said so, not "needs a course"
    toml.write_text(good.replace("lessons =", "lesons ="), encoding="utf-8")
    status, out, err = call(capsys, *base, "--format", "csv")
    assert status == 2 and "--gradebook needs a course" not in err
    assert "no assignment of the course can be read" in " ".join(err.split())
