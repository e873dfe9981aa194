"""A course's gradebook: one row per student, one grade per assignment (score, and on time,
late, missing or not due yet), for ``report --gradebook`` and the teacher's page, and for a
course site's grade import (Moodle, Canvas: tui/cli/report_gradebook.py writes the CSV).

A student is who :mod:`lessons.report.identity` says (the rule of every part of the report):
her files (an export beside her progress on the server, or several exports) are one row, the
records of each lesson merged (completions of every file kept, the latest run's answers), so
nothing handed in twice is lost or counted twice. A roster's student with no file gets a row
too: nothing handed in.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from lessons.course.grading import Grade, grade, lesson_grade
from lessons.i18n import _
from lessons.progress.records import LessonRecord
from lessons.report.identity import Roll, identify, line_login, line_names, same_name

if TYPE_CHECKING:
    from lessons.course.model import Course
    from lessons.progress.export import Export
    from lessons.report.checks import Borrowed


@dataclass
class GradebookRow:
    """One student's grades, in the course's order of assignments."""

    student: str
    login: str
    """What the course site knows the student by: their login, "" when none is known (a
    roster line or an older file that gives only a name: a name in the course site's login
    column would match nobody, or the wrong account)."""
    sources: list[str] = field(default_factory=list)
    records: dict[str, LessonRecord] = field(default_factory=dict)
    grades: list[Grade] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    """Every name and login her files give (an extension may name her by any)."""
    source: str = ""
    """Her files, as the class table's ``source`` cell ("": a roster line with no file)."""
    lessons: dict[str, Grade] = field(default_factory=dict)
    """Each lesson of hers that an assignment holds, graded alone (:func:`lesson_grade`): what
    the class table says counts of it, as the assignment's grade counts it."""

    @property
    def who(self) -> str:
        """Whom the course's extensions name first: the login, else the name."""
        return self.login or self.student


_LOGIN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.@-]*")
"""What a login can be (POSIX's portable user names, and an e-mail address as some sites'
logins are): a line with a space or other letters is a name."""


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
    """Every student's grades (one row per student of :mod:`lessons.report.identity`, the
    roster's students without files too), by name."""
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
    for name in roster:  # a login fills the login column: the line's, or the line if one
        if not any(student.named_by(name) for student in roll.students):
            login = line_login(name) or as_login(name)
            rows.append(GradebookRow(str(name), login, names=line_names(name)))
    for row in rows:
        whom = [row.login, *row.names] if row.login else row.names or [row.student]
        whom = list(dict.fromkeys(whom))
        for assignment in course.assignments:
            column = [grade(course, assignment, who, row.records, max_scores, now) for who in whom]
            # an extension may name the student by her login or any of her names: the login's
            # first, else the first name's that has one
            chosen = next((index for index, found in enumerate(column) if found.extended), 0)
            row.grades.append(column[chosen])
            for lesson in assignment.lessons:
                if lesson in row.records:  # the class table's row: one lesson, counted alike
                    row.lessons[lesson] = lesson_grade(
                        course, assignment, lesson, whom[chosen], row.records, max_scores, now
                    )
    # A login that several rows carry (one shared lab account, two roster students) names none
    # of them to the course site: its import would put both rows on one account, one grade over
    # the other (teacher walk 7). The problem line names the shared login.
    shared = Counter(row.login for row in rows if row.login)
    for row in rows:
        if shared[row.login] > 1:
            row.login = ""
    return sorted(rows, key=lambda row: (row.student.casefold(), row.login))


def unseen_extensions(
    course: Course, rows: Sequence[GradebookRow], loads: Sequence[Borrowed] = ()
) -> list[str]:
    """One line for each extension that names a student by a name, not a login, and that
    this gradebook gave to a student whose files carry her login: the gradebook honours it,
    her own tutor and the server (which know her by the login) do not, unless she gives that
    name in her tutor or the server knows a user by it (teacher walk 4, L4; walk 10, #9;
    ``lessons check`` warns at the extension's line). When her files hold work loaded from an
    export of another login (``loads``: report's loaded-from check), the login her files carry
    may be a laptop's the server never saw: the line names the loaded work's login, as the
    loaded-from line does, one piece of advice (teacher walk 6, F3)."""
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
                if other:
                    lines.append(
                        _(
                            "the extension of {assignment} for {student} is given by a name: "
                            "this gradebook honours it; her files carry login {login} but hold "
                            "work loaded from an export of login {other}: if {other} is her "
                            'course login, write student = "{other}" in extensions.toml and '
                            'have her export under it (progress --export FILE --name "{other}"), '
                            "then her tutor and the server honour it too"
                        ).format(
                            assignment=extension.assignment,
                            student=repr(extension.student),
                            login=row.login,
                            other=other,
                        )
                    )
                    continue
                lines.append(
                    _(
                        "the extension of {assignment} for {student} is given by a name: this "
                        "gradebook honours it, but the tutor of {login} does only once she "
                        "gives that name there (queens-tutor progress --name), and the server "
                        'only for a user it knows by that name; write student = "{login}" in '
                        "extensions.toml to reach them too"
                    ).format(
                        assignment=extension.assignment,
                        student=repr(extension.student),
                        login=row.login,
                    )
                )
    return lines


def unmatched_extensions(course: Course, roll: Roll, roster: Sequence[str] = ()) -> list[str]:
    """One problem line for each extension whose ``student`` names no student of the report's
    files (by her login or any of her names) and no roster line: it reaches nobody, and the
    teacher who believes she gave that student more time should hear so (teacher walk 5, M3:
    an extension written by the name a teacher knows, while the student's files carry
    another)."""
    lines = []
    for extension in course.extensions:
        whom = extension.student
        if any(student.named_by(whom) for student in roll.students):
            continue
        if any(same_name(whom, name) for line in roster for name in line_names(line)):
            continue
        where = f"{extension.file or 'extensions.toml'}:{extension.line}"
        if not roster:  # no roster given: it is not to blame (teacher walk 10, #8)
            said = _(
                "{where}: the extension of {assignment} for {student} matches no student in "
                "these files: it reaches nobody; write the login (or the name) that the "
                "student's files carry"
            )
        elif any(not line_login(line) and not as_login(line) for line in roster):
            # a roster of names cannot say whose login it is (teacher walk 10, #1)
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
