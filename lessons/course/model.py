"""What a course's calendar is: its assignments and the extensions given to students.

Every time is an aware :class:`~datetime.datetime` (with its zone): the file's times are read in
the course's ``timezone`` when they name no offset, and each reader shows them in its own
local time. Work is never refused for its time: an assignment's due date only decides whether
work counts as on time or late, and how much a late point is worth (:class:`LatePolicy`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta


def fold(text: str) -> str:
    """A student's name or login as compared: case and outer spaces aside."""
    return text.strip().casefold()


def same_name(one: str, other: str) -> bool:
    """Whether two student names (or logins) are one (case and outer spaces aside)."""
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
        if self.until is not None and at > self.until:
            return 0.0
        return self.credit


@dataclass(frozen=True, slots=True)
class Assignment:
    """Lessons handed in together by a due date."""

    id: str
    title: str
    lessons: tuple[str, ...]
    """The lessons' ids, in the order the file names them."""
    due: datetime
    opens: datetime | None = None
    late: LatePolicy = LatePolicy()
    line: int = 0
    """Where the file defines it (for messages)."""


@dataclass(frozen=True, slots=True)
class Extension:
    """More time for one student on one assignment."""

    student: str
    assignment: str
    due: datetime
    line: int = 0
    file: str = field(default="", compare=False)
    """The ``extensions.toml`` that gives it (for messages: ``FILE:LINE``)."""


@dataclass(frozen=True, slots=True)
class Course:
    """A course's assignments, and its students' extensions."""

    assignments: tuple[Assignment, ...] = ()
    extensions: tuple[Extension, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.assignments)

    def assignment_of(self, lesson: str) -> Assignment | None:
        """The assignment ``lesson`` belongs to, or None."""
        return next((a for a in self.assignments if lesson in a.lessons), None)

    def find(self, key: str) -> Assignment | None:
        return next((a for a in self.assignments if a.id == key), None)

    def extension(self, assignment: Assignment, student: str | None) -> Extension | None:
        """The latest extension of ``assignment`` given to ``student`` (names match case and
        outer spaces aside), or None."""
        if not student:
            return None
        given = [
            e
            for e in self.extensions
            if e.assignment == assignment.id and same_name(e.student, student)
        ]
        return max(given, key=lambda e: e.due, default=None)

    def due_for(self, assignment: Assignment, student: str | None) -> datetime:
        """When ``assignment`` is due for ``student``: its due date, or their extension's when
        that is later."""
        given = self.extension(assignment, student)
        return max(assignment.due, given.due) if given is not None else assignment.due

    def late_for(self, assignment: Assignment, student: str | None) -> LatePolicy:
        """The assignment's late policy for ``student``: an extension moves its end too, by as
        many days as it moves the due date (:func:`moved_end`)."""
        due = self.due_for(assignment, student)
        late = assignment.late
        if due == assignment.due or late.until is None:
            return late
        return LatePolicy(late.credit, moved_end(late.until, assignment.due, due))


def moved_end(until: datetime, due: datetime, extended: datetime) -> datetime:
    """``late_until`` for a student whose due date ``due`` an extension moves to ``extended``:
    the day the teacher wrote, as many calendar days later as the due date moved (the days
    counted in the due date's zone, the course's), at the time of day she wrote (teacher walk
    10, #8: moved by the exact difference, a due date of "2026-03-06 23:59" extended to
    "2026-03-09", the end of that day, moved a ``late_until`` of "2026-03-13" to 00:00:58 on
    the 17th, not the 16th). Never before the student's due date (a ``late_until`` on the
    due date's day, moved a day to before an extension late in that day): then by the exact
    difference, as long a late time as the course gives."""
    days = (extended.astimezone(due.tzinfo).date() - due.date()).days
    moved = _days_later(until, days)
    return moved if moved >= extended else until + (extended - due)


def _days_later(moment: datetime, days: int) -> datetime:
    """``moment`` ``days`` calendar days later at the same time of day: in its zone (the
    course's ``timezone``), or, for a time read with the machine's offset (no ``timezone``),
    in the machine's local time, so a change to or from summer time between keeps the time
    of day."""
    from zoneinfo import ZoneInfo

    step = timedelta(days=days)
    if isinstance(moment.tzinfo, ZoneInfo):
        return moment + step  # wall-clock arithmetic in the course's zone
    local = moment.astimezone()
    if local.utcoffset() != moment.utcoffset():
        return moment + step  # an offset the file gave
    return (local.replace(tzinfo=None) + step).astimezone()
