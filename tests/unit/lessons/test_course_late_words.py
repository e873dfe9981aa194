"""What the end of a lesson finished after its due date says late work counts (teacher walk
3, L8; issue 41): nothing after ``late_until``, the late credit before it; en/it/pl."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from lessons.course.model import LatePolicy
from lessons.course.words import handed_in_late
from lessons.i18n import set_language
from lessons.progress.records import Completion, LessonRecord
from lessons.shown_time import with_zone

DUE = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=5)


def ended(at: datetime) -> LessonRecord:
    record = LessonRecord(completed=True)
    record.completions = [Completion(at.timestamp(), 1)]
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
        (0.5, "; its points count 50%."),
        (1.0, "; its points count whole, marked late."),
        (0.0, "; it is kept but late work counts nothing."),
    ],
)
def test_late_before_late_until_says_what_it_counts(credit: float, counts: str) -> None:
    until = DUE + timedelta(days=9)
    said = handed_in_late(DUE, ended(DUE + timedelta(days=1)), LatePolicy(credit, until))
    assert said == f"This lesson was handed in late: it was due {with_zone(DUE)}{counts}"


def test_on_time_says_nothing() -> None:
    assert handed_in_late(DUE, ended(DUE - timedelta(hours=1)), LatePolicy(0.5, None)) is None


@pytest.mark.parametrize(
    ("lang", "word"), [("it", "non conta nulla"), ("pl", "nie liczy się wcale")]
)
def test_the_sentence_is_translated(lang: str, word: str) -> None:
    until = DUE + timedelta(days=2)
    set_language(lang)
    try:
        said = handed_in_late(DUE, ended(DUE + timedelta(days=3)), LatePolicy(0.5, until))
    finally:
        set_language("en")
    assert said is not None and word in said and "late work" not in said


def test_a_lesson_handed_in_and_opened_after_its_due_date_says_what_counts() -> None:
    """Teacher walk 6, F5: starting a lesson again (or looking through it) after its due date
    said nothing of what a new run counts, nor that the on-time run keeps counting: opening
    says both (the status line, and the restart questions' note); before the due date,
    nothing."""
    from lessons.course.grading import Grade, Status
    from lessons.course.model import Assignment
    from lessons.course.words import opening

    late = LatePolicy(0.5, None)
    week = Assignment("wk1", "Week 1", ("alpha",), DUE, late=late)
    grade = Grade(week, Status.ON_TIME, 1.0, 2, DUE, False, DUE - timedelta(days=1))
    allowed, said = opening(grade, late)
    assert allowed and said == (
        f"This lesson was due {with_zone(DUE)}: your work is kept and counts 50%, marked late. "
        "What counts now, 1/2, keeps counting; a run started again counts only where it counts "
        "more."
    )
    assert opening(grade, late, DUE - timedelta(hours=1)) == (True, None)
