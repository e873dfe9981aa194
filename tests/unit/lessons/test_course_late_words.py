"""What the end of a lesson finished after its due date says late work counts: nothing after
``late_until``, the late credit before it; en/it/pl."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from lessons.course.grading import Grade, Status, lesson_points
from lessons.course.model import Assignment, LatePolicy
from lessons.course.words import handed_in_late, opening
from lessons.i18n import set_language
from lessons.progress.records import Completion, LessonRecord, QuestionRecord
from lessons.shown_time import with_zone

DUE = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=5)


def ended(at: datetime) -> LessonRecord:
    record = LessonRecord(completed=True, max_score=2)
    record.completions = [Completion(at.timestamp(), 1)]
    return record


def answered(first: datetime, second: datetime) -> LessonRecord:
    """A run of two quiz questions, each right at its first attempt: the first answered at
    ``first``, the second (and the run's end) at ``second``."""
    record = LessonRecord(completed=True, best_score=2, max_score=2, runs=1)
    record.answers = {
        "0.0": QuestionRecord(True, 1, scored=True, points=1, at=first.timestamp()),
        "0.1": QuestionRecord(True, 1, scored=True, points=1, at=second.timestamp()),
    }
    record.completions = [Completion(second.timestamp(), 2)]
    return record


def test_after_late_until_it_counts_nothing() -> None:
    until = DUE + timedelta(days=2)
    said = handed_in_late(DUE, ended(DUE + timedelta(days=3)), LatePolicy(0.5, until))
    assert said == (
        "This lesson was handed in after late work stopped counting: it is kept but counts "
        f"nothing (it was due {with_zone(DUE)}, late work counted until {with_zone(until)})."
    )


@pytest.mark.parametrize(
    ("credit", "counts"),
    [
        (0.5, "; the points earned after that count 50%, so it counts 0.5/2."),
        (1.0, "; its points count whole, marked late."),
        (0.0, "; it is kept but late work counts nothing."),
    ],
)
def test_late_before_late_until_says_what_it_counts(credit: float, counts: str) -> None:
    until = DUE + timedelta(days=9)
    said = handed_in_late(DUE, ended(DUE + timedelta(days=1)), LatePolicy(credit, until))
    assert said == f"This lesson was handed in late: it was due {with_zone(DUE)}{counts}"


def test_points_earned_by_the_due_date_are_not_said_to_be_halved() -> None:
    """Only the points earned after the due date count less: the end says what the lesson
    counts, the gradebook's number; after ``late_until`` too."""
    record = answered(DUE - timedelta(hours=1), DUE + timedelta(hours=1))
    late = LatePolicy(0.5, None)
    said = handed_in_late(DUE, record, late)
    assert said == (
        f"This lesson was handed in late: it was due {with_zone(DUE)}; the points earned after "
        "that count 50%, so it counts 1.5/2."
    )
    assert lesson_points(record, late, DUE)[0] == 1.5  # the gradebook's
    until = DUE + timedelta(minutes=30)
    record = answered(DUE - timedelta(hours=1), DUE + timedelta(hours=1))
    said = handed_in_late(DUE, record, LatePolicy(0.5, until))
    assert said == (
        "This lesson was handed in after late work stopped counting (it was due "
        f"{with_zone(DUE)}, late work counted until {with_zone(until)}): the points earned "
        "after that count nothing, so it counts 1/2."
    )
    assert lesson_points(record, LatePolicy(0.5, until), DUE)[0] == 1
    # an earlier run on time counts 2/2; this run counts 1.5/2, not its score halved
    earlier = DUE - timedelta(days=1)
    record = answered(DUE - timedelta(hours=1), DUE + timedelta(hours=1))
    record.completions.insert(0, Completion(earlier.timestamp(), 2))
    said = handed_in_late(DUE, record, late)
    assert said == (
        f"This run ended after the due date, {with_zone(DUE)}: the points it earned after that "
        f"count 50%, so it counts 1.5/2. Your run of {with_zone(earlier)} was on time and is the "
        "one that counts: 2/2."
    )


def test_on_time_says_nothing() -> None:
    assert handed_in_late(DUE, ended(DUE - timedelta(hours=1)), LatePolicy(0.5, None)) is None


@pytest.mark.parametrize(
    ("lang", "word"), [("it", "non conta nulla"), ("pl", "nie liczy się wcale")]
)
def test_the_sentence_is_translated(lang: str, word: str) -> None:
    until = DUE + timedelta(days=2)
    set_language(lang)
    said = handed_in_late(DUE, ended(DUE + timedelta(days=3)), LatePolicy(0.5, until))
    assert said is not None and word in said and "late work" not in said


def test_a_lesson_handed_in_and_opened_after_its_due_date_says_what_counts() -> None:
    """Opening a lesson after its due date says what a new run counts and that the on-time
    run keeps counting; before the due date, nothing."""
    late = LatePolicy(0.5, None)
    week = Assignment("wk1", "Week 1", ("alpha",), DUE, late=late)
    grade = Grade(week, Status.ON_TIME, 1.0, 2, DUE, False, DUE - timedelta(days=1))
    allowed, said = opening(grade, late)
    assert allowed and said == (
        f"This lesson was due {with_zone(DUE)}: your work is kept and counts 50%, marked late. "
        "What counts now of Week 1, 1/2 for all its lessons, keeps counting; a run started "
        "again counts only where it counts more."  # named: not the lesson's
    )
    assert opening(grade, late, DUE - timedelta(hours=1)) == (True, None)
