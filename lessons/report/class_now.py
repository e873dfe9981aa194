"""What a teacher's live page shows of a class (``queens-tutor serve --teacher USER``): each
session, where its student is, and who is stuck.

A student is stuck on the question they left open on the page they are on (wrong attempts
made or a hint taken, no answer yet: ``LessonRecord.open``): how many attempts, and how long
ago the last one was. The sessions and whereabouts come from the server's store
(:func:`lessons.report.served.live_sessions`), the open questions from each user's progress.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lessons.report.stats import place_of

if TYPE_CHECKING:
    from lessons.progress.export import Export
    from lessons.report.served import Session


@dataclass(frozen=True, slots=True)
class Stuck:
    """The open question on the page a student is on."""

    question: int
    """Its number on the page, from 1."""
    attempts: int
    minutes: float | None
    """Minutes since its last attempt (None: not known)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One session as the teacher sees it."""

    session: Session
    stuck: Stuck | None


def stuck_on(
    export: Export | None, lesson: str | None, page: int | None, now: float
) -> Stuck | None:
    """The question ``export``'s student left open on page ``page`` (from 1) of ``lesson``."""
    if export is None or lesson is None or page is None:
        return None
    record = export.records.get(lesson)
    if record is None:
        return None
    found: Stuck | None = None
    for key, outcome in record.open.items():
        place = place_of(key)
        if place is None or place[0] != page - 1 or key in record.answers:
            continue
        minutes = (now - outcome.at) / 60 if outcome.at > 0 else None
        here = Stuck(place[1] + 1, outcome.attempts, minutes)
        if found is None or here.attempts > found.attempts:
            found = here
    return found


def class_now(
    sessions: Sequence[Session], exports: Sequence[tuple[str, Export]], now: float
) -> list[Seat]:
    """Each session with the question its student is stuck on, the stuck first (the most
    attempts first), then connected before detached, then by name."""
    by_user: Mapping[str, Export] = {export.student: export for _source, export in exports}
    seats = []
    for session in sessions:
        where = session.where
        export = by_user.get(session.user) if session.user is not None else None
        lesson = where.lesson if where is not None else None
        page = where.page if where is not None else None
        seats.append(Seat(session, stuck_on(export, lesson, page, now)))

    def rank(seat: Seat) -> tuple[bool, int, bool, str]:
        attempts = seat.stuck.attempts if seat.stuck is not None else 0
        name = (seat.session.user or "").casefold()
        return (seat.stuck is None, -attempts, seat.session.state != "connected", name)

    return sorted(seats, key=rank)
