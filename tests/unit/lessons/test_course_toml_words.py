"""A TOML syntax error in a course's file in our words: the file, the line, the column and
what to fix, never only the parser's sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.lessons.test_course_calendar_slips import folder_with, read

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
