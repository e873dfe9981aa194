"""A teacher's slips in a course's calendar: one error each at its line, in our words (what to fix,
never only the parser's sentence), and what is left is used."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lessons.catalog import load_catalog
from lessons.course.reading import read_course
from tests.unit.lessons.test_course import COURSE, LESSON

W1 = '[[assignment]]\nid = "w1"\nlessons = [20]\ndue = 2026-03-06\n'
WEEKS = (
    '[[assignment]]\nid = "week1"\nlessons = [20]\ndue = "2026-11-20 23:59"\n\n'
    '[[assignment]]\nid = "week2"\nlessons = [21]\ndue = "2026-12-02 23:59"\n'
)
TWICE = "is left out: keep one extension per student and assignment"
C, E = "course.toml", "extensions.toml"
SLIPS = [  # (course.toml, extensions.toml, the errors (file, line, words), assignments, extended)
    ('[[assignment]]\nid = "w1"\nlessons = [20, "alpha", "20", 21]\ndue = 2026-03-06\n', None,
     [(C, 3, "lesson 'alpha' is listed more than once in assignment 'w1'; it counts once")],
     [("w1", ("alpha", "beta"))], []),
    (W1, '[[extension]]\nstudent = "bob"\nassignment = "w1"\ndue = 2026-03-20\n\n'
     '[[extension]]\nstudent = " Bob"\nassignment = "w1"\ndue = 2026-03-10\n\n'
     '[[extension]]\nstudent = "ada"\nassignment = "w1"\ndue = 2026-03-10\n',
     [(E, 7, f"student 'Bob' already has an extension of assignment 'w1' (line 1); this "
       f"one {TWICE}")],
     [("w1", ("alpha",))], [("bob", 20), ("ada", 10)]),  # the first one kept
    ('[[assignment]]\nid = "w1"\nlessons = [20, 21]\ndue = 2026-03-06\n\n'
     '[[assignment]]\nid = "w2"\nlessons = [21, 22]\ndue = 2026-03-13\n', None,
     [(C, 8, "lesson 'beta' is already in assignment 'w1': a lesson has one due date; "
       "assignment 'w2' is used without it")],
     [("w1", ("alpha", "beta")), ("w2", ("gamma",))], []),
    (W1.replace('"w1"', '"week 1"'),
     '[[extension]]\nstudent = "bob"\nassignment = "week9"\ndue = 2026-03-20\n\n'
     '[[extension]]\nstudent = "cy"\ndue = 2026-03-20\n',
     [(C, 2, "id must be"), (E, 3, "assignment must name one of the course's: week 1"),
      (E, 6, "an extension needs its assignment's id (assignment = ...): one of week 1")],
     [], []),
    # every problem of extensions.toml at once while the assignments have their own: an
    # extension of a broken assignment waits
    (WEEKS.replace("[20]", "[12]") + "late_credits = 0.5\n",
     '[[extension]]\nstudent = "bob"\nassignment = "week3"\ndue = 2026-12-09\n\n'
     '[[extension]]\nstudent = "cy"\nassignment = "week1"\ndue = 2026-11-19\n\n'
     '[[extension]]\nassignment = "week2"\ndue = 2026-12-09\n\n'
     '[[extension]]\nstudent = "dee"\nassignment = "week2"\ndue = 2026-12-09\n\n'
     '[[extension]]\nstudent = "Dee"\nassignment = "week2"\ndue = 2026-12-10\n',
     [(C, 3, "there is no lesson"), (C, 10, "late_credits"),
      (E, 3, "assignment must name one of the course's: week1, week2"),
      (E, 9, "an extension's due date must come after the assignment's (2026-11-20 23:59 "),
      (E, 11, "an extension needs the student's login or name (student = ...)"),
      (E, 21, f"student 'Dee' already has an extension of assignment 'week2' (line 15); this one "
       f"{TWICE}")], [], []),
    ('[[assignment]]\nid = "a"\ndue = \n', None, [(C, 3, "not valid TOML")], [], []),
    ('timezone = "Mars/Olympus"\n\n[[assignment]]\nid = "week1"\nlessons = ["alpha", "nowhere"]\n'
     'due = 2026-03-06T23:59:00\nopens = 2026-03-08T09:00:00\nlate_credit = 2\ncolour = "red"\n\n'
     '[[assignment]]\nid = "week2"\nlessons = ["alpha"]\ndue = "next Friday"\n', None,
     [(C, 1, "timezone:"), (C, 5, "there is no lesson 'nowhere'"), (C, 6, "after the opening"),
      (C, 8, "late_credit"), (C, 9, "unknown key 'colour'"),
      (C, 13, "lesson 'alpha' is already in assignment 'week1'"),
      (C, 14, "due = 'next Friday' must be")], None, []),
    ('[[assignment]]\nid = "a"\nlessons = ["alpha"]\ndue = 2026-03-06\n\n'
     '[[assignment]]\nid = "b"\nlessons = ["alpha"]\ndue = 2026-03-07\n\n'
     '[[assignment]]\nid = "a"\nlessons = ["beta"]\ndue = 2026-03-08\n', None,
     [(C, 8, "lesson 'alpha' is already in assignment 'a': a lesson has one due date; "
       "assignment 'b' is used without it"),  # b had no other lesson: it is left out
      (C, 11, "assignment 'a' is already in this course")], [("a", ("alpha",))], []),
    (COURSE.replace('["alpha", 21]', '["alpha", "nosuch", 21]'), None,  # the lesson alone drops
     [(C, 6, "there is no lesson 'nosuch' (an id, or the number of its file): assignment "
       "'week1' is used without it")], [("week1", ("alpha", "beta"))], []),
    (COURSE.replace('["alpha", 21]', '["nosuch", 42]'), None,
     [(C, 6, "there is no lesson 'nosuch'"), (C, 6, "there is no lesson '42'")], [], []),
    (WEEKS + 'due = "2026-12-03"\n', None,
     [(C, 10, "not valid TOML at column 19: due is given twice in [[assignment]] 'week2' "
       "(first on line 9): keep one of them")], None, []),
    (WEEKS.replace("lessons = [21]", "lessons = [21, 22"), None,
     [(C, 8, "not valid TOML: the list of lessons is not closed: end it with ] on its line")],
     None, []),
    (WEEKS + "= 3\n", None,  # no words of ours: the parser's, with its column
     [(C, 10, "not valid TOML at column 1: the parser says: Invalid statement")], None, []),
    *[(WEEKS.replace('due = "2026-12-02 23:59"', slip), None,
       [(C, 9, f"not valid TOML at column ?{said}")], None, [])
      for slip, said in (
          ('due = "2026-12-02 23:59', ": the text in quotes is not closed"),
          ("due = 2026-12-02 23:59", ": the value of due ends before '23:59'"),
          ("late_credit = 0,5", ": the value of late_credit ends before ',5'"),
          ("title = Week 2", ": title = 'Week 2' is not a value: put text and dates in quotes"),
          ('due "2026-12-02"', ": a key needs = and its value: write due = VALUE"),
          ("[[assignment]\nid = 'w3'", ": a table's header is not closed: write [[assignment]]"),
          ("[assignment]", ": assignment is declared again here: each [[assignment]]"))],
]  # fmt: skip


@pytest.mark.parametrize(("course", "extensions", "said", "used", "extended"), SLIPS)
def test_each_slip_is_one_error_at_its_line_and_the_rest_is_used(
    tmp_path: Path,
    course: str,
    extensions: str | None,
    said: list[tuple[str, int, str]],
    used: list[tuple[str, tuple[str, ...]]] | None,
    extended: list[tuple[str, int]],
) -> None:
    for number, key in ((20, "alpha"), (21, "beta"), (22, "gamma")):
        (tmp_path / f"{number}-{key}.md").write_text(LESSON.format(id=key), encoding="utf-8")
    (tmp_path / "course.toml").write_text(course, encoding="utf-8")
    if extensions is not None:
        (tmp_path / "extensions.toml").write_text(extensions, encoding="utf-8")
    catalog = load_catalog(None, [tmp_path], only_course=True)
    found, errors = read_course(tmp_path, catalog.find, catalog.find_failed)
    assert len(errors) == len(said), [str(e) for e in errors]
    for error, (file, line, words) in zip(errors, said, strict=True):
        assert (error.file, error.line) == (str(tmp_path / file), line), str(error)
        assert not error.message.endswith(": -"), str(error)
        if words.startswith("not valid TOML at column "):  # ?: the parser's column
            head, words = words.split(": ", 1)
            assert re.match(re.escape(head).replace(r"\?", r"\d+") + ": ", error.message)
            assert f": {words}" in error.message, str(error)
        else:
            assert words in error.message, str(error)
        assert "Cannot overwrite" not in error.message
    if used is not None:
        assert [(a.id, a.lessons) for a in found.assignments] == used
    for lesson, assignment in ((lesson, a) for a in found.assignments for lesson in a.lessons):
        assert found.assignment_of(lesson) is assignment  # the due date of the first one
    assert [(e.student, e.due.day) for e in found.extensions] == extended
