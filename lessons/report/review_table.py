"""The review part of ``report --students`` as tables: each question a review asked each student,
where each kind stands now, and the plain report's line per student."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lessons.i18n import N_, _, current, ngettext
from lessons.report.reviews import KindStanding, ReviewRow
from lessons.report.students import answers_given, wrapped
from lessons.report.table import Column, Row, Section, Table, safe
from lessons.review.words import how_missed, kind_title, likeliest_cause, page_title, stretch_score

REVIEW_FIELDS = (
    "review",
    "kind",
    "instance",
    "box",
    "due",
    "overdue",
    "lang",
    "ticks_right",
    "ticks_asked",
    "ticks_goal",
)
"""The csv columns the review adds to the student x question table."""
LANGUAGE_NAMES = {"en": N_("in English"), "it": N_("in Italian"), "pl": N_("in Polish")}
WIDTH = 80


def outcome(row: ReviewRow) -> str:
    """How the review's question went: right at the first attempt, or what missed it first."""
    score = stretch_score(row.stretch) if row.stretch is not None else ""
    if row.right_first and score:
        return _("right at the first attempt ({score})").format(score=score)
    if row.right_first:
        return _("right at the first attempt")
    cause = row.cause or likeliest_cause(row.attempts, row.hint, row.shown)
    if score and cause == "wrong":
        return _("missed: {how}").format(how=how_missed(cause, row.stretch))
    if cause == "shown" and score:
        return _("missed: answer shown ({score})").format(score=score)
    if cause == "shown":
        return _("missed: answer shown")
    if cause == "hint" and score:
        return _("missed: a hint taken ({score})").format(score=score)
    return _("missed: a hint taken") if cause == "hint" else _("missed: a wrong first answer")


def _from(row: ReviewRow) -> str:
    """The lesson the question was drawn from, and the prompt asked."""
    if not row.lesson_title:
        lesson = _("From lesson {lesson}").format(lesson=row.lesson)
    elif row.number:
        lesson = _("From lesson {number}, {title}").format(
            number=row.number, title=row.lesson_title
        )
    else:
        lesson = _("From the lesson {title}").format(title=row.lesson_title)
    if row.asked_on:
        lesson = _("{lesson} (missed there), asked on lesson {number}'s method").format(
            lesson=lesson, number=row.asked_on_number or row.asked_on
        )
    language = LANGUAGE_NAMES.get(row.lang) if row.lang != current() else None
    if row.prompt and language is not None:
        return _("{lesson}, asked {language}: {prompt}").format(
            lesson=lesson, language=_(language), prompt=row.prompt
        )
    if row.prompt:
        return _("{lesson}: {prompt}").format(lesson=lesson, prompt=row.prompt)
    if language is not None:
        return _("{lesson}, asked {language}").format(lesson=lesson, language=_(language))
    return lesson


def _asked(row: ReviewRow) -> str:
    """The instance when no prompt was worked out; a board and tick in words; else ""."""
    from lessons.quiz.drawers.base import read_instance

    asks = read_instance(row.instance)
    if not row.prompt:
        return row.instance
    if {"board", "size", "tick"} <= asks.keys():
        return _("On the {n} x {n} board ({method}), at tick {tick}.").format(
            n=asks["size"], method=asks["board"], tick=asks["tick"]
        )
    return ""


def _kind_now(kind: KindStanding, missed_in: bool = False) -> str:
    title = safe(kind_title(kind.kind))
    if kind.overdue:
        part = _("{kind} box {box}, due {day}, overdue")
    else:
        part = _("{kind} box {box}, due {day}")
    said = part.format(kind=title, box=kind.box, day=kind.due)
    if missed_in and kind.lesson_number:
        said = _("{standing}, from lesson {number}, {title}").format(
            standing=said, number=kind.lesson_number, title=safe(kind.title)
        )
    return said


def _standings(kinds: Sequence[KindStanding]) -> list[str]:
    if not kinds:
        return []
    reviews = sum(k.reviews for k in kinds)
    total = ngettext(
        "{right} of {count} review question right at the first attempt",
        "{right} of {count} review questions right at the first attempt",
        reviews,
    ).format(right=sum(k.right for k in kinds), count=reviews)
    now = _("Now: {kinds}; {total}.").format(kinds="; ".join(map(_kind_now, kinds)), total=total)
    return wrapped(now, " " * 4, " " * 6)


def _never(
    rows: Sequence[ReviewRow], kinds: Sequence[KindStanding]
) -> dict[tuple[str, str], list[KindStanding]]:
    """The students who never answered a review question, with the kinds due for them."""
    asked = {(row.student, row.source) for row in rows}
    found: dict[tuple[str, str], list[KindStanding]] = {}
    for kind in kinds:
        if (kind.student, kind.source) not in asked:
            found.setdefault((kind.student, kind.source), []).append(kind)
    return found


def _with_login(data: dict[str, Any], login: str | None) -> dict[str, Any]:
    return data if login is None else {"student": data.pop("student"), "login": login, **data}


def _sheet(
    row: ReviewRow, titles: Mapping[str, str], standing: KindStanding | None
) -> dict[str, Any]:
    """A review's row of the student x question csv; ``standing``: where its kind stands now,
    on the kind's latest row."""
    stretch = row.stretch
    return {
        **row.to_json(),
        "title": titles.get(row.lesson, row.lesson),
        "page": "",
        "question": "",
        "page_title": page_title(row.kind),
        "finished": True,
        "right": row.solved,
        "review": True,
        "due": standing.due if standing is not None else "",
        "overdue": standing.overdue if standing is not None else "",
        "ticks_right": stretch.right if stretch is not None else "",
        "ticks_asked": stretch.asked if stretch is not None else "",
        "ticks_goal": stretch.goal if stretch is not None else "",
        "answers": " | ".join(row.answers),
    }


def review_tables(
    rows: Sequence[ReviewRow],
    kinds: Sequence[KindStanding],
    titles: Mapping[str, str],
    logins: Mapping[str, str] | None,
) -> tuple[Table, Table]:
    """The reviews and each kind's standing; both add their rows to the student x question
    csv (``logins``: each file's student's login)."""
    now = {(kind.student, kind.source, kind.kind): kind for kind in kinds}
    latest = {(row.student, row.source, row.kind): at for at, row in enumerate(rows)}
    outcomes = [outcome(row) for row in rows]
    boxes = [
        _("box {before} -> {box}").format(before=row.box_before, box=row.box)
        if row.box_before
        else _("box {box}").format(box=row.box)
        for row in rows
    ]
    shown = [safe(kind_title(row.kind)) for row in rows]
    widest = [max(map(len, texts), default=0) for texts in (outcomes, boxes, shown)]
    apart = 4 + 16 + 2 + widest[0] + 2 + widest[1] + 2 + widest[2] > WIDTH
    body = Section(("", _("Reviews (apart from the lesson scores)")) if rows or kinds else ())
    for at, row in enumerate(rows):
        who = (row.student, row.source)
        if not body.parts or who != (rows[at - 1].student, rows[at - 1].source):
            mine = [kind for kind in kinds if (kind.student, kind.source) == who]
            body.parts.append(Section((f"  {row.student}",), footer=_standings(mine)))
        place = (row.student, row.source, row.kind)
        standing = now.get(place) if latest[place] == at else None
        notes = [line[4:] for line in wrapped(_from(row), " " * 6, " " * 8)]
        notes += [line[4:] for line in wrapped(_asked(row), " " * 8)]
        notes += [line[4:] for line in wrapped(answers_given(row.answers), " " * 8)]
        login = None if logins is None else logins.get(row.source, "")
        values = _with_login(row.to_json(), login)
        cells_csv = {**_sheet(row, titles, standing), "login": login or ""}
        when = row.at[:16].replace("T", " ") or "-"
        cells = (
            (when, outcomes[at], boxes[at]) if apart else (when, outcomes[at], boxes[at], shown[at])
        )
        notes = [f"  {shown[at]}", *notes] if apart else notes
        body.parts[-1].rows.append(Row(values, cells, notes, sheet=cells_csv))
    for (student, _source), due in _never(rows, kinds).items():
        parts = [_kind_now(kind, missed_in=True) for kind in due]
        said = _("Now: {kinds}; never reviewed.").format(kinds="; ".join(parts))
        body.parts.append(Section((f"  {student}",), footer=wrapped(said, " " * 4, " " * 6)))
    columns = [Column("", least=16), Column(""), Column(""), Column("")][: 3 if apart else 4]
    reviews = Table("reviews", (), columns, body, keys=None, header=None, indent=4)
    kind_rows = []
    for kind in kinds:
        login = None if logins is None else logins.get(kind.source, "")
        sheet: dict[str, Any] = {}
        if (kind.student, kind.source, kind.kind) not in latest:
            sheet = {
                "student": kind.student,
                "login": login or "",
                "source": kind.source,
                "kind": kind.kind,
                "box": kind.box,
                "lesson": kind.lesson,
                "title": titles.get(kind.lesson, kind.title) if kind.lesson else "",
                "page_title": page_title(kind.kind),
                "finished": False,
                "review": True,
                "due": kind.due,
                "overdue": kind.overdue,
            }
        kind_rows.append(Row(_with_login(kind.to_json(), login), sheet=sheet))
    return reviews, Table("review_kinds", (), body=Section(rows=kind_rows))


def counts_table(rows: Sequence[ReviewRow], kinds: Sequence[KindStanding]) -> Table:
    """The plain report's line per student who reviewed, and per student who never did."""
    never = _never(rows, kinds)
    heading = _("Reviews (apart from the lesson scores; --students shows each question)")
    body = Section(("", heading) if rows or never else ())
    students: dict[tuple[str, str], list[ReviewRow]] = {}
    for row in rows:
        students.setdefault((row.student, row.source), []).append(row)
    for key, mine in students.items():
        asked = ngettext(
            "{count} review question, {right} right at the first attempt",
            "{count} review questions, {right} right at the first attempt",
            len(mine),
        ).format(count=len(mine), right=sum(1 for row in mine if row.right_first))
        late = [k for k in kinds if (k.student, k.source) == key and k.overdue]
        if late:
            overdue = ngettext(
                "{count} kind overdue since {day}", "{count} kinds overdue since {day}", len(late)
            ).format(count=len(late), day=min(k.due for k in late))
        else:
            overdue = _("nothing overdue")
        body.rows.append(Row({}, (key[0], f"{asked}; {overdue}")))
    for key, due in sorted(never.items(), key=lambda item: (item[0][0].casefold(), item[0][1])):
        if any(k.overdue for k in due):
            said = ngettext(
                "never reviewed; {count} kind due, overdue since {day}",
                "never reviewed; {count} kinds due, overdue since {day}",
                len(due),
            )
        else:
            said = ngettext(
                "never reviewed; {count} kind due since {day}",
                "never reviewed; {count} kinds due since {day}",
                len(due),
            )
        first = min(k.due for k in due)
        body.rows.append(Row({}, (key[0], said.format(count=len(due), day=first))))
    return Table("review_counts", (), (Column(""), Column("")), body, header=None)
