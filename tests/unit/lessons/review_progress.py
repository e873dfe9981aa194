"""Progress files with missed questions, and a clock, for the review's tests."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

from lessons.catalog import load_catalog
from lessons.model import Lesson
from lessons.progress.records import QuestionRecord
from lessons.progress.reviews import ReviewOutcome
from lessons.progress.store import ProgressStore
from lessons.quiz.drawers.base import Drawer
from lessons.quiz.kinds import KINDS
from lessons.review.choose import Seen, posed_at, standing_of
from lessons.review.plan import ReviewItem, plan_review
from lessons.review.session import ReviewSession, compose

START = datetime(2026, 3, 2, 12, 0)
"""Monday 2 March 2026, noon, on the machine's clock (every day of a test is at noon)."""


def at(days: float = 0, hours: float = 0) -> float:
    """``days`` after :data:`START` (local time), in seconds since the epoch."""
    return (START + timedelta(days=days, hours=hours)).timestamp()


class Clock:
    """A clock a test sets: ``clock()`` is the time now."""

    def __init__(self, days: float = 0) -> None:
        self.now = at(days)

    def __call__(self) -> float:
        return self.now

    def set(self, days: float, hours: float = 0) -> None:
        self.now = at(days, hours)


@cache
def lessons(lang: str = "en") -> tuple[Lesson, ...]:
    return load_catalog(lang, []).lessons


def lesson(lesson_id: str, lang: str = "en") -> Lesson:
    """The built-in lesson ``lesson_id`` in ``lang`` (found by the catalog, as ``--lesson``)."""
    found = load_catalog(lang, []).find(lesson_id)
    assert found is not None, lesson_id
    return found


def miss(
    store: ProgressStore,
    lesson_id: str,
    keys: Iterable[str],
    when: float | None = None,
    how: str = "attempts",
    completed: bool = True,
) -> None:
    """Record ``keys`` of a lesson as missed at ``when`` (default :data:`START`) after two
    attempts, a hint or the answer shown (``how``); the lesson ``completed``."""
    record = store.lesson(lesson_id)
    record.completed = completed
    for key in keys:
        record.answers[key] = QuestionRecord(
            right=how != "shown",
            attempts={"attempts": 2, "hint": 1, "shown": 1}[how],
            hint=how == "hint",
            revealed=how == "shown",
            at=at() if when is None else when,
        )
    assert store.save(lesson_id, record)


def answered(
    store: ProgressStore,
    lesson_id: str,
    instances: dict[str, str],
    right: bool = False,
    attempts: int = 1,
    **more: Any,
) -> None:
    """The finished lesson's questions ``key: instance`` (the instance its quiz drew, or "")
    answered at :data:`START`: by default wrong at the first attempt."""
    record = store.lesson(lesson_id)
    record.completed = True
    for key, instance in instances.items():
        record.answers[key] = QuestionRecord(right, attempts, at=at(), instance=instance, **more)
    assert store.save(lesson_id, record)


def right_first(store: ProgressStore, lesson_id: str, keys: Iterable[str]) -> None:
    """Record the questions ``keys`` as right at the first attempt (not missed)."""
    record = store.lesson(lesson_id)
    for key in keys:
        record.answers[key] = QuestionRecord(right=True, attempts=1, at=at())
    assert store.save(lesson_id, record)


def store_at(folder: Path) -> ProgressStore:
    return ProgressStore(folder / "queens-tutor" / "progress.json")


def keys_of(lesson: Lesson) -> list[str]:
    """The key ("page.number") of every question of ``lesson``."""
    return [f"{i}.{n}" for i, page in enumerate(lesson.pages) for n in range(len(page.questions))]


def every_question_missed(folder: Path) -> ProgressStore:
    """The progress file in ``folder`` of a student who missed every built-in question."""
    store = store_at(folder)
    for each in lessons():
        miss(store, each.id, keys_of(each), when=at())
    return store


def record_missed(store: ProgressStore, item: ReviewItem, day: float, seed: int) -> None:
    """The review item missed at ``day`` (a wrong first answer: due again the next day)."""
    template = item.template
    missed_in = item.missed_in.id if item.missed_in is not None else ""
    outcome = ReviewOutcome(
        at(day),
        item.kind,
        template.lesson.id,
        template.key,
        item.instance.text,
        False,
        1,
        cause="wrong",
        missed_in=missed_in,
    )
    assert store.add_review(outcome, seed)


def seen_of(item: ReviewItem) -> Seen:
    """What the student sees of a review item about a board: its board and tick."""
    found = reviewer(item.kind)
    assert found is not None
    shown = posed_at(item.instance, standing_of(found, item.template))
    assert shown is not None, item.instance.text
    return shown


def reviews_in_a_row(
    store: ProgressStore, seed: int, days: Iterable[int], loaded: tuple[Lesson, ...] = ()
) -> Iterator[tuple[int, ReviewSession]]:
    """The review drawn by ``seed`` on each of ``days`` (of ``loaded``, default the built-in);
    once read, each of its items is recorded missed (due again the next day)."""
    loaded = loaded or lessons()
    for day in days:
        review = compose(plan_review(loaded, store, at(day)), loaded, store.review, seed)
        assert review is not None, day
        yield day, review
        for item in review.items:
            record_missed(store, item, day, review.seed)


def item_of(review: ReviewSession, kind: str) -> ReviewItem:
    """The review's one item of ``kind``."""
    (item,) = [item for item in review.items if item.kind == kind]
    return item


def reviewer(kind: str) -> Drawer | None:
    """The drawer of question kind ``kind`` (None: no such kind)."""
    found = KINDS.get(kind)
    return found.drawer if found is not None else None
