"""A teacher's slips in a course's calendar (a lesson twice, two extensions, a lesson in two
assignments, a TOML syntax error): one error each at its line, in our words (the column and what
to fix, never only the parser's sentence), and what is left is used."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from lessons.catalog import load_catalog
from lessons.course.reading import read_course
from tests.unit.lessons.test_course import LESSON


def folder_with(tmp_path: Path, course: str, extensions: str | None = None) -> Path:
    for number, key in ((20, "alpha"), (21, "beta"), (22, "gamma")):
        (tmp_path / f"{number}-{key}.md").write_text(LESSON.format(id=key), encoding="utf-8")
    (tmp_path / "course.toml").write_text(course, encoding="utf-8")
    if extensions is not None:
        (tmp_path / "extensions.toml").write_text(extensions, encoding="utf-8")
    return tmp_path


def read(folder: Path):  # type: ignore[no-untyped-def]
    catalog = load_catalog(None, [folder], only_course=True)
    return read_course(folder, catalog.find, catalog.find_failed)


def test_a_lesson_listed_twice_in_one_assignment_is_one_error_and_counts_once(
    tmp_path: Path,
) -> None:
    folder = folder_with(
        tmp_path, '[[assignment]]\nid = "w1"\nlessons = [20, "alpha", "20", 21]\ndue = 2026-03-06\n'
    )
    course, errors = read(folder)
    message = "lesson 'alpha' is listed more than once in assignment 'w1'; it counts once"
    assert [(e.file, e.line, e.message) for e in errors] == [
        (str(folder / "course.toml"), 3, message)
    ]
    (week,) = course.assignments
    assert week.lessons == ("alpha", "beta")


def test_two_extensions_for_one_student_and_assignment_are_an_error_the_first_kept(
    tmp_path: Path,
) -> None:
    folder = folder_with(
        tmp_path,
        '[[assignment]]\nid = "w1"\nlessons = [20]\ndue = 2026-03-06\n',
        '[[extension]]\nstudent = "bob"\nassignment = "w1"\ndue = 2026-03-20\n\n'
        '[[extension]]\nstudent = " Bob"\nassignment = "w1"\ndue = 2026-03-10\n\n'
        '[[extension]]\nstudent = "ada"\nassignment = "w1"\ndue = 2026-03-10\n',
    )
    course, errors = read(folder)
    assert [(e.file, e.line, e.message) for e in errors] == [
        (
            str(folder / "extensions.toml"),
            7,
            "student 'Bob' already has an extension of assignment 'w1' (line 1); this one is "
            "left out: keep one extension per student and assignment",
        )
    ]
    (week,) = course.assignments
    assert course.due_for(week, "bob").date() == datetime(2026, 3, 20).date()
    assert [e.student for e in course.extensions] == ["bob", "ada"]


def test_a_lesson_in_two_assignments_stays_in_the_first_and_the_second_keeps_the_rest(
    tmp_path: Path,
) -> None:
    folder = folder_with(
        tmp_path,
        '[[assignment]]\nid = "w1"\nlessons = [20, 21]\ndue = 2026-03-06\n\n'
        '[[assignment]]\nid = "w2"\nlessons = [21, 22]\ndue = 2026-03-13\n',
    )
    course, errors = read(folder)
    assert [(e.line, e.message) for e in errors] == [
        (
            8,
            "lesson 'beta' is already in assignment 'w1': a lesson has one due date; "
            "assignment 'w2' is used without it",
        )
    ]
    found = [(a.id, a.lessons) for a in course.assignments]
    assert found == [("w1", ("alpha", "beta")), ("w2", ("gamma",))]
    second = course.find("w2")
    assert second is not None and course.assignment_of("gamma") is second  # its due date
    assert course.assignment_of("beta") is course.find("w1")


def test_an_extension_when_no_assignment_is_valid_says_so_not_a_dash(tmp_path: Path) -> None:
    folder = folder_with(
        tmp_path,
        '[[assignment]]\nid = "week 1"\nlessons = [20]\ndue = 2026-03-06\n',
        '[[extension]]\nstudent = "bob"\nassignment = "week9"\ndue = 2026-03-20\n\n'
        '[[extension]]\nstudent = "cy"\ndue = 2026-03-20\n',
    )
    _course, errors = read(folder)
    said = [(e.file.rsplit("/", 1)[-1], e.line, e.message) for e in errors]
    assert said[1:] == [
        ("extensions.toml", 3, "assignment must name one of the course's: week 1"),
        (
            "extensions.toml",
            6,
            "an extension needs its assignment's id (assignment = ...): one of week 1",
        ),
    ]
    assert all(not message.endswith(": -") for _file, _line, message in said)


def test_extensions_are_checked_against_the_assignments_as_written(tmp_path: Path) -> None:
    """Every problem of extensions.toml is said at once, each in its own words, while the
    assignments have problems of their own; an extension of a broken assignment waits."""
    folder = folder_with(
        tmp_path,
        '[[assignment]]\nid = "week1"\nlessons = [12]\ndue = "2026-11-20 23:59"\n\n'
        '[[assignment]]\nid = "week2"\nlessons = [21]\ndue = "2026-12-02 23:59"\n'
        "late_credits = 0.5\n",
        '[[extension]]\nstudent = "bob"\nassignment = "week3"\ndue = 2026-12-09\n\n'
        '[[extension]]\nstudent = "cy"\nassignment = "week1"\ndue = 2026-11-19\n\n'
        '[[extension]]\nassignment = "week2"\ndue = 2026-12-09\n\n'
        '[[extension]]\nstudent = "dee"\nassignment = "week2"\ndue = 2026-12-09\n\n'
        '[[extension]]\nstudent = "Dee"\nassignment = "week2"\ndue = 2026-12-10\n',
    )
    course, errors = read(folder)
    said = [(e.file.rsplit("/", 1)[-1], e.line, e.message) for e in errors]
    assert said[0][:2] == ("course.toml", 3) and said[1][:2] == ("course.toml", 10)
    assert said[2:] == [
        ("extensions.toml", 3, "assignment must name one of the course's: week1, week2"),
        (
            "extensions.toml",
            9,
            "an extension's due date must come after the assignment's (2026-11-20 23:59 "
            + said[3][2].rsplit(" ", 1)[-1],  # the machine's zone: the course names none
        ),
        (
            "extensions.toml",
            11,
            "an extension needs the student's login or name (student = ...)",
        ),
        (
            "extensions.toml",
            21,
            "student 'Dee' already has an extension of assignment 'week2' (line 15); this one "
            "is left out: keep one extension per student and assignment",
        ),
    ]
    assert course.extensions == ()  # week1 and week2 are left out: their extensions wait


WEEKS = (
    '[[assignment]]\nid = "week1"\nlessons = [20]\ndue = "2026-11-20 23:59"\n\n'
    '[[assignment]]\nid = "week2"\nlessons = [21]\ndue = "2026-12-02 23:59"\n'
)


def one_error(tmp_path: Path, course: str) -> tuple[int, str]:
    _course, errors = read(folder_with(tmp_path, course))
    (error,) = errors
    assert error.file.endswith("course.toml")
    return error.line, error.message


def test_a_key_given_twice_names_the_key_the_assignment_and_the_first_line(
    tmp_path: Path,
) -> None:
    line, message = one_error(tmp_path, WEEKS + 'due = "2026-12-03"\n')
    assert line == 10
    assert message == (
        "not valid TOML at column 19: due is given twice in [[assignment]] 'week2' "
        "(first on line 9): keep one of them"
    )
    assert "Cannot overwrite" not in message


@pytest.mark.parametrize(
    ("slip", "line", "said"),
    [
        ('due = "2026-12-02 23:59', 9, "the text in quotes is not closed"),
        ("due = 2026-12-02 23:59", 9, "the value of due ends before '23:59'"),
        ("late_credit = 0,5", 9, "the value of late_credit ends before ',5'"),
        ("title = Week 2", 9, "title = 'Week 2' is not a value: put text and dates in quotes"),
        ('due "2026-12-02"', 9, "a key needs = and its value: write due = VALUE"),
        ("[[assignment]\nid = 'w3'", 9, "a table's header is not closed: write [[assignment]]"),
        ("[assignment]", 9, "assignment is declared again here: each [[assignment]]"),
    ],
)
def test_each_common_slip_says_what_to_fix_at_its_line(
    tmp_path: Path, slip: str, line: int, said: str
) -> None:
    found, message = one_error(tmp_path, WEEKS.replace('due = "2026-12-02 23:59"', slip))
    assert found == line and said in message, message
    assert message.startswith("not valid TOML at column ")


def test_an_open_list_is_named_at_its_own_line(tmp_path: Path) -> None:
    line, message = one_error(tmp_path, WEEKS.replace("lessons = [21]", "lessons = [21, 22"))
    assert (line, message) == (
        8,
        "not valid TOML: the list of lessons is not closed: end it with ] on its line",
    )


def test_a_slip_without_words_of_ours_keeps_the_parsers_and_its_column(tmp_path: Path) -> None:
    line, message = one_error(tmp_path, WEEKS + "= 3\n")
    assert (line, message) == (10, "not valid TOML at column 1: the parser says: Invalid statement")
