"""Who is connected to a server, where they are and who is stuck, as tables: ``report
--live`` and the sessions on the teacher's page.

A student is stuck on the question she left open on the page she is on (wrong attempts made or
a hint taken, no answer yet): how many attempts, and how long ago the last one was; or, once on
that page for :data:`STUCK_MINUTES`, on its first question not answered, attempted or not."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from lessons.i18n import _, ngettext, pgettext
from lessons.report.stats import place_of
from lessons.report.table import Column, Row, Section, Table
from lessons.shown_time import epoch, machine_iso, shown

if TYPE_CHECKING:
    from lessons.model import Lesson
    from lessons.progress.export import Export
    from lessons.report.served import Session, Where

FIELDS = ("user", "address", "pid", "started", "state", "screen", "lesson", "page", "updated")


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


def class_now(
    sessions: Sequence[Session],
    exports: Sequence[tuple[str, Export]],
    now: float,
    lessons: Mapping[str, Lesson] | None = None,
) -> list[Seat]:
    """Each session with the question its student is stuck on (named as her files name her),
    the stuck first (the most attempts first), then connected before detached, then by name.
    With the ``lessons`` (by id), a named student long on a page with a question not answered
    is stuck too."""
    by_user: Mapping[str, Export] = {e.login or e.student: e for _source, e in exports}
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
        since = epoch(where.updated) if where is not None and session.user else None
        stuck = stuck_on(export, lesson, page, now, questions, since)
        if export is not None and export.student != session.user:  # a course site's name
            session = replace(session, user=export.student)
        seats.append(Seat(session, stuck))

    def rank(seat: Seat) -> tuple[bool, int, bool, str]:
        attempts = seat.stuck.attempts if seat.stuck is not None else 0
        name = (seat.session.user or "").casefold()
        return (seat.stuck is None, -attempts, seat.session.state != "connected", name)

    return sorted(seats, key=rank)


def screen_words(name: str) -> str:
    """A screen's name as the served tutor writes it (``lesson-menu``), in words; an unknown
    one as it is."""
    words = {
        "main": pgettext("where", "the board"),
        "lesson": pgettext("where", "a lesson"),
        "lesson-menu": pgettext("where", "the lesson menu"),
        "review": pgettext("where", "the review"),
        "place": pgettext("where", "placing queens"),
        "board": pgettext("where", "a board"),
        "tree": pgettext("where", "the search tree"),
        "help": pgettext("where", "the help"),
        "projector": pgettext("where", "the projector layout"),
        "restart-question": pgettext("where", "the lesson menu"),
        "guess-question": pgettext("where", "a prediction"),
        "too-small": pgettext("where", "a window too small"),
    }
    return words.get(name, name)


def where_words(where: Where | None, titles: Mapping[str, str], when: bool = True) -> str:
    """Where a user is, in words; ``when``: with the lesson's id and the time it was said."""
    if where is None:
        return pgettext("report", "not known")
    parts = [screen_words(where.screen)]
    if where.lesson is not None and when:
        title = titles.get(where.lesson) or where.title
        parts.append(f"{title} ({where.lesson})" if title else where.lesson)
    elif where.lesson is not None:
        parts.append(titles.get(where.lesson, where.lesson))
    if where.page is not None:
        parts.append(_("page {page}").format(page=where.page))
    if when:
        parts.append(_("at {time}").format(time=shown(where.updated)))
    return ", ".join(part for part in parts if part)


def state_words(state: str) -> str:
    if state == "connected":
        return pgettext("session", "connected")
    return pgettext("session", "detached")


def live_table(sessions: Sequence[Session], titles: Mapping[str, str]) -> Table:
    """``report --live``: the connected first, then by user."""
    found = sorted(sessions, key=lambda s: (s.state != "connected", (s.user or "").casefold()))
    connected = sum(1 for session in found if session.state == "connected")
    count = ngettext(
        "{count} session on the server, {connected} connected",
        "{count} sessions on the server, {connected} connected",
        len(found),
    ).format(count=len(found), connected=connected)
    rows = []
    for session in found:
        where = session.where
        values = {
            "user": session.user,
            "address": session.address,
            "pid": session.pid,
            "started": machine_iso(session.started),
            "state": session.state,
            "screen": where.screen if where else None,
            "lesson": where.lesson if where else None,
            "page": where.page if where else None,
            "updated": machine_iso(where.updated) if where else None,
        }
        cells = (
            session.user if session.user is not None else "-",
            state_words(session.state),
            session.address,
            shown(session.started),
            where_words(where, titles),
        )
        rows.append(Row(values, cells))
    columns = [
        Column(pgettext("report", "User")),
        Column(pgettext("report", "State")),
        Column(pgettext("report", "Address")),
        Column(pgettext("report", "Started")),
        Column(pgettext("report", "Where")),
    ]
    return Table("sessions", FIELDS, columns, Section((count,), rows), header=0 if rows else None)


def stuck_words(seat: Seat) -> str:
    """The question a student is stuck on, in words ("" when none)."""
    stuck = seat.stuck
    if stuck is None:
        return ""
    if stuck.attempts == 0 and stuck.on_page is not None:
        return _("question {question}: no answer yet, on the page for {minutes} min").format(
            question=stuck.question, minutes=max(0, round(stuck.on_page))
        )
    attempts = ngettext(
        "question {question}: {count} attempt",
        "question {question}: {count} attempts",
        stuck.attempts,
    ).format(question=stuck.question, count=stuck.attempts)
    if stuck.minutes is None:
        return attempts
    if stuck.minutes < 1:
        return _("{attempts}, the last under a minute ago").format(attempts=attempts)
    minutes = round(stuck.minutes)
    return _("{attempts}, the last {minutes} min ago").format(attempts=attempts, minutes=minutes)


def seats_table(
    seats: Sequence[Seat], titles: Mapping[str, str], outside: Callable[[str], bool] | None = None
) -> tuple[Table, str]:
    """The teacher's page's sessions (:func:`class_now`'s order), and
    its caption; ``outside``: whether a user is on no roster line."""
    rows = []
    for seat in seats:
        session = seat.session
        since = shown(session.where.updated if session.where is not None else session.started)
        user = session.user if session.user is not None else "-"
        if session.user is not None and outside is not None and outside(session.user):
            user = _("{user} (not on the roster)").format(user=session.user)
        cells = (
            user,
            state_words(session.state),
            where_words(session.where, titles, when=False),
            since,
            stuck_words(seat),
        )
        rows.append(Row({}, cells, mark="stuck" if seat.stuck is not None else ""))
    stuck = sum(1 for seat in seats if seat.stuck is not None)
    caption = ngettext(
        "{count} session now, {stuck} stuck on a question",
        "{count} sessions now, {stuck} stuck on a question",
        len(seats),
    ).format(count=len(seats), stuck=stuck)
    columns = [
        Column(pgettext("report", "User")),
        Column(pgettext("report", "State")),
        Column(pgettext("report", "Where")),
        Column(pgettext("report", "Since")),
        Column(pgettext("report", "Stuck")),
    ]
    return Table("sessions", (), columns, Section(rows=rows)), caption
