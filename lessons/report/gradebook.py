"""A course's gradebook: one row per student, one grade per assignment (score, and on time,
late, missing or not due yet), for ``report --gradebook`` and the teacher's page, and for a
course site's grade import (Moodle, Canvas: tui/cli/report_gradebook.py writes the CSV).

A student is who their files say: the login an export carries (``progress --export`` writes
the account's; a served user is their login) and the name in it. Their files (an export beside
their progress on the server, or several exports) are one row: the records of each lesson are
merged (completions of every file kept, the latest run's answers), so nothing handed in twice
is lost or counted twice. A roster's student with no file gets a row too: nothing handed in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from lessons.course.grading import Grade, grade
from lessons.progress.records import LessonRecord, merge
from lessons.report.checks import same_name

if TYPE_CHECKING:
    from lessons.course.model import Course
    from lessons.progress.export import Export


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


def _identity(export: Export, source: str) -> tuple[str, str]:
    """(name, login) of an export's student (login "": none known)."""
    name = export.student or source
    return name, export.login or as_login(name)


def _row_of(rows: list[GradebookRow], name: str, login: str) -> GradebookRow | None:
    for row in rows:
        if (login and same_name(row.login, login)) or same_name(row.student, name):
            return row
    return None


def _merged(ours: LessonRecord, theirs: LessonRecord) -> LessonRecord:
    """Two files' records of one lesson of one student: the latest run's answers, every
    completion, completion and best score never lost."""
    newer, older = (ours, theirs) if ours.updated >= theirs.updated else (theirs, ours)
    return merge(newer, older)


def gradebook(
    course: Course,
    exports: Sequence[tuple[str, Export]],
    max_scores: Mapping[str, int],
    now: datetime,
    roster: Sequence[str] = (),
) -> list[GradebookRow]:
    """Every student's grades, by name (the roster's students without files too)."""
    rows: list[GradebookRow] = []
    for source, export in exports:
        name, login = _identity(export, source)
        row = _row_of(rows, name, login)
        if row is None:
            row = GradebookRow(name, login)
            rows.append(row)
        elif login and login != row.login and (not row.login or row.login == row.student):
            row.login = login  # a file that names the login beside one that did not
        row.sources.append(source)
        for lesson, record in export.records.items():
            held = row.records.get(lesson)
            row.records[lesson] = record if held is None else _merged(record, held)
    for name in roster:  # a line is a login or a name: only a login fills the login column
        if _row_of(rows, name, as_login(name)) is None:
            rows.append(GradebookRow(name, as_login(name)))
    for row in rows:
        row.grades = [
            grade(course, assignment, row.who, row.records, max_scores, now)
            for assignment in course.assignments
        ]
        if row.who != row.student:  # an extension may name the student by either
            by_name = [
                grade(course, assignment, row.student, row.records, max_scores, now)
                for assignment in course.assignments
            ]
            row.grades = [
                named if named.extended and not by_login.extended else by_login
                for by_login, named in zip(row.grades, by_name, strict=True)
            ]
    return sorted(rows, key=lambda row: (row.student.casefold(), row.login))
