"""The review's outcomes for a teacher (``queens-tutor report --students``), apart from the
lesson scores: each question a review asked each student (the kind, the lesson question it was
drawn from, the instance asked, right at the first attempt or missed, and when) with the
Leitner box the kind went to, and where each kind stands now (its box and the day it is due).

Reviews never change the class table or the per-question statistics: those are read from the
lesson records only. The boxes are worked out as the student's tutor works them
(:mod:`lessons.review.boxes`), from the review's outcomes and, for the lessons loaded here, the
lessons' misses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lessons.model import Lesson
from lessons.progress.export import moment
from lessons.progress.moved_pages import follow_pages, lesson_digests
from lessons.progress.records import LessonRecord
from lessons.review.boxes import Miss, replay, standings
from lessons.review.missed import asked_questions

if TYPE_CHECKING:
    from lessons.progress.export import Export


@dataclass(frozen=True, slots=True)
class ReviewRow:
    """One question a review asked one student."""

    student: str
    source: str
    kind: str
    lesson: str
    page: int
    question: int
    """The lesson question the instance was drawn from (from 1; 0 when not known)."""
    instance: str
    right_first: bool
    attempts: int
    hint: bool
    shown: bool
    at: str
    """When it was decided (local ISO 8601), "" if unknown."""
    box: int
    """The kind's box after this outcome."""

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


@dataclass(frozen=True, slots=True)
class KindStanding:
    """Where one kind stands now for one student."""

    student: str
    source: str
    kind: str
    box: int
    due: str
    """The day it is due (ISO 8601)."""
    reviews: int
    right: int

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


def _place(key: str) -> tuple[int, int]:
    page, _dot, number = key.partition(".")
    if page.isdecimal() and number.isdecimal() and len(page + number) < 9:
        return int(page) + 1, int(number) + 1
    return 0, 0


def _record_for(export: Export) -> Callable[[Lesson], LessonRecord | None]:
    def record_for(lesson: Lesson) -> LessonRecord | None:
        record = export.records.get(lesson.id)
        return None if record is None else follow_pages(record, lesson_digests(lesson))

    return record_for


def _misses(export: Export, lessons: Sequence[Lesson]) -> list[Miss]:
    asked = asked_questions(lessons, _record_for(export))
    return [Miss(question.kind, question.at) for question in asked if question.missed]


def review_rows(
    exports: Iterable[tuple[str, Export]], lessons: Sequence[Lesson] = ()
) -> tuple[list[ReviewRow], list[KindStanding]]:
    """Every review outcome of every student, by student then time, with the kind's box after
    it; and every reviewed kind's standing now, by student then kind."""
    rows: list[ReviewRow] = []
    kinds: list[KindStanding] = []
    for source, export in exports:
        history = export.review.outcomes
        if not history:
            continue
        student = export.student or source
        misses = _misses(export, lessons)
        for outcome, standing in replay(misses, history):
            if outcome is None:
                continue  # a miss in a lesson: the lesson's own rows say it
            page, number = _place(outcome.question)
            rows.append(
                ReviewRow(
                    student,
                    source,
                    outcome.kind,
                    outcome.lesson,
                    page,
                    number,
                    outcome.instance,
                    outcome.right,
                    outcome.attempts,
                    outcome.hint,
                    outcome.revealed,
                    moment(outcome.at),
                    standing.box,
                )
            )
        reviewed = {outcome.kind for outcome in history}
        for kind, standing in sorted(standings(misses, history).items()):
            if kind in reviewed:
                kinds.append(
                    KindStanding(
                        student,
                        source,
                        kind,
                        standing.box,
                        standing.due_day.isoformat(),
                        standing.reviews,
                        standing.right,
                    )
                )
    rows.sort(key=lambda row: (row.student.casefold(), row.source))  # stable: in time order
    kinds.sort(key=lambda kind: (kind.student.casefold(), kind.source, kind.kind))
    return rows, kinds
