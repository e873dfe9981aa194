"""A student's grade on an assignment: the score, and whether the work was on time, late or
missing.

**Score.** Each lesson of the assignment gives its quiz points (one per quiz question right at
the first attempt without a hint: ``QuestionRecord.points``), each worth what the assignment's
late policy says for the moment it was earned (:meth:`LatePolicy.worth`: whole until the
student's due date, ``late_credit`` after it, nothing after ``late_until``). A lesson counts
the better of its current run (each answer at its own time) and its completed runs
(``LessonRecord.completions``: the run's score at the moment it ended), so a run finished on time
keeps its credit when the student runs the lesson again later. Work is kept whatever its time:
the grade only weighs it. An answer of an older file without a time counts as on time.

**Status.** ``on-time`` when every lesson of the assignment was done (completed) by the due
date and the points counted were earned by it, ``late`` when done but the last one after it or
a point counted earned after it (a run again after the due date that counts: the score, the
status and ``done_at`` tell one story; on a tie the run that earned the points first counts),
``missing`` when the due date has passed and a lesson is not done, ``open`` before the due
date, ``not-open`` before the assignment opens (while nothing of it is done).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
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
    """One student's grade on one assignment."""

    assignment: Assignment
    status: Status
    score: float
    """The points as counted (late ones weighed by the late policy), to two decimals."""
    max_score: int
    due: datetime
    """The due date for this student (an extension's, when later)."""
    extended: bool
    done_at: datetime | None
    """When the last of its lessons was first done, or None while one is not."""
    earned_at: datetime | None = None
    """When the points counted were earned (the last of them), or None: none counts."""

    @property
    def handed_in(self) -> datetime | None:
        """When the work counted was handed in (the gradebook's ``done_at``): when its points
        counted were earned, else (no point counts) when its last lesson was done; None:
        nothing earned nor done."""
        return self.earned_at or self.done_at


def _when(seconds: float) -> datetime | None:
    if seconds <= 0:
        return None
    return datetime.fromtimestamp(seconds).astimezone()


def _worth(seconds: float, late: LatePolicy, due: datetime) -> float:
    moment = _when(seconds)
    return 1.0 if moment is None else late.worth(moment, due)


def lesson_score(record: LessonRecord, late: LatePolicy, due: datetime) -> float:
    """The lesson's points as counted: the better of its current run and its completed runs."""
    return lesson_points(record, late, due)[0]


def lesson_points(record: LessonRecord, late: LatePolicy, due: datetime) -> tuple[float, float]:
    """The lesson's points as counted (the better of its current run and its completed runs)
    and when they were earned (seconds since the epoch: the last point of the current run
    counted, or the completion of the run counted; 0 when no point counts or the record
    cannot say)."""
    earned: list[tuple[float, float]] = []  # (when, what it counts) of each answer
    for answer in record.answers.values():
        at = answer.at or record.updated
        earned.append((at, answer.points * _worth(at, late, due)))
    current = sum(points for _at, points in earned)
    moment = max((at for at, points in earned if points > 0), default=0.0)
    best = (current, moment)
    for done in record.completions:
        score = done.score * _worth(done.at, late, due)
        as_much = abs(score - best[0]) < 1e-9
        if (score > best[0] and not as_much) or (as_much and 0 < done.at < best[1]):
            best = (score, done.at)  # on a tie, the run that earned them first (teacher walk 4, M1)
    return best if best[0] > 0 else (best[0], 0.0)


def lesson_handed_in(
    record: LessonRecord | None, late: LatePolicy, due: datetime
) -> datetime | None:
    """When the lesson's work that counts was handed in: when its counted points were
    earned, or (none counts, or earlier) when it was first done; None while it is not done.
    What the menu and the gradebook compare with the due date (teacher walk 4, M1)."""
    first = lesson_done(record)
    if first is None or record is None:
        return None
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


def lesson_done(record: LessonRecord | None) -> datetime | None:
    """When the lesson was first done (its record cannot say: the epoch), or None when it is
    not done: what the lesson menu compares with the due date."""
    moment = done_at(record)
    if moment is None:
        return None
    return _when(moment) or datetime.fromtimestamp(0).astimezone()


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
    if every:  # on time or late as the points counted were earned (teacher walk 4, M1)
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


def lesson_grade(
    course: Course,
    assignment: Assignment,
    lesson: str,
    student: str | None,
    records: Mapping[str, LessonRecord],
    max_scores: Mapping[str, int],
    now: datetime,
) -> Grade:
    """``student``'s grade on one ``lesson`` of ``assignment``, as if the assignment held it
    alone: its points as counted (the run that counts, late points weighed), on time or late as
    they were earned, with the student's due date (an extension's). What the class table says
    counts of the lesson, beside its best score (issue 41: one story with the gradebook)."""
    alone = replace(assignment, lessons=(lesson,))
    return grade(course, alone, student, records, max_scores, now)


def grade_of_lesson(
    course: Course,
    lesson: str,
    student: str | None,
    records: Mapping[str, LessonRecord],
    max_scores: Mapping[str, int],
    now: datetime,
) -> Grade | None:
    """The grade of the assignment ``lesson`` belongs to, or None when it belongs to none."""
    assignment = course.assignment_of(lesson)
    if assignment is None:
        return None
    return grade(course, assignment, student, records, max_scores, now)
