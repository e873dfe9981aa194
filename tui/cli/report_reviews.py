"""The review part of ``queens-tutor report --students`` (issue 43): each question a review asked
each student and where each kind stands now, apart from the lesson scores, in text, csv (rows
after the answers' rows, marked ``review``) and json (``reviews``, ``review_kinds``). The rows
are lessons/report/reviews.py's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from lessons.i18n import _, ngettext
from lessons.safe_text import visible

if TYPE_CHECKING:
    from lessons.report.reviews import KindStanding, ReviewRow

REVIEW_FIELDS = ("review", "kind", "instance", "box")
"""The columns the review adds to the student x question csv table, after the answers' own."""
SHOWN_INSTANCE = 40
"""The most characters of an instance the text table shows (a maze is longer)."""


def outcome(row: ReviewRow) -> str:
    """How the review's question went, in words: right at the first attempt, or why missed."""
    if row.right_first:
        return _("right at the first attempt")
    if row.shown:
        return _("missed: answer shown")
    if row.hint:
        return _("missed: a hint taken")
    return _("missed: a wrong first answer")


def _instance(text: str) -> str:
    shown = visible(text)
    return shown if len(shown) <= SHOWN_INSTANCE else shown[: SHOWN_INSTANCE - 1] + "…"


def print_text(rows: Sequence[ReviewRow], kinds: Sequence[KindStanding]) -> None:
    """Per student, each review's question and the box it put the kind in, then where each
    kind stands now (nothing when no student has reviewed)."""
    if not rows:
        return
    print("\n" + _("Reviews (apart from the lesson scores)"))
    student = None
    for row in rows:
        if (row.student, row.source) != student:
            if student is not None:
                _standings(kinds, student)
            student = (row.student, row.source)
            print(f"  {visible(row.student)}")
        when = row.at[:16].replace("T", " ") or "-"
        box = _("box {box}").format(box=row.box)
        print(
            f"    {when:<16}  {visible(row.kind):<14}  {outcome(row):<28}  {box:<6}  "
            f"{_instance(row.instance)}".rstrip()
        )
    if student is not None:
        _standings(kinds, student)


def _standings(kinds: Sequence[KindStanding], student: tuple[str, str]) -> None:
    mine = [kind for kind in kinds if (kind.student, kind.source) == student]
    if not mine:
        return
    parts = [
        _("{kind} box {box}, due {day}").format(kind=visible(k.kind), box=k.box, day=k.due)
        for k in mine
    ]
    reviews = sum(k.reviews for k in mine)
    right = sum(k.right for k in mine)
    total = ngettext(
        "{right} of {count} review question right at the first attempt",
        "{right} of {count} review questions right at the first attempt",
        reviews,
    ).format(right=right, count=reviews)
    print("    " + _("Now: {kinds}; {total}.").format(kinds="; ".join(parts), total=total))


def json_rows(
    rows: Sequence[ReviewRow], kinds: Sequence[KindStanding]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    return [row.to_json() for row in rows], [kind.to_json() for kind in kinds]


def csv_rows(
    rows: Sequence[ReviewRow], titles: Mapping[str, str], fields: Sequence[str]
) -> list[list[object]]:
    """The review's rows of the student x question csv table (``fields``: its columns)."""
    found = []
    for row in rows:
        cells: dict[str, object] = {
            **row.to_json(),
            "title": titles.get(row.lesson, row.lesson),
            "page_title": "",
            "prompt": "",
            "finished": True,
            "right": row.right_first,
            "review": True,
        }
        found.append([cells.get(name, "") for name in fields])
    return found
