"""``report --gradebook``: one row per student (on time, late, absent), one column per
assignment, in text, json, and csv with the identifier columns a course site's import matches
on (Canvas's Student, ID, SIS User ID, SIS Login ID, Section; Moodle maps SIS Login ID to the
username); extensions; a csv refused while the course's files are broken; a lesson failing its
check keeps its assignment and points, its own problem named (exit status 1)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from lessons.progress.export import export_text
from lessons.progress.records import Completion
from lessons.shown_time import with_zone
from tests.cli.course_kit import DUE, EARLY, LESSON, as_csv, as_json, done, export, roster, squeezed
from tests.cli.inproc import call


def book(course: Path, *argv: str) -> list[str]:
    return ["--gradebook", "--lessons-dir", str(course), "--only-course", *argv]


def extend(course: Path, *grants: tuple[str, str, datetime]) -> None:
    """extensions.toml granting each (student, assignment, due)."""
    (course / "extensions.toml").write_text(
        "".join(
            f'[[extension]]\nstudent = "{who}"\nassignment = "{what}"\ndue = "{due.isoformat()}"\n'
            for who, what, due in grants
        ),
        encoding="utf-8",
    )


def test_the_gradebook_in_csv_text_and_json(
    course: Path, files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Beta's 2 points late count at half; a student only on the roster is missing; a roster
    name without a login leaves the login column empty (a login is kept); canvas's layout has
    scores only and the points possible; without a course, a usage error."""
    names = roster(tmp_path, "Ada Lovelace", "Bob", "Cy", "Eve Absent")
    status, table, err = as_csv(capsys, *book(course, "--roster", names, *files))
    assert status == 0, err
    assert table[0] == [
        "Student", "ID", "SIS User ID", "SIS Login ID", "Section",
        "week1 (out of 4)", "week1 status",  # Moodle's import has no maximum column
    ]  # fmt: skip
    assert table[1:] == [
        ["Ada Lovelace", "", "", "ada", "", "4", "on-time"],
        ["Bob", "", "", "bob", "", "3", "late"],
        ["Cy", "", "", "Cy", "", "0", "missing"],
        ["Eve Absent", "", "", "", "", "0", "missing"],
    ]
    _status, out, _err = call(capsys, "report", *book(course, "--roster", names, *files))
    expected = {"Ada Lovelace ada 4/4 on time", "Bob bob 3/4 late", "Eve Absent 0/4 missing"}
    assert expected <= set(squeezed(out)), out
    _status, data, _err = as_json(capsys, *book(course, "--roster", names, *files))
    week1 = data["assignments"][0]
    assert (week1["id"], week1["late_credit"]) == ("week1", 0.5)
    grades = {
        s["student"]: (s["login"], s["grades"]["week1"]["status"], s["grades"]["week1"]["score"])
        for s in data["students"]
    }
    assert grades["Ada Lovelace"] == ("ada", "on-time", 4) and grades["Bob"] == ("bob", "late", 3)
    assert grades["Eve Absent"][0] == "" and grades["Cy"][0] == "Cy"
    status, table, _err = as_csv(capsys, "--lms", "canvas", *book(course, *files))
    assert status == 0
    assert table[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "week1"]
    assert table[1] == ["    Points Possible", "", "", "", "", "4"]
    assert table[2:] == [["Ada Lovelace", "", "", "ada", "", "4"], ["Bob", "", "", "bob", "", "3"]]
    status, _out, err = call(capsys, "report", "--gradebook", *files)
    assert status == 2 and "--gradebook needs a course" in err
    status, _out, err = call(capsys, "report", "--gradebook", "--students", *files)
    assert status == 2 and "three views" in err


def test_an_extension_makes_the_late_student_on_time_and_the_text_fits_80_columns(
    course: Path, files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The csv grades Bob on time; the text names the extended due date with its zone on a
    line of its own under his row, under the assignment's column."""
    extend(course, ("bob", "week1", DUE + timedelta(days=1)))
    status, table, _err = as_csv(capsys, *book(course, *files))
    assert status == 0 and ["Bob", "", "", "bob", "", "4", "on-time"] in table
    _status, out, _err = call(capsys, "report", "--gradebook", "--lessons-dir", str(course), *files)
    later_time = with_zone(DUE + timedelta(days=1))
    lines = out.splitlines()
    (row,) = [line for line in lines if line.startswith("  Bob ")]
    assert row.split()[2:] == ["4/4", "on", "time,", "extended"]
    note = lines[lines.index(row) + 1]
    assert note.strip() == f"week1 extended to {later_time}"
    assert note.index("week1") == row.index("4/4")
    # Two assignments with titles, Bob Byron extended in both: the text fits 80 columns.
    folder = tmp_path / "titled"
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
    extend(folder, ("bob", "week1", later), ("bob", "week2", later + timedelta(days=3)))
    bob = tmp_path / "bob.json"
    bob.write_text(
        export_text({"alpha": done(DUE), "beta": done(DUE)}, {}, student="Bob Byron", login="bob"),
        encoding="utf-8",
    )
    status, out, err = call(capsys, "report", *book(folder, str(bob)))
    assert status == 0, err
    assert sum("extended to" in line for line in out.splitlines()) == 2
    assert max(len(line) for line in out.splitlines()) <= 80, out


def test_work_not_due_yet_is_an_empty_cell_in_every_csv_layout(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 0 imported mid-course is a zero a week early: week 2 (not due) is empty in the
    moodle and canvas layouts, done or not; week 1 (due) keeps its points, a missing
    student's 0 too; the text and json say "not due yet" (``not-due-yet``)."""
    toml = course / "course.toml"
    later = (datetime.now().astimezone() + timedelta(days=7)).replace(microsecond=0)
    toml.write_text(
        toml.read_text().replace('lessons = ["alpha", "beta"]', 'lessons = ["alpha"]')
        + f'\n[[assignment]]\nid = "week2"\nlessons = ["beta"]\ndue = "{later.isoformat()}"\n',
        encoding="utf-8",
    )
    cy = export(tmp_path, "Cy", "cy", {})
    ada = export(tmp_path, "Ada Lovelace", "ada", {"alpha": done(EARLY), "beta": done(EARLY)})
    argv = book(course, str(ada), str(cy))
    _status, table, _err = as_csv(capsys, *argv)
    assert table[1:] == [
        ["Ada Lovelace", "", "", "ada", "", "2", "on-time", "2", "on-time"],
        ["Cy", "", "", "cy", "", "0", "missing", "", "not-due-yet"],
    ]
    _status, table, _err = as_csv(capsys, *argv, "--lms", "canvas")
    assert table[2:] == [["Ada Lovelace", "", "", "ada", "", "2", "2"],
                         ["Cy", "", "", "cy", "", "0", ""]]  # fmt: skip
    _status, out, _err = call(capsys, "report", *argv)
    assert "Cy cy 0/2 missing 0/2 not due yet" in squeezed(out)
    _status, data, _err = as_json(capsys, *argv)
    grades = {s["login"]: s["grades"]["week2"] for s in data["students"]}
    assert grades["cy"] == {**grades["cy"], "score": 0, "status": "not-due-yet"}


def test_an_extension_that_names_no_student_is_a_problem(
    course: Path, files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An extension for a name no file nor roster line carries reaches nobody: the gradebook
    (each format) and the class report say so at its line (exit status 1); one naming a
    login, a name of the files or a roster line is no problem; without a roster, a warning."""
    later = DUE + timedelta(days=1)
    extend(course, *((who, "week1", later) for who in ("bob", "ada lovelace", "Cy", "Eve Evans")))
    base = ["--lessons-dir", str(course), "--only-course"]
    base += ["--roster", roster(tmp_path, "Ada Lovelace", "Bob", "Cy")]
    said = (
        f"{course / 'extensions.toml'}:13: the extension of week1 for 'Eve Evans' matches no "
        "student in these files or the roster"
    )
    for view in (["--gradebook"], ["--gradebook", "--format", "csv"], []):
        status, _out, err = call(capsys, "report", *base, *view, *files)
        assert status == 1, view
        problems = [line for line in err.splitlines() if "matches no student" in line]
        assert len(problems) == 1 and said in problems[0], err
    status, data, _err = as_json(capsys, *base, "--gradebook", *files)
    (problem,) = data["problems"]
    assert status == 1 and said in problem
    # Without a roster the student may not have begun: the gradebook warns, exit status 0.
    status, _out, err = call(capsys, "report", *book(course, *files))
    warned = [line for line in err.splitlines() if "matches no student" in line]
    # (Cy was matched by the roster line alone: without it, he is warned of too.)
    assert status == 0 and len(warned) == 2, err
    assert "'Cy'" in warned[0] and "'Eve Evans'" in warned[1], err
    status, data, _err = as_json(capsys, *book(course, *files))
    assert status == 0 and not data["problems"]
    assert any("'Eve Evans'" in line for line in data["warnings"])
    # A class report of some students' files, without a roster, doubts no extension.
    _status, _out, err = call(capsys, "report", *book(course, *files)[1:])
    assert "matches no student" not in err, err
    eve = export(tmp_path, "Eve Evans", "eve", {"alpha": done(DUE)})  # the name reaches her
    status, _out, err = call(capsys, "report", *base, "--gradebook", *files, str(eve))
    assert status == 0 and "matches no student" not in err, err


def test_one_header_rule_all_titles_or_all_ids(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """All titles when each fits its column, else all ids (the lines above the table give
    each id its title): a long title keeps the table narrow; the csv's columns stay the ids."""
    toml = course / "course.toml"
    columns = as_csv(capsys, *book(course, *files))[1][0]
    long = "Week 1: diagonals, sums and differences on the chessboard"
    calendars = [(toml.read_text().replace('"Week 1"', f'"{long}"'), {"week1": long}, ["week1"])]
    for first, heads in (("Week 1: diagonals and sums", ["wk1", "wk2"]), ("W1", ["W1", "W2"])):
        two = "".join(
            f'[[assignment]]\nid = "{key}"\ntitle = "{title}"\nlessons = ["{lesson}"]\n'
            f'due = "{DUE.isoformat()}"\n'
            for key, title, lesson in (("wk1", first, "alpha"), ("wk2", "W2", "beta"))
        )
        calendars.append((two, {"wk1": first, "wk2": "W2"}, heads))
    for text, titles, heads in calendars:
        toml.write_text(text, encoding="utf-8")
        _status, out, _err = call(capsys, "report", *book(course, *files))
        lines = out.splitlines()
        (head,) = [line for line in lines if line.split()[:2] == ["Student", "Login"]]
        assert head.split()[2:] == heads
        assert max(map(len, lines[lines.index(head) :])) < 60
        for key, title in titles.items():
            assert any(line.strip().startswith(f"{title} ({key}): due ") for line in lines)
        if "wk1" not in titles:  # a new title: the import's columns are as they were
            assert as_csv(capsys, *book(course, *files))[1][0] == columns


def test_students_says_which_run_counts_beside_the_latest_runs_answers(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Under the lesson's heading: what counts of it for each student and when it was earned,
    though her file keeps only the latest (late) run's answers."""
    late = DUE + timedelta(hours=5)
    record = done(late)
    record.completions = [Completion(EARLY.timestamp(), 1), Completion(late.timestamp(), 2)]
    fay = export(tmp_path, "Fay Chen", "fay", {"alpha": record})
    argv = ["report", "--students", "--lessons-dir", str(course), "--only-course", str(fay)]
    _status, out, _err = call(capsys, *argv)
    lines = out.splitlines()
    heading = lines.index("Answers in Lesson alpha (alpha)")
    assert lines[heading + 1].strip() == (
        f"Fay Chen counts 1/2 on time, earned {with_zone(EARLY)}, by an earlier run whose "
        "answers her file does not keep (made before they were kept): the answers below are "
        "the latest run's, with the earlier runs' misses"
    )


def test_the_gradebook_names_the_students_not_on_the_roster(
    course: Path, files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As the class report does, in text and json; the csv keeps his row, importable; without
    a roster, no key."""
    names = roster(tmp_path, "Ada Lovelace", "Cy")
    argv = book(course, "--roster", names, *files)
    status, out, err = call(capsys, "report", *argv)
    assert status == 0 and "Not on the roster (1): Bob" in out.splitlines(), err
    _status, data, _err = as_json(capsys, *argv)
    assert data["not_on_roster"] == ["Bob"]
    _status, table, _err = as_csv(capsys, *argv)
    assert ["Bob", "", "", "bob", "", "3", "late"] in table
    _status, data, _err = as_json(capsys, *book(course, *files))
    assert "not_on_roster" not in data


def test_no_import_csv_while_the_course_files_are_broken(
    course: Path, files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A broken extensions.toml, or a typo dropping an assignment: the csv (each layout) is
    refused at the file's line (exit status 2); the text and json show what is left, with the
    problem; no assignment readable is said so, not "needs a course"."""
    extensions = course / "extensions.toml"
    extensions.write_text(
        '[[extension]\nstudent = "bob"\nassignment = "week1"\ndue = "2099-01-01"\n',
        encoding="utf-8",
    )
    for lms in ([], ["--lms", "canvas"]):
        status, out, err = call(capsys, "report", "--format", "csv", *lms, *book(course, *files))
        assert status == 2 and out == ""
        assert f"{extensions}:1: not valid TOML" in err
        assert "no file for a grade import is written until it is fixed" in " ".join(err.split())
    status, data, err = as_json(capsys, *book(course, *files))
    assert status == 1 and any("not valid TOML" in p for p in data["problems"])
    extensions.unlink()
    toml = course / "course.toml"
    good = toml.read_text(encoding="utf-8")
    second = '\n[[assignment]]\nid = "week2"\ntitle = "Week 2"\nlesons = ["beta"]\n'
    toml.write_text(good + second + 'due = "2099-01-01"\n', encoding="utf-8")
    status, out, err = call(capsys, "report", "--format", "csv", *book(course, *files))
    assert status == 2 and out == "" and f"{toml}:" in err
    assert "an assignment or an extension it gives may be lost" in " ".join(err.split())
    status, out, err = call(capsys, "report", *book(course, *files))
    assert status == 1 and "Week 1" in out
    toml.write_text(good.replace("lessons =", "lesons ="), encoding="utf-8")
    status, out, err = call(capsys, "report", "--format", "csv", *book(course, *files))
    assert status == 2 and "--gradebook needs a course" not in err
    assert "no assignment of the course can be read" in " ".join(err.split())


BROKEN = """\
@lesson beta
@title Lesson beta

@page Board
@board n=4 algorithm=iterative
@expect solutions = 3

@quiz Quiz
@question number
prompt: How many?
answer: 2
@end
"""


@pytest.fixture
def broken(course: Path) -> Path:
    (course / "21-beta.md").write_text(BROKEN, encoding="utf-8")
    return course


def test_a_lesson_failing_its_check_keeps_its_assignment_in_the_gradebook(
    broken: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ada = export(tmp_path, "Ada", "ada", {"alpha": done(DUE), "beta": done(DUE)})
    argv = ["--gradebook", "--lessons-dir", str(broken), "--only-course", str(ada)]
    status, table, err = as_csv(capsys, *argv)
    (week1,) = [name for name in table[0] if name.startswith("week1 (out of ")]
    assert table[1][table[0].index(week1)] == "4"  # beta's points still count
    assert status == 1
    assert "does not pass its check" in err and "21-beta.md:6" in err
    status, data, _err = as_json(capsys, *argv)
    assert [a["id"] for a in data["assignments"]] == ["week1"]
    assert data["assignments"][0]["lessons"] == ["alpha", "beta"]
    assert any("does not pass its check" in problem for problem in data["problems"])


@pytest.mark.parametrize(
    "text", [BROKEN, "@lesson beta\n@title B\n@bogus\n"], ids=["check", "syntax"]
)
def test_lessons_check_names_the_lessons_own_problem(
    course: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    """Failing its ``@expect`` (at its line) or its syntax (known by its @lesson line)."""
    (course / "21-beta.md").write_text(text, encoding="utf-8")
    status, out, _err = call(capsys, "lessons", "check", str(course))
    assert status == 1
    course_lines = [line for line in out.splitlines() if "course.toml" in line]
    assert course_lines and all("there is no lesson" not in line for line in course_lines)
    assert "'beta' does not pass its check" in course_lines[0]
    assert text != BROKEN or "21-beta.md:6" in course_lines[0]


def test_a_lesson_failing_only_its_check_keeps_its_points_in_the_gradebook(
    broken: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Files that do not describe their lessons: a lesson failing its ``@expect`` keeps its
    file's maximum (no '2/0'), and the report does not ask for the folder it was given."""
    path = tmp_path / "bare.json"
    path.write_text(
        export_text({"alpha": done(DUE), "beta": done(DUE, 1)}, {}, student="Ada", login="ada"),
        encoding="utf-8",
    )
    argv = ["--gradebook", "--lessons-dir", str(broken), "--only-course", str(path)]
    _status, data, err = as_json(capsys, *argv)
    grades = data["students"][0]["grades"]["week1"]
    assert grades["max_score"] == 3  # alpha's 2 and beta's 1
    assert "give their folder with --lessons-dir" not in err
    table = as_csv(capsys, *argv, "--lms", "canvas")[1]
    possible = next(row for row in table if row[0].strip() == "Points Possible")
    assert possible[-1] == "3"
