"""Who is connected to a server and where they are, as tables: ``report --live`` and the
sessions on the teacher's page (with who is stuck: :mod:`lessons.report.class_now`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from lessons.i18n import _, ngettext, pgettext
from lessons.report.table import Column, Row, Section, Table
from lessons.shown_time import machine_iso, shown

if TYPE_CHECKING:
    from lessons.report.class_now import Seat
    from lessons.report.served import Session, Where

FIELDS = ("user", "address", "pid", "started", "state", "screen", "lesson", "page", "updated")


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
    body = Section((count,), rows)
    return Table("sessions", FIELDS, columns, body, header=0 if rows else None)


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
    """The teacher's page's sessions (:func:`lessons.report.class_now.class_now`'s order), and
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
