"""The review part of ``queens-tutor report --students`` (issue 43): each question a review asked
each student and where each kind stands now, apart from the lesson scores, in text, csv (rows
after the answers' rows, marked ``review``) and json (``reviews``, ``review_kinds``). The rows
are lessons/report/reviews.py's."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from lessons.i18n import N_, _, current, ngettext
from lessons.review.words import (
    how_missed,
    kind_title,
    likeliest_cause,
    page_title,
    stretch_score,
)
from lessons.safe_text import visible
from tui.cli.report_cells import pad, width

if TYPE_CHECKING:
    from lessons.report.reviews import KindStanding, ReviewRow

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
"""The columns the review adds to the student x question csv table, after the answers' own:
``due`` and ``overdue`` on each kind's latest row, where the kind stands now (its day, and
whether it has passed: review walk 4, F10); ``lang``, the language the question was asked in
("" when the file did not keep it: review walk 4, F13); ``ticks_right``, ``ticks_asked``
and ``ticks_goal``: a guess stretch's deciding visit, its ticks predicted right of those
asked, and the goal (review walk 4, F15; "" for another question)."""
LANGUAGE_NAMES = {"en": N_("in English"), "it": N_("in Italian"), "pl": N_("in Polish")}
"""In which language a review's question was asked, in the report's language."""
WIDTH = 80
"""The text's width: a review's lesson, prompt and instance wrap whole within it."""


def outcome(row: ReviewRow) -> str:
    """How the review's question went, in words: right at the first attempt, or what missed
    it first (the outcome is decided at the first answer, hint or answer shown; a guess
    stretch's first visit by its score: review walk 4, F15, and whatever it decided, as the
    csv's and json's ticks say it: issue 43, the latest review walk)."""
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
    if cause == "hint":
        return _("missed: a hint taken")
    return _("missed: a wrong first answer")


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
    if row.asked_on:  # drawn from a lesson she finished (review walk 8, F5)
        lesson = _("{lesson} (missed there), asked on lesson {number}'s method").format(
            lesson=lesson, number=row.asked_on_number or row.asked_on
        )
    language = LANGUAGE_NAMES.get(row.lang) if row.lang != current() else None
    if row.prompt and language is not None:  # the prompt in the words the student read
        return _("{lesson}, asked {language}: {prompt}").format(
            lesson=lesson, language=_(language), prompt=row.prompt
        )
    if row.prompt:
        return _("{lesson}: {prompt}").format(lesson=lesson, prompt=row.prompt)
    if language is not None:
        return _("{lesson}, asked {language}").format(lesson=lesson, language=_(language))
    return lesson


def _asked(row: ReviewRow) -> str:
    """The instance beside its prompt: for a question about a board, the board and tick in
    words (the prompt names the state, not the board); else nothing (the prompt says it all),
    or the instance's parameters when the prompt could not be worked out here."""
    from lessons.quiz.drawers.base import read_instance

    asks = read_instance(row.instance)
    if not row.prompt:
        return row.instance
    if {"board", "size", "tick"} <= asks.keys():
        return _("On the {n} x {n} board ({method}), at tick {tick}.").format(
            n=asks["size"], method=asks["board"], tick=asks["tick"]
        )
    return ""


def answers_given(answers: Sequence[str]) -> str:
    """What the student answered, in words ("" when nothing was kept): review walk 8, F7."""
    if not answers:
        return ""
    return _("Answered: {answers}.").format(answers=", ".join(f"“{each}”" for each in answers))


def _wrapped(text: str, indent: str, then: str | None = None) -> list[str]:
    return textwrap.wrap(
        visible(text),
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent if then is None else then,
        break_long_words=True,
        break_on_hyphens=False,
    )


def print_text(rows: Sequence[ReviewRow], kinds: Sequence[KindStanding]) -> None:
    """Per student, each review's question (when, how it went, the box it put the kind in,
    the kind as the student saw it; then the lesson it was drawn from, the prompt and the
    instance asked), then where each kind stands now (nothing when no student has
    reviewed)."""
    if not rows and not kinds:
        return
    print("\n" + _("Reviews (apart from the lesson scores)"))
    if not rows:  # only students who never reviewed
        _never_reviewed(rows, kinds)
        return
    outcomes = [outcome(row) for row in rows]
    # the box the intro named (the student's "Box 1 of 4"), then the one it put the kind in
    boxes = [
        _("box {before} -> {box}").format(before=row.box_before, box=row.box)
        if row.box_before
        else _("box {box}").format(box=row.box)
        for row in rows
    ]
    said = max(len(text) for text in outcomes)
    boxed = max(len(text) for text in boxes)
    titles = [visible(kind_title(row.kind)) for row in rows]
    widest = max(len(title) for title in titles)
    apart = 4 + 16 + 2 + said + 2 + boxed + 2 + widest > WIDTH  # the kind on its own line
    student = None
    for row, how, box, title in zip(rows, outcomes, boxes, titles, strict=True):
        if (row.student, row.source) != student:
            if student is not None:
                _standings(kinds, student)
            student = (row.student, row.source)
            print(f"  {visible(row.student)}")
        when = row.at[:16].replace("T", " ") or "-"
        line = f"    {when:<16}  {how:<{said}}  {box:<{boxed}}"
        if apart:  # long outcomes and kinds (Italian, Polish): each kind on a line of its own
            print(line.rstrip())
            print(f"      {title}")
        else:
            print(f"{line}  {title}")
        for line in [
            *_wrapped(_from(row), " " * 6, " " * 8),
            *_wrapped(_asked(row), " " * 8),
            *_wrapped(answers_given(row.answers), " " * 8),
        ]:
            print(line)
    if student is not None:
        _standings(kinds, student)
    _never_reviewed(rows, kinds)


def _never(
    rows: Sequence[ReviewRow], kinds: Sequence[KindStanding]
) -> dict[tuple[str, str], list[KindStanding]]:
    """The students who never answered a review question, with the kinds due for them (their
    lessons' misses: review walk 5, F8), in the kinds' order."""
    asked = {(row.student, row.source) for row in rows}
    found: dict[tuple[str, str], list[KindStanding]] = {}
    for kind in kinds:
        if (kind.student, kind.source) not in asked:
            found.setdefault((kind.student, kind.source), []).append(kind)
    return found


def _never_reviewed(rows: Sequence[ReviewRow], kinds: Sequence[KindStanding]) -> None:
    """Each student who never reviewed and has kinds due: the kinds, each with its day."""
    for (student, _source), mine in _never(rows, kinds).items():
        print(f"  {visible(student)}")
        parts = [_kind_now(k, missed_in=True) for k in mine]
        now = _("Now: {kinds}; never reviewed.").format(kinds="; ".join(parts))
        for line in _wrapped(now, " " * 4, " " * 6):
            print(line)


def _kind_now(k: KindStanding, missed_in: bool = False) -> str:
    """Where kind ``k`` stands; ``missed_in``: with the lesson it was missed in (a student who
    never reviewed has no review row that names it: review walk 6, F7)."""
    title = visible(kind_title(k.kind))
    if k.overdue:
        part = _("{kind} box {box}, due {day}, overdue")
    else:
        part = _("{kind} box {box}, due {day}")
    said = part.format(kind=title, box=k.box, day=k.due)
    if missed_in and k.lesson_number:
        said = _("{standing}, from lesson {number}, {title}").format(
            standing=said, number=k.lesson_number, title=visible(k.title)
        )
    return said


def _standings(kinds: Sequence[KindStanding], student: tuple[str, str]) -> None:
    mine = [kind for kind in kinds if (kind.student, kind.source) == student]
    if not mine:
        return
    parts = [_kind_now(k) for k in mine]
    reviews = sum(k.reviews for k in mine)
    right = sum(k.right for k in mine)
    total = ngettext(
        "{right} of {count} review question right at the first attempt",
        "{right} of {count} review questions right at the first attempt",
        reviews,
    ).format(right=right, count=reviews)
    now = _("Now: {kinds}; {total}.").format(kinds="; ".join(parts), total=total)
    for line in _wrapped(now, " " * 4, " " * 6):
        print(line)


def print_counts(rows: Sequence[ReviewRow], kinds: Sequence[KindStanding]) -> None:
    """The plain report's line per student who reviewed (review walk 4, F14): how many review
    questions, how many right at the first attempt, and how many kinds are overdue; each
    question is in ``--students``; and per student who never reviewed, how many kinds are due
    for them and since when (review walk 5, F8)."""
    never = _never(rows, kinds)
    if not rows and not never:
        return
    print("\n" + _("Reviews (apart from the lesson scores; --students shows each question)"))
    students: dict[tuple[str, str], list[ReviewRow]] = {}
    for row in rows:
        students.setdefault((row.student, row.source), []).append(row)
    names = {key: visible(key[0]) for key in [*students, *never]}
    widest = max(width(name) for name in names.values())
    for key, mine in students.items():
        asked = ngettext(
            "{count} review question, {right} right at the first attempt",
            "{count} review questions, {right} right at the first attempt",
            len(mine),
        ).format(count=len(mine), right=sum(1 for row in mine if row.right_first))
        late = [k for k in kinds if (k.student, k.source) == key and k.overdue]
        if late:  # since when, as for a student who never reviewed (review walk 6, F8)
            overdue = ngettext(
                "{count} kind overdue since {day}", "{count} kinds overdue since {day}", len(late)
            ).format(count=len(late), day=min(k.due for k in late))
        else:
            overdue = _("nothing overdue")
        print(f"  {pad(names[key], widest)}  {asked}; {overdue}")
    for key, due in sorted(never.items(), key=lambda item: (item[0][0].casefold(), item[0][1])):
        first = min(k.due for k in due)
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
        print(f"  {pad(names[key], widest)}  {said.format(count=len(due), day=first)}")


def answers_cell(answers: Sequence[str]) -> str:
    """The csv cell of what the student answered: the answers, the first first, joined by
    " | " ("" when nothing was kept)."""
    return " | ".join(answers)


def json_rows(
    rows: Sequence[ReviewRow],
    kinds: Sequence[KindStanding],
    logins: Mapping[str, str] | None = None,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The reviews' rows and each kind's standing as json objects; with ``logins`` (source ->
    login), each with its student's ``login`` after ``student``, as the csv's rows."""

    def with_login(data: dict[str, Any], source: str) -> dict[str, Any]:
        if logins is None:
            return data
        return {"student": data.pop("student"), "login": logins.get(source, ""), **data}

    return (
        [with_login(row.to_json(), row.source) for row in rows],
        [with_login(kind.to_json(), kind.source) for kind in kinds],
    )


def csv_rows(
    rows: Sequence[ReviewRow],
    titles: Mapping[str, str],
    fields: Sequence[str],
    kinds: Sequence[KindStanding] = (),
) -> list[list[object]]:
    """The review's rows of the student x question csv table (``fields``: its columns); each
    kind's latest row for a student says where the kind stands now (``kinds``)."""
    now = {(kind.student, kind.source, kind.kind): kind for kind in kinds}
    latest = {(row.student, row.source, row.kind): index for index, row in enumerate(rows)}
    found = []
    for index, row in enumerate(rows):
        place = (row.student, row.source, row.kind)
        standing = now.get(place) if latest[place] == index else None
        cells: dict[str, object] = {
            **row.to_json(),
            "title": titles.get(row.lesson, row.lesson),
            "page": "",  # no lesson page: the review's own question (its prompt says it)
            "question": "",
            "page_title": page_title(row.kind),
            "prompt": row.prompt,
            "finished": True,
            "right": row.solved,  # right in the end, as the lesson rows say (walk 4, F11)
            "review": True,
            "due": standing.due if standing is not None else "",
            "overdue": standing.overdue if standing is not None else "",
            "ticks_right": row.stretch.right if row.stretch is not None else "",
            "ticks_asked": row.stretch.asked if row.stretch is not None else "",
            "ticks_goal": row.stretch.goal if row.stretch is not None else "",
            "answers": answers_cell(row.answers),
        }
        found.append([cells.get(name, "") for name in fields])
    asked = set(latest)
    for kind in kinds:  # a kind due and never reviewed (review walk 5, F8): where it stands
        if (kind.student, kind.source, kind.kind) in asked:
            continue
        cells = {
            "student": kind.student,
            "source": kind.source,
            "kind": kind.kind,
            "box": kind.box,
            "lesson": kind.lesson,  # the lesson it was missed in (review walk 6, F7)
            "title": titles.get(kind.lesson, kind.title) if kind.lesson else "",
            "page_title": page_title(kind.kind),
            "finished": False,
            "review": True,
            "due": kind.due,
            "overdue": kind.overdue,
        }
        found.append([cells.get(name, "") for name in fields])
    return found
