"""The Leitner boxes: when each kind of question the student missed comes back.

A kind missed in a lesson (more than one attempt, a hint, or the answer shown) enters the first
box; in box B it is due :data:`INTERVALS` [B] calendar days (the student's clock) after it
entered. Right at the first attempt without a hint in a review, it moves up a box; missed in a
review or again in a lesson, it goes back to the first. The standings are computed, never
stored, by replaying the misses and review outcomes in time order (:func:`standings`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta

from lessons.progress.reviews import ReviewOutcome
from lessons.review import INTERVALS


@dataclass(frozen=True, slots=True)
class Standing:
    """Where one kind stands: its box (1 to ``len(INTERVALS)``), since when, and its reviews."""

    kind: str
    box: int
    since: float
    """When the kind entered its box (seconds since the epoch): its last miss, or the start
    of its last review."""
    reviews: int = 0
    """How many times a review asked the kind."""
    right: int = 0
    """How many of those were right at the first attempt without a hint."""
    missed_in_lesson: bool = True
    """The last event was a miss in a lesson (not a review's outcome)."""

    @property
    def due_day(self) -> date:
        """The day the kind is due (the student's calendar)."""
        return day(self.since) + timedelta(days=INTERVALS[self.box - 1])

    def is_due(self, now: float) -> bool:
        return self.due_day <= day(now)


def day(seconds: float) -> date:
    """The local calendar day of a moment (seconds since the epoch); the epoch's for 0."""
    try:
        return datetime.fromtimestamp(max(seconds, 0.0)).date()
    except (OverflowError, OSError, ValueError):
        return date.max - timedelta(days=max(INTERVALS))


def as_of(today: date) -> Callable[[], float]:
    """A clock on ``today``: the time of day now, on that day."""
    now = datetime.now()
    offset = datetime.combine(today, now.time()).timestamp() - now.timestamp()
    return lambda: time.time() + offset


def review_day(outcome: ReviewOutcome) -> date:
    """The day of the review ``outcome`` was asked in: the day that review began (one answered
    across midnight is one review), else (a file written before that was kept) its own."""
    return day(outcome.started or outcome.at)


@dataclass(frozen=True, slots=True)
class Miss:
    """A kind missed in a lesson at a moment (one of :mod:`lessons.review.missed`'s)."""

    kind: str
    at: float


def standings(misses: Iterable[Miss], outcomes: Iterable[ReviewOutcome]) -> dict[str, Standing]:
    """Every kind's standing after the lessons' ``misses`` and the review's ``outcomes``, in
    time order (a miss before a review's outcome at the same moment)."""
    found: dict[str, Standing] = {}
    for _outcome, standing in replay(misses, outcomes):
        found[standing.kind] = standing
    return found


def replay(
    misses: Iterable[Miss], outcomes: Iterable[ReviewOutcome]
) -> Iterator[tuple[ReviewOutcome | None, Standing]]:
    """Each miss (None) and review outcome in time order, with its kind's standing after it."""
    events: list[tuple[float, int, str, ReviewOutcome | None]] = [
        (miss.at, 0, miss.kind, None) for miss in misses
    ]
    events += [(outcome.at, 1, outcome.kind, outcome) for outcome in outcomes]
    found: dict[str, Standing] = {}
    for at, _order, kind, outcome in sorted(events, key=lambda event: event[:3]):
        was = found.get(kind)
        if outcome is None:
            now = (
                Standing(kind, 1, at)
                if was is None
                else replace(was, box=1, since=at, missed_in_lesson=True)
            )
        else:
            box = was.box if was is not None else 1
            box = min(box + 1, len(INTERVALS)) if outcome.right else 1
            reviews = (was.reviews if was is not None else 0) + 1
            right = (was.right if was is not None else 0) + int(outcome.right)
            # counted from the day the review began: one answered across midnight is one review
            since = min(outcome.started, at) if outcome.started > 0 else at
            now = Standing(kind, box, since, reviews, right, missed_in_lesson=False)
        found[kind] = now
        yield outcome, now


def due(found: dict[str, Standing], now: float) -> list[Standing]:
    """The kinds due at ``now``: the lowest box first, then the longest due, then by name."""
    ready = [standing for standing in found.values() if standing.is_due(now)]
    return sorted(ready, key=lambda s: (s.box, s.due_day, s.kind))


def next_due(found: dict[str, Standing], now: float) -> date | None:
    """The first day after ``now`` that a kind is due, or None when none is waiting."""
    later = [standing.due_day for standing in found.values() if not standing.is_due(now)]
    return min(later, default=None)
