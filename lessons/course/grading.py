"""A student's grade on an assignment: the score, and whether the work was on time, late or
missing.

Each lesson counts the better of its current run (each point worth what the late policy says
for when it was earned, :meth:`LatePolicy.worth`) and its completed runs. The status is
``on-time``, ``late``, ``missing``, ``open`` (before the due date) or ``not-open``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from lessons.course.model import Assignment, Course, LatePolicy
from lessons.progress.records import LessonRecord


class Status(StrEnum):
    NOT_OPEN = "not-open-yet"
    OPEN = "not-due-yet"
    ON_TIME = "on-time"
    LATE = "late"
    MISSING = "missing"


@dataclass(frozen=True, slots=True)
class Grade:
    """One student's grade on one assignment: ``score`` the points as counted (to two
    decimals), ``due`` the student's due date, ``done_at`` when the last of its lessons was
    first done (None while one is not), ``earned_at`` when the last point counted was earned
    (None: none counts)."""

    assignment: Assignment
    status: Status
    score: float
    max_score: int
    due: datetime
    extended: bool
    done_at: datetime | None
    earned_at: datetime | None = None

    @property
    def handed_in(self) -> datetime | None:
        """When the work counted was handed in: when its points were earned, else when its
        last lesson was done."""
        return self.earned_at or self.done_at


def _when(seconds: float) -> datetime | None:
    return None if seconds <= 0 else datetime.fromtimestamp(seconds).astimezone()


def _worth(seconds: float, late: LatePolicy, due: datetime) -> float:
    moment = _when(seconds)
    return 1.0 if moment is None else late.worth(moment, due)


def lesson_points(record: LessonRecord, late: LatePolicy, due: datetime) -> tuple[float, float]:
    """The lesson's points as counted (the better of its current run and its completed runs,
    on a tie the one earned first) and when they were earned (seconds since the epoch; 0 when
    no point counts or the record cannot say)."""
    earned: list[tuple[float, float]] = []  # (when, what it counts) of each answer
    for answer in record.answers.values():
        at = answer.at or record.updated
        earned.append((at, answer.points * _worth(at, late, due)))
    current = sum(points for _at, points in earned)
    best = (current, max((at for at, points in earned if points > 0), default=0.0))
    for done in record.completions:
        score = done.score * _worth(done.at, late, due)
        as_much = abs(score - best[0]) < 1e-9
        if (score > best[0] and not as_much) or (as_much and 0 < done.at < best[1]):
            best = (score, done.at)
    return best if best[0] > 0 else (best[0], 0.0)


def lesson_handed_in(
    record: LessonRecord | None, late: LatePolicy, due: datetime
) -> datetime | None:
    """When the lesson's work that counts was handed in: the later of when it was first done
    and when its counted points were earned; None while it is not done."""
    moment = done_at(record)
    if moment is None or record is None:
        return None
    first = _when(moment) or datetime.fromtimestamp(0).astimezone()
    earned = _when(lesson_points(record, late, due)[1])
    return max(first, earned) if earned is not None else first


def done_at(record: LessonRecord | None) -> float | None:
    """When the lesson was first done (seconds since the epoch; 0 when the record cannot
    say), or None when it is not done."""
    if record is None or not record.completed:
        return None
    if record.completions:
        return min(done.at for done in record.completions)
    times = [answer.at for answer in record.answers.values() if answer.at > 0]
    return max(times, default=record.updated)


def grade(
    course: Course,
    assignment: Assignment,
    student: str | None,
    records: Mapping[str, LessonRecord],
    max_scores: Mapping[str, int],
    now: datetime,
) -> Grade:
    """``student``'s grade on ``assignment`` from their lesson ``records`` (by lesson id),
    each lesson worth ``max_scores[lesson]`` points, as it stands at ``now``."""
    due = course.due_for(assignment, student)
    late = course.late_for(assignment, student)
    score = 0.0
    earned = 0.0
    finished: list[float] = []
    every = True
    for lesson in assignment.lessons:
        record = records.get(lesson)
        if record is not None:
            points, moment_earned = lesson_points(record, late, due)
            score += points
            earned = max(earned, moment_earned)
        moment = done_at(record)
        if moment is None:
            every = False
        else:
            finished.append(moment)
    last = _when(max(finished)) if every and finished else None
    if every:
        moments = [moment for moment in (last, _when(earned)) if moment is not None]
        status = Status.ON_TIME if not moments or max(moments) <= due else Status.LATE
    elif now > due:
        status = Status.MISSING
    elif assignment.opens is not None and now < assignment.opens and not finished:
        status = Status.NOT_OPEN
    else:
        status = Status.OPEN
    return Grade(
        assignment,
        status,
        round(score, 2),
        sum(max_scores.get(lesson, 0) for lesson in assignment.lessons),
        due,
        due != assignment.due,
        last if every else None,
        _when(earned),
    )
