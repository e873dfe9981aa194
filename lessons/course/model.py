"""What a course's calendar is: its assignments and the extensions given to students. Every
time is an aware :class:`~datetime.datetime`; a due date only decides whether work counts as on
time or late, and how much a late point is worth."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta


def fold(text: str) -> str:
    """A student's name or login as compared: case and outer spaces aside."""
    return text.strip().casefold()


def same_name(one: str, other: str) -> bool:
    """Two student names (or logins) are one (case and outer spaces aside)."""
    return fold(one) == fold(other)


@dataclass(frozen=True, slots=True)
class LatePolicy:
    """How late work counts: each point earned after the due date is worth ``credit`` (from 0
    to 1: 1 counts it whole, flagged late), and nothing after ``until`` (None: no end)."""

    credit: float = 1.0
    until: datetime | None = None

    def worth(self, at: datetime, due: datetime) -> float:
        """What a point earned at ``at`` is worth against ``due``."""
        if at <= due:
            return 1.0
        return 0.0 if self.until is not None and at > self.until else self.credit


@dataclass(frozen=True, slots=True)
class Assignment:
    """Lessons handed in together by a due date."""

    id: str
    title: str
    lessons: tuple[str, ...]
    due: datetime
    opens: datetime | None = None
    late: LatePolicy = LatePolicy()
    line: int = 0
    """Where the file defines it (for messages)."""


@dataclass(frozen=True, slots=True)
class Extension:
    """More time for one student on one assignment, given at ``file:line``; ``site``: the
    issuer of the course site whose user ``student`` names (it applies there only)."""

    student: str
    assignment: str
    due: datetime
    line: int = 0
    file: str = field(default="", compare=False)
    site: str = ""


@dataclass(frozen=True, slots=True)
class Course:
    """A course's assignments, and its students' extensions; ``site``: the issuer of the course
    site whose students are graded ("": the lab's, exported files)."""

    assignments: tuple[Assignment, ...] = ()
    extensions: tuple[Extension, ...] = ()
    site: str = ""

    def __bool__(self) -> bool:
        return bool(self.assignments)

    def reading(
        self, assignment: Assignment, whom: Sequence[str], login: str = ""
    ) -> tuple[Course, str | None]:
        """The calendar and the name ``assignment`` is read for, for a student extensions may
        name by any of ``whom`` (the first an extension moves, else the first). On a course site
        ``login`` is her id there, named only by an extension given with the site."""
        ids = replace(self, extensions=tuple(e for e in self.extensions if e.site))
        by = [(n, ids if self.site and n == login else self) for n in dict.fromkeys(whom)]
        moved = (pair for pair in by if pair[1].due_for(assignment, pair[0]) != assignment.due)
        name, book = next(moved, by[0] if by else (None, self))
        return book, name

    def assignment_of(self, lesson: str) -> Assignment | None:
        """The assignment ``lesson`` belongs to, or None."""
        return next((a for a in self.assignments if lesson in a.lessons), None)

    def find(self, key: str) -> Assignment | None:
        return next((a for a in self.assignments if a.id == key), None)

    def extension(self, assignment: Assignment, student: str | None) -> Extension | None:
        """The latest extension of ``assignment`` given to ``student``, or None."""
        if not student:
            return None
        given = [
            e
            for e in self.extensions
            if e.assignment == assignment.id
            and same_name(e.student, student)
            and e.site in ("", self.site)
        ]
        return max(given, key=lambda e: e.due, default=None)

    def due_for(self, assignment: Assignment, student: str | None) -> datetime:
        """When ``assignment`` is due for ``student`` (their extension's date when later)."""
        given = self.extension(assignment, student)
        return max(assignment.due, given.due) if given is not None else assignment.due

    def late_for(self, assignment: Assignment, student: str | None) -> LatePolicy:
        """The assignment's late policy for ``student``, its end moved with an extension."""
        due = self.due_for(assignment, student)
        late = assignment.late
        if due == assignment.due or late.until is None:
            return late
        return LatePolicy(late.credit, moved_end(late.until, assignment.due, due))


def moved_end(until: datetime, due: datetime, extended: datetime) -> datetime:
    """``late_until`` for a student whose due date ``due`` an extension moves to ``extended``:
    as many calendar days later (in the due date's zone) as the due date moved, at the same
    time of day; never before ``extended`` (then moved by the exact difference)."""
    moved = _days_later(until, (extended.astimezone(due.tzinfo).date() - due.date()).days)
    return moved if moved >= extended else until + (extended - due)


def _days_later(moment: datetime, days: int) -> datetime:
    """``moment`` ``days`` calendar days later at the same time of day, in its zone (or the
    machine's, for a time read with the machine's offset)."""
    from zoneinfo import ZoneInfo

    step = timedelta(days=days)
    if isinstance(moment.tzinfo, ZoneInfo):
        return moment + step  # wall-clock arithmetic in the course's zone
    local = moment.astimezone()
    if local.utcoffset() != moment.utcoffset():
        return moment + step  # an offset the file gave
    return (local.replace(tzinfo=None) + step).astimezone()
