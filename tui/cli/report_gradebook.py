"""``queens-tutor report --gradebook``: one row per student, one column per assignment of the
course (lessons/report/gradebook.py), in text, json, and csv for a course site's grade import.

The csv starts with the columns Canvas's gradebook import identifies students by (``Student``,
``ID``, ``SIS User ID``, ``SIS Login ID``, ``Section``; ``SIS Login ID`` holds the login) and
Moodle's import maps an identifier column from (choose ``SIS Login ID`` to ``username``). Then,
for each assignment, its points (as counted: late points weighed by the late policy; 0 when
none counts of work due; empty while it is not due yet or not open yet, so that an import
mid-course records no zero before the due date), and (``--lms
moodle``, the default) its status, ``on-time``, ``late``, ``missing``, ``not-due-yet`` or
``not-open-yet``, which Moodle maps to the assignment's feedback. An assignment's columns are
named by its id (``week1``, ``week1 status``), which a course file keeps when its title
changes: a course site maps the same column to the same grade item at every import.
``--lms canvas`` leaves the status columns out (Canvas would make each a new assignment) and
adds Canvas's ``Points Possible`` row.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, TextIO

from lessons.course.grading import Grade, Status
from lessons.course.words import points as course_points
from lessons.i18n import _, pgettext
from lessons.report.identity import same_name
from lessons.safe_text import visible
from lessons.shown_time import machine, with_zone
from tui.cli.report_cells import CsvWriter, pad, text_cell, width

if TYPE_CHECKING:
    from lessons.course.model import Course
    from lessons.report.checks import Borrowed
    from lessons.report.gradebook import GradebookRow

CANVAS_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
"""The first columns of Canvas's gradebook csv, which its import identifies students by."""
LMS = ("moodle", "canvas")


def status_words(status: Status) -> str:
    """A status in words, in the language in use."""
    words = {
        Status.ON_TIME: pgettext("grade", "on time"),
        Status.LATE: pgettext("grade", "late"),
        Status.MISSING: pgettext("grade", "missing"),
        Status.OPEN: pgettext("grade", "not due yet"),
        Status.NOT_OPEN: pgettext("grade", "not open yet"),
    }
    return words[status]


def points(value: float) -> str:
    """Points as a course site reads them: ``2``, ``1.5`` (a dot, whatever the language),
    as the student's menu says them (lessons/course/words.py)."""
    return course_points(value)


NOT_GRADED = frozenset({Status.OPEN, Status.NOT_OPEN})
"""The statuses whose csv points cell is empty: work not due yet (teacher walk 6, F2: a 0
there, imported mid-course, is a zero in the course site a week before the due date; Canvas
and Moodle leave an empty cell ungraded)."""


def score_cell(grade: Grade) -> str:
    """The points of the csv: ``0`` is a score of 0 of work due (missing, or late and counting
    nothing); empty while the assignment is not due yet (or not open yet), whatever is done of
    it so far: the text and the json say "not due yet"."""
    return "" if grade.status in NOT_GRADED else points(grade.score)


def column(key: str) -> str:
    """An assignment's csv column: its id, which stays when its title changes."""
    return key


def grade_words(grade: Grade) -> str:
    """A grade's points and status: ``1.5/2 late``."""
    return f"{points(grade.score)}/{grade.max_score} {status_words(grade.status)}"


def cell_text(grade: Grade) -> str:
    """One assignment's cell for a person: ``1.5/2 late``; ``4/4 on time, extended`` when an
    extension applies."""
    said = grade_words(grade)
    if grade.extended:
        # a deadline names its zone, as the header's due dates do (teacher walk 3, L7)
        return _("{grade}, extended to {time}").format(grade=said, time=with_zone(grade.due))
    return said


def header(course: Course) -> list[str]:
    return [pgettext("report", "Student"), pgettext("report", "Login")] + [
        assignment.title for assignment in course.assignments
    ]


def narrow_header(course: Course, cells: Sequence[Sequence[str]]) -> list[str]:
    """The terminal table's header, one rule for every column: the assignments by their titles
    when each title is no wider than its column's cells, else all by their ids (teacher walk
    6, F11: long titles made the table 137 columns wide; teacher walk 7, #3: one column headed
    by a title beside another headed by an id read as inconsistent). The lines above the table
    give each id its title and due date."""
    titles = header(course)
    for number, assignment in enumerate(course.assignments, start=2):
        room = max([width(text_cell(line[number])) for line in cells] + [width(assignment.id)])
        if width(text_cell(titles[number])) > room:
            return titles[:2] + [item.id for item in course.assignments]
    return titles


def text_rows(rows: Sequence[GradebookRow]) -> list[list[str]]:
    return [[row.student, row.login, *map(cell_text, row.grades)] for row in rows]


def terminal_cell(grade: Grade) -> str:
    """One assignment's cell in a terminal: ``1.5/2 late``, ``1/2 on time, extended`` (the new
    due date is said on a line of its own under the row: :func:`extension_lines`)."""
    said = grade_words(grade)
    return _("{grade}, extended").format(grade=said) if grade.extended else said


def extension_lines(course: Course, row: GradebookRow) -> list[str]:
    """The row's extensions, one line each: ``week1 extended to 2026-11-28 23:59 CET``."""
    return [
        _("{id} extended to {time}").format(id=assignment.id, time=with_zone(grade.due))
        for assignment, grade in zip(course.assignments, row.grades, strict=True)
        if grade.extended
    ]


LateLoads = dict[tuple[int, str], list["Borrowed"]]
"""Per (row, assignment id), the records of its lessons loaded from another student's export
after the student's due date (:func:`loaded_after_due`)."""


def loaded_after_due(
    course: Course, rows: Sequence[GradebookRow], loads: Sequence[Borrowed]
) -> LateLoads:
    """The records loaded from another student's export (``report``'s loaded-from check)
    after the due date of the assignment that holds their lesson, by row and assignment: the
    points are graded as the record's answers were first recorded, which a csv import cannot
    question, so the text and the json say it (teacher walk 6, F10), in neutral words."""
    found: LateLoads = {}
    for number, row in enumerate(rows):
        for assignment, grade in zip(course.assignments, row.grades, strict=True):
            for load in loads:
                if (
                    load.source in row.sources
                    and load.lesson in assignment.lessons
                    and load.load.at > grade.due.timestamp()
                ):
                    found.setdefault((number, assignment.id), []).append(load)
    return found


def loaded_lines(course: Course, number: int, late: LateLoads) -> list[str]:
    """The row's lessons loaded after the due date, one line each: ``wk1: my-diagonals was
    loaded on 2026-11-25 20:55 from an export of Ada Lovelace (login ada), after the due date;
    graded as its answers were first recorded``."""
    lines = []
    for assignment in course.assignments:
        for found in late.get((number, assignment.id), []):
            load = found.load
            other = visible(load.student) or visible(load.login) or "?"
            if load.login and not same_name(load.login, load.student):
                other = _("{name} (login {login})").format(name=other, login=visible(load.login))
            lines.append(
                _(
                    "{id}: lesson {lesson} was loaded on {time} from an export of {other}, "
                    "after the due date; it is graded as its answers were first recorded"
                ).format(
                    id=assignment.id,
                    lesson=found.lesson,
                    time=with_zone(datetime.fromtimestamp(load.at).astimezone()),
                    other=other,
                )
            )
    return lines


def print_text(course: Course, rows: Sequence[GradebookRow], late: LateLoads | None = None) -> None:
    """The gradebook for a terminal: each cell short, so that a class of a few assignments
    fits 80 columns (teacher walk 3, L7: an extension's date made a row 104 wide), each
    extension's new due date, with its zone, on its own line under the student's row."""
    print("\n" + _("Gradebook"))
    for assignment in course.assignments:
        print(
            "  "
            + _("{title} ({id}): due {time}").format(
                title=visible(assignment.title), id=assignment.id, time=with_zone(assignment.due)
            )
        )
    cells = [[row.student, row.login, *map(terminal_cell, row.grades)] for row in rows]
    # a tab from a roster line is a ␉ here too, as in the class report (teacher walk 10, #5)
    table = [[text_cell(cell) for cell in line] for line in [narrow_header(course, cells), *cells]]
    notes = [[], *(extension_lines(course, row) for row in rows)]
    for number in range(len(rows)):
        notes[number + 1] += loaded_lines(course, number, late or {})
    widths = [max(width(line[index]) for line in table) for index in range(len(table[0]))]
    indent = " " * (2 + widths[0] + 2 + widths[1] + 2)
    for line, under in zip(table, notes, strict=True):
        print(
            "  "
            + "  ".join(pad(cell, size) for cell, size in zip(line, widths, strict=True)).rstrip()
        )
        for note in under:
            print(indent + note)


def _worked_on(row: GradebookRow, lessons: Sequence[str]) -> bool:
    """Whether ``row``'s files hold work on one of ``lessons``: one done, or a question of one
    answered (in this run, an earlier one, or left open)."""
    for lesson in lessons:
        record = row.records.get(lesson)
        if record is not None and (
            record.completed
            or record.completions
            or record.answers
            or record.open
            or record.earlier
        ):
            return True
    return False


def write_csv(
    course: Course,
    rows: Sequence[GradebookRow],
    lms: str,
    out: TextIO,
    max_scores: Mapping[str, int],
    unseen_blank: bool = False,
) -> None:
    """The csv (module docstring). ``unseen_blank``: a student with no work on an assignment in
    the files read (no lesson of it done, no question of it answered: a lesson only opened is no
    work) gets empty cells for it, not 0 and ``missing`` (the server's page, which cannot see a
    terminal student's export: teacher walk 6, F8; walk 7: a lesson opened gave 0)."""
    writer = CsvWriter(out)
    titles = []
    for assignment in course.assignments:
        titles.append(column(assignment.id))
        if lms != "canvas":
            titles.append(column(assignment.id) + " status")
    writer.writerow([*CANVAS_COLUMNS, *titles])
    if lms == "canvas":
        most = [
            str(sum(max_scores.get(lesson, 0) for lesson in assignment.lessons))
            for assignment in course.assignments
        ]
        writer.writerow(["    Points Possible", "", "", "", "", *most])
    for row in rows:
        cells: list[str] = []
        for assignment, grade in zip(course.assignments, row.grades, strict=True):
            unseen = unseen_blank and not _worked_on(row, assignment.lessons)
            cells += grade_cells(grade, lms, unseen)
        writer.writerow([row.student, "", "", row.login, "", *cells])


def grade_cells(grade: Grade, lms: str, unseen: bool = False) -> list[str]:
    """One assignment's cells in every gradebook csv (``report --gradebook`` and the teacher's
    page, one rule): its points (:func:`score_cell`) and, but for Canvas, its status. ``unseen``
    (the teacher's page: no work of the student's on this server) empties the cells of an
    assignment that is graded (due: a 0 and ``missing`` the page cannot vouch for); one not
    due yet or not open yet reads the same in both, an empty points cell and its status
    (teacher walk 10, #12: the page left its status empty too)."""
    blank = unseen and grade.status not in NOT_GRADED
    cells = ["" if blank else score_cell(grade)]
    if lms != "canvas":
        cells.append("" if blank else str(grade.status))
    return cells


def print_csv(
    course: Course, rows: Sequence[GradebookRow], lms: str, max_scores: Mapping[str, int]
) -> None:
    write_csv(course, rows, lms, sys.stdout, max_scores)


def json_data(
    course: Course, rows: Sequence[GradebookRow], late: LateLoads | None = None
) -> dict[str, Any]:
    """The gradebook as json; a grade's ``loaded_after_due`` lists its lessons loaded from
    another student's export after the due date (:func:`loaded_after_due`)."""
    late = late or {}
    return {
        "assignments": [
            {
                "id": assignment.id,
                "title": assignment.title,
                "lessons": list(assignment.lessons),
                "opens": machine(assignment.opens) if assignment.opens else None,
                "due": machine(assignment.due),
                "late_credit": assignment.late.credit,
                "late_until": machine(assignment.late.until) if assignment.late.until else None,
            }
            for assignment in course.assignments
        ],
        "students": [
            {
                "student": row.student,
                "login": row.login,
                "sources": row.sources,
                "grades": {
                    grade.assignment.id: {
                        "score": grade.score,
                        "max_score": grade.max_score,
                        "status": str(grade.status),
                        "due": machine(grade.due),
                        "extended": grade.extended,
                        "done_at": machine(grade.handed_in) if grade.handed_in else None,
                        "loaded_after_due": [
                            found.lesson for found in late.get((number, grade.assignment.id), [])
                        ],
                    }
                    for grade in row.grades
                },
            }
            for number, row in enumerate(rows)
        ],
    }


def print_json(
    course: Course,
    rows: Sequence[GradebookRow],
    extra: dict[str, Any],
    late: LateLoads | None = None,
) -> None:
    data = {**json_data(course, rows, late), **extra}
    print(json.dumps(data, indent=1, ensure_ascii=False))
