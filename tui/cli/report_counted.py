"""What counts of a lesson, in the class table of ``queens-tutor report`` (text, csv, json):
where a course.toml in ``--lessons-dir`` gives the lesson a due date, the points that count for
it and whether they were handed in on time or late, as the gradebook counts them
(lessons/report/gradebook.py, :func:`lessons.course.grading.lesson_grade`), beside the best
score. A lesson run again after its due date then tells one story in every view: the class table
says ``2/2`` (the best run) and counts ``1/2 on time`` (the run by the due date), as the
gradebook does (issue 41, teacher walk 4, M1). Without a course file nothing of this is shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from lessons.i18n import pgettext
from lessons.shown_time import machine
from tui.cli.report_gradebook import points, terminal_cell

if TYPE_CHECKING:
    from lessons.course.grading import Grade
    from lessons.course.model import Course
    from lessons.progress.export import Export, ReportRow
    from lessons.report.identity import Roll

Counts = Mapping[tuple[str, str], "Grade"]
"""Each student's (her ``source``) lesson's grade alone, by (source, lesson)."""

COUNTED_FIELDS = ("assignment", "counted", "counted_status", "counted_at")
"""The class table's columns with a course (csv header, json keys), after its others."""


def counted(
    course: Course,
    exports: Sequence[tuple[str, Export]],
    max_scores: Mapping[str, int],
    roll: Roll,
    now: datetime | None = None,
) -> dict[tuple[str, str], Grade]:
    """What counts of each student's lessons that the course's assignments hold, as the
    gradebook of the same files counts it (one rule: who is one student, her extension)."""
    from lessons.report.gradebook import gradebook

    now = now or datetime.now().astimezone()
    book = gradebook(course, exports, max_scores, now, (), roll)
    return {(row.source, lesson): found for row in book for lesson, found in row.lessons.items()}


def header() -> str:
    """The text column's title."""
    return pgettext("report", "Counts")


def cell(row: ReportRow, counts: Counts) -> str:
    """The text cell: ``1/2 on time``, ``1/2 late, extended``; ``-`` for a lesson that no
    assignment holds."""
    found = counts.get((row.source, row.lesson))
    return terminal_cell(found) if found is not None else "-"


def counted_json(row: ReportRow, counts: Counts | None) -> dict[str, Any]:
    """The row's json keys with a course (none without one): its assignment, the points that
    count (as the gradebook's score), their status (the gradebook's), and when the points
    counted were earned (the gradebook's ``done_at``); null for a lesson no assignment holds."""
    if counts is None:
        return {}
    found = counts.get((row.source, row.lesson))
    if found is None:
        return dict.fromkeys(COUNTED_FIELDS)
    moment = found.handed_in
    return {
        "assignment": found.assignment.id,
        "counted": found.score,
        "counted_status": str(found.status),
        "counted_at": machine(moment) if moment is not None else None,
    }


def counted_csv(row: ReportRow, counts: Counts | None) -> list[str]:
    """The row's csv cells with a course (none without one): as json, the points as the
    gradebook's csv writes them, "" for null."""
    said = counted_json(row, counts)
    if said.get("counted") is not None:
        said["counted"] = points(said["counted"])
    return ["" if said[name] is None else str(said[name]) for name in said]
