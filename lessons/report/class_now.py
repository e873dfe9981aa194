"""What a teacher's live page shows of a class (``queens-tutor serve --teacher USER``): each
session, where its student is, and who is stuck.

A student is stuck on the question they left open on the page they are on (wrong attempts
made or a hint taken, no answer yet: ``LessonRecord.open``): how many attempts, and how long
ago the last one was; or, once on that page for :data:`STUCK_MINUTES`, on its first question
not answered, attempted or not (time counts, not only wrong attempts). The sessions and
whereabouts come from the server's store (:func:`lessons.report.served.live_sessions`), the
open questions from each user's progress.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lessons.report.stats import place_of

if TYPE_CHECKING:
    from lessons.model import Lesson
    from lessons.progress.export import Export
    from lessons.report.served import Session


STUCK_MINUTES = 5.0
"""Minutes on a page with a question not answered after which a student counts as stuck
on it, wrong attempt or not."""


@dataclass(frozen=True, slots=True)
class Stuck:
    """The open question on the page a student is on."""

    question: int
    """Its number on the page, from 1."""
    attempts: int
    minutes: float | None
    """Minutes since its last attempt (None: not known, or none made)."""
    on_page: float | None = None
    """Minutes since the student came to the page (None: not known)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One session as the teacher sees it."""

    session: Session
    stuck: Stuck | None


def stuck_on(
    export: Export | None,
    lesson: str | None,
    page: int | None,
    now: float,
    questions: int = 0,
    since: float | None = None,
) -> Stuck | None:
    """The question ``export``'s student is stuck on, on page ``page`` (from 1) of ``lesson``:
    the one they left open (wrong attempts, a hint), or, once they have been on the page
    (since ``since``, seconds since the epoch) for :data:`STUCK_MINUTES`, the first of its
    ``questions`` they have not answered."""
    if lesson is None or page is None:
        return None
    record = export.records.get(lesson) if export is not None else None
    on_page = (now - since) / 60 if since is not None and now >= since else None
    found: Stuck | None = None
    opened = record.open if record is not None else {}
    answered = record.answers if record is not None else {}
    for key, outcome in opened.items():
        place = place_of(key)
        if place is None or place[0] != page - 1 or key in answered:
            continue
        minutes = (now - outcome.at) / 60 if outcome.at > 0 else None
        here = Stuck(place[1] + 1, outcome.attempts, minutes, on_page)
        if found is None or here.attempts > found.attempts:
            found = here
    if found is not None or on_page is None or on_page < STUCK_MINUTES:
        return found
    for number in range(questions):
        if f"{page - 1}.{number}" not in answered:
            return Stuck(number + 1, 0, None, on_page)
    return None


def _epoch(iso: str) -> float | None:
    from datetime import datetime

    try:
        return datetime.fromisoformat(iso).timestamp()
    except (ValueError, OverflowError, OSError):
        return None


def class_now(
    sessions: Sequence[Session],
    exports: Sequence[tuple[str, Export]],
    now: float,
    lessons: Mapping[str, Lesson] | None = None,
) -> list[Seat]:
    """Each session with the question its student is stuck on, the stuck first (the most
    attempts first), then connected before detached, then by name. With the ``lessons``
    (by id), a named student long on a page with a question not answered is stuck too."""
    by_user: Mapping[str, Export] = {export.student: export for _source, export in exports}
    seats = []
    for session in sessions:
        where = session.where
        export = by_user.get(session.user) if session.user is not None else None
        lesson = where.lesson if where is not None else None
        page = where.page if where is not None else None
        known = (lessons or {}).get(lesson or "")
        questions = 0
        if known is not None and page is not None and 0 < page <= len(known.pages):
            questions = len(known.pages[page - 1].questions)
        since = _epoch(where.updated) if where is not None and session.user else None
        seats.append(Seat(session, stuck_on(export, lesson, page, now, questions, since)))

    def rank(seat: Seat) -> tuple[bool, int, bool, str]:
        attempts = seat.stuck.attempts if seat.stuck is not None else 0
        name = (seat.session.user or "").casefold()
        return (seat.stuck is None, -attempts, seat.session.state != "connected", name)

    return sorted(seats, key=rank)
