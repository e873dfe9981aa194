"""A course's gradebook: one row per student (a roster's student with no file too), one grade
per assignment, as a table for a terminal, a page, json and a course site's csv import."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.course.grading import Grade, Status, grade
from lessons.course.words import points
from lessons.i18n import _, pgettext
from lessons.progress.records import LessonRecord
from lessons.report.identity import Roll, identify, line_login, line_names, same_name
from lessons.report.table import Column, Row, Section, Table, machine, with_zone

if TYPE_CHECKING:
    from lessons.course.model import Course
    from lessons.model import LessonError
    from lessons.progress.export import Export
    from lessons.report.checks import Borrowed


@dataclass
class GradebookRow:
    """One student's grades, in the course's order of assignments. ``login`` is what the course
    site knows her by ("": none known, or shared), ``names`` every name and login her files
    give, ``source`` the class table's cell ("": a roster line with no file), ``lessons`` each
    lesson of hers graded alone."""

    student: str
    login: str
    sources: list[str] = field(default_factory=list)
    records: dict[str, LessonRecord] = field(default_factory=dict)
    grades: list[Grade] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    source: str = ""
    lessons: dict[str, Grade] = field(default_factory=dict)


_LOGIN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.@-]*")


def as_login(text: str) -> str:
    """``text`` when it can be a login, else "" (a name: ``Ada Lovelace``)."""
    text = text.strip()
    return text if _LOGIN.fullmatch(text) else ""


def gradebook(
    course: Course,
    exports: Sequence[tuple[str, Export]],
    max_scores: Mapping[str, int],
    now: datetime,
    roster: Sequence[str] = (),
    roll: Roll | None = None,
) -> list[GradebookRow]:
    """Every student's grades (the roster's students without files too), by name."""
    roll = identify(exports, roster) if roll is None else roll
    rows: list[GradebookRow] = []
    for student in roll.students:
        assert student.export is not None
        row = GradebookRow(student.name, student.login or as_login(student.name))
        row.source = student.source
        row.sources = list(student.sources)
        row.records = dict(student.export.records)
        row.names = list(student.names)
        rows.append(row)
    for name in roster:
        if not roll.named(name):
            login = line_login(name) or as_login(name)
            rows.append(GradebookRow(str(name), login, names=line_names(name)))
    for row in rows:
        whom = [row.login, *row.names] if row.login else row.names or [row.student]
        for assignment in course.assignments:  # an extension may name her by any, login first
            book, who = course.reading(assignment, whom, row.login)
            row.grades.append(grade(book, assignment, who, row.records, max_scores, now))
            for lesson in assignment.lessons:
                if lesson in row.records:  # the lesson alone
                    alone = replace(assignment, lessons=(lesson,))
                    row.lessons[lesson] = grade(book, alone, who, row.records, max_scores, now)
    shared = Counter(row.login for row in rows if row.login)
    for row in rows:
        if shared[row.login] > 1:
            row.login = ""
    return sorted(rows, key=lambda row: (row.student.casefold(), row.login))


def unseen_extensions(
    course: Course, rows: Sequence[GradebookRow], loads: Sequence[Borrowed] = ()
) -> list[str]:
    """A warning for each extension given by a name, not a login, to a student whose files
    carry her login: her tutor and the server may not honour it."""
    lines = []
    for extension in course.extensions:
        if as_login(extension.student):
            continue
        for row in rows:
            given = any(
                grade.extended and grade.assignment.id == extension.assignment
                for grade in row.grades
            )
            if row.login and given and any(same_name(extension.student, n) for n in row.names):
                other = next(
                    (
                        found.load.login
                        for found in loads
                        if found.source in row.sources
                        and found.load.login
                        and not same_name(found.load.login, row.login)
                    ),
                    "",
                )
                said = (
                    _(
                        "the extension of {assignment} for {student} is given by a name: "
                        "this gradebook honours it; her files carry login {login} but hold "
                        "work loaded from an export of login {other}: if {other} is her "
                        'course login, write student = "{other}" in extensions.toml and '
                        'have her export under it (progress --export FILE --name "{other}"), '
                        "then her tutor and the server honour it too"
                    )
                    if other
                    else _(
                        "the extension of {assignment} for {student} is given by a name: this "
                        "gradebook honours it, but the tutor of {login} does only once she "
                        "gives that name there (queens-tutor progress --name), and the server "
                        'only for a user it knows by that name; write student = "{login}" in '
                        "extensions.toml to reach them too"
                    )
                )
                assignment, student = extension.assignment, repr(extension.student)
                lines.append(
                    said.format(
                        assignment=assignment, student=student, login=row.login, other=other
                    )
                )
    return lines


def lost_grades(folders: Sequence[Path], course: Course, errors: Sequence[LessonError]) -> str:
    """The first extensions.toml of the course with a problem, else its course.toml when a
    problem left an assignment out ("": neither)."""
    from lessons.course.reading import EXTENSIONS_FILE, dropped_assignments

    broken = (error.file for error in errors if Path(error.file).name == EXTENSIONS_FILE)
    return next(broken, "") or dropped_assignments(folders, course)


def unmatched_extensions(course: Course, roll: Roll, roster: Sequence[str] = ()) -> list[str]:
    """A problem for each extension whose ``student`` names no student of the files and no
    roster line: it reaches nobody."""
    lines = []
    for extension in course.extensions:
        whom = extension.student
        if any(student.named_by(whom) for student in roll.students):
            continue
        if any(same_name(whom, name) for line in roster for name in line_names(line)):
            continue
        where = f"{extension.file or 'extensions.toml'}:{extension.line}"
        if not roster:
            said = _(
                "{where}: the extension of {assignment} for {student} matches no student in "
                "these files: it reaches nobody; write the login (or the name) that the "
                "student's files carry"
            )
        elif any(not line_login(line) and not as_login(line) for line in roster):
            said = _(
                "{where}: the extension of {assignment} for {student} matches no student in "
                "these files or the roster: it reaches nobody; write the login (or the name) "
                "that the student's files carry, or give each roster line her login beside "
                "her name (a roster that starts with the line login,name)"
            )
        else:
            said = _(
                "{where}: the extension of {assignment} for {student} matches no student in "
                "these files or the roster: it reaches nobody; write the login (or the name) "
                "that the student's files carry"
            )
        lines.append(said.format(where=where, assignment=extension.assignment, student=repr(whom)))
    return lines


CANVAS_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
"""The first columns of Canvas's gradebook csv, which its import identifies students by."""
NOT_GRADED = frozenset({Status.OPEN, Status.NOT_OPEN})
"""The statuses whose csv points cell is empty."""


def status_words(status: Status) -> str:
    words = {
        Status.ON_TIME: pgettext("grade", "on time"),
        Status.LATE: pgettext("grade", "late"),
        Status.MISSING: pgettext("grade", "missing"),
        Status.OPEN: pgettext("grade", "not due yet"),
        Status.NOT_OPEN: pgettext("grade", "not open yet"),
    }
    return words[status]


def grade_words(grade: Grade) -> str:
    """A grade in a terminal's cell: ``1.5/2 late``, ``1/2 on time, extended``."""
    said = f"{points(grade.score)}/{grade.max_score} {status_words(grade.status)}"
    return _("{grade}, extended").format(grade=said) if grade.extended else said


def due_lines(course: Course) -> list[str]:
    """Each assignment's title, id and due date."""
    return [
        _("{title} ({id}): due {time}").format(
            title=assignment.title, id=assignment.id, time=with_zone(assignment.due)
        )
        for assignment in course.assignments
    ]


LateLoads = dict[tuple[int, str], list["Borrowed"]]


def loaded_after_due(
    course: Course, rows: Sequence[GradebookRow], loads: Sequence[Borrowed]
) -> LateLoads:
    """The records loaded from another student's export after the due date of the assignment
    that holds their lesson, by (row, assignment id)."""
    found: LateLoads = {}
    for number, row in enumerate(rows):
        for assignment, given in zip(course.assignments, row.grades, strict=True):
            for load in loads:
                if (
                    load.source in row.sources
                    and load.lesson in assignment.lessons
                    and load.load.at > given.due.timestamp()
                ):
                    found.setdefault((number, assignment.id), []).append(load)
    return found


def _notes(course: Course, row: GradebookRow, late: Sequence[tuple[str, Borrowed]]) -> list[str]:
    """The row's extensions, then its lessons loaded after the due date, one line each."""
    lines = [
        _("{id} extended to {time}").format(id=assignment.id, time=with_zone(grade.due))
        for assignment, grade in zip(course.assignments, row.grades, strict=True)
        if grade.extended
    ]
    for assignment, found in late:
        load = found.load
        other = load.student or load.login or "?"
        if load.login and not same_name(load.login, load.student):
            other = _("{name} (login {login})").format(name=other, login=load.login)
        lines.append(
            _(
                "{id}: lesson {lesson} was loaded on {time} from an export of {other}, "
                "after the due date; it is graded as its answers were first recorded"
            ).format(
                id=assignment,
                lesson=found.lesson,
                time=with_zone(datetime.fromtimestamp(load.at)),
                other=other,
            )
        )
    return lines


def _worked_on(row: GradebookRow, lessons: Sequence[str]) -> bool:
    """``row``'s files hold work on one of ``lessons`` (a lesson only opened is none)."""
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


def gradebook_table(
    course: Course,
    rows: Sequence[GradebookRow],
    late: LateLoads | None = None,
    lms: str = "moodle",
    unseen_blank: bool = False,
) -> Table:
    """One row per student: her grades, with notes; in csv for a course site's import
    (``moodle``: a points and a status column each, ``canvas``: the points), a cell empty while
    not due yet (with ``unseen_blank``: where she has no work of it); in json each grade whole."""
    late = late or {}
    stamp = cache(machine)  # most rows share each assignment's due date
    fields = list(CANVAS_COLUMNS)
    head: dict[str, str] = {}  # Moodle's import has no maximum column: the header says it
    top = rows[0].grades if rows and lms != "canvas" else []
    most = {g.assignment.id: g.max_score for g in top}
    for a in course.assignments:
        head[a.id] = f"{a.id} (out of {most[a.id]})" if a.id in most else a.id
        fields += [head[a.id]] if lms == "canvas" else [head[a.id], f"{a.id} status"]
    table_rows = []
    for number, row in enumerate(rows):
        values: dict[str, Any] = {"Student": row.student, "SIS Login ID": row.login}
        grades: dict[str, Any] = {}
        loaded: list[tuple[str, Borrowed]] = []
        for assignment, given in zip(course.assignments, row.grades, strict=True):
            blank = given.status not in NOT_GRADED and (
                unseen_blank and not _worked_on(row, assignment.lessons)
            )
            shown = "" if given.status in NOT_GRADED else points(given.score)
            values[head[assignment.id]] = "" if blank else shown
            values[f"{assignment.id} status"] = "" if blank else str(given.status)
            here = late.get((number, assignment.id), [])
            loaded += [(assignment.id, found) for found in here]
            grades[assignment.id] = {
                "score": given.score,
                "max_score": given.max_score,
                "status": str(given.status),
                "due": stamp(given.due),
                "extended": given.extended,
                "done_at": stamp(given.handed_in),
                "loaded_after_due": [found.lesson for found in here],
            }
        values.update(student=row.student, login=row.login, sources=row.sources, grades=grades)
        cells = (row.student, row.login, *map(grade_words, row.grades))
        table_rows.append(Row(values, cells, _notes(course, row, loaded)))
    columns = [Column(pgettext("report", "Student")), Column(pgettext("report", "Login"))]
    columns += [Column(a.title, short=a.id) for a in course.assignments]
    body = Section(("", _("Gradebook"), *("  " + line for line in due_lines(course))), table_rows)
    keys = ("student", "login", "sources", "grades")
    return Table("students", fields, columns, body, keys=keys, notes_at=2)


def points_possible(course: Course, max_scores: Mapping[str, int], fields: Sequence[str]) -> Table:
    """Canvas's ``Points Possible`` row, before the students' (``fields``: theirs)."""
    values: dict[str, Any] = {"Student": "    Points Possible"}
    for assignment in course.assignments:
        values[assignment.id] = str(sum(max_scores.get(key, 0) for key in assignment.lessons))
    return Table("points", fields, body=Section(rows=[Row(values)]))


def assignments_json(course: Course) -> list[dict[str, Any]]:
    return [
        {
            "id": assignment.id,
            "title": assignment.title,
            "lessons": list(assignment.lessons),
            "opens": machine(assignment.opens),
            "due": machine(assignment.due),
            "late_credit": assignment.late.credit,
            "late_until": machine(assignment.late.until),
        }
        for assignment in course.assignments
    ]
