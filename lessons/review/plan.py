"""What a review asks now: the kinds the student missed that are due (:func:`plan_review`), and
one question of a review (:class:`ReviewItem`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from lessons.model import Lesson
from lessons.progress.store import ProgressStore
from lessons.quiz.drawers.base import Instance, Template
from lessons.quiz.kinds import REVIEWED
from lessons.review import MAX_QUESTIONS
from lessons.review.boxes import Miss, Standing, due, next_due, standings
from lessons.review.missed import Asked, asked_questions


@dataclass(frozen=True, slots=True)
class ReviewPlan:
    """What is due: every reviewed kind's standing, the kinds due now, the next later due day, every
    question answered or started, the moment planned for, and the lessons finished."""

    standings: dict[str, Standing]
    due: tuple[Standing, ...]
    next_day: date | None
    asked: tuple[Asked, ...]
    now: float
    finished: frozenset[str] = frozenset()

    @property
    def count(self) -> int:
        """How many questions a review asks now."""
        return min(len(self.due), MAX_QUESTIONS)


def plan_review(lessons: Sequence[Lesson], store: ProgressStore, now: float) -> ReviewPlan:
    """What is due at ``now`` among the kinds the student missed in ``lessons`` (those a review
    can ask anew and that a lesson loaded here asks)."""
    asked = asked_questions(lessons, store.record_for)
    kinds = {q.kind for lesson in lessons for page in lesson.pages for q in page.questions}
    reviewed = kinds & REVIEWED
    misses = [Miss(a.kind, a.at) for a in asked if a.missed and a.kind in reviewed]
    outcomes = [outcome for outcome in store.review.outcomes if outcome.kind in reviewed]
    found = standings(misses, outcomes)
    finished = frozenset(
        lesson.id
        for lesson in lessons
        if (record := store.record_for(lesson)) is not None and record.completed
    )
    return ReviewPlan(
        found, tuple(due(found, now)), next_due(found, now), tuple(asked), now, finished
    )


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """One question of a review: the kind's standing, the lesson question it was drawn from,
    the instance asked, and the lesson the kind was missed in when that is another one."""

    standing: Standing
    template: Template
    instance: Instance
    missed_in: Lesson | None = None

    @property
    def kind(self) -> str:
        return self.standing.kind

    @property
    def lesson(self) -> Lesson:
        """The lesson the kind was missed in: the one the review files the question under."""
        return self.missed_in or self.template.lesson


def next_lesson(
    lessons: Sequence[Lesson], store: ProgressStore, first: Sequence[Lesson] = ()
) -> Lesson | None:
    """The lesson to do next: the one left unfinished, else the first not completed of ``first``
    (the course's open assignments), else of ``lessons``; else None."""
    unfinished = store.in_progress(lessons)
    if unfinished is not None:
        return unfinished
    for lesson in [*first, *lessons]:
        record = store.record_for(lesson)
        if record is None or not record.completed:
            return lesson
    return None
