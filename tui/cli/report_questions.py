"""The per-question part of ``queens-tutor report``: its text tables, csv and json, and the
warnings about files with the same answers and mixed lesson versions (lessons/report/checks.py)."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from lessons.i18n import _, ngettext, pgettext
from lessons.progress.values import minute
from lessons.safe_text import visible
from lessons.shown_time import shown
from tui.cli.report_cells import CsvWriter, pad, text_cell, width

if TYPE_CHECKING:
    from lessons.report.checks import Borrowed, Mixed, Same
    from lessons.report.stats import QuestionStats

SHOWN_FILES = 3
"""The most files a warning names for one lesson version (then "and N more")."""
NAME_WIDTH = 60
"""The most characters of a question's name in the text table."""


def same_warning(group: Same) -> str:
    """The warning for files of different students with the same records: every file named
    alike, none called the copy (the files cannot tell who made the work)."""
    files = ", ".join(
        _("{source} ({student})").format(source=source, student=visible(student) or "?")
        for source, student in group.members
    )
    return ngettext(
        "identical answer records in lesson {lessons}: {files}; "
        "only one of these students can have made them (ask them); counted once in the "
        "question statistics",
        "identical answer records in lessons {lessons}: {files}; "
        "only one of these students can have made them (ask them); counted once in the "
        "question statistics",
        len(group.lessons),
    ).format(lessons=", ".join(group.lessons), files=files)


def borrowed_warning(found: Borrowed) -> str:
    """The warning for a record loaded from another student's export."""
    load = found.load
    return _(
        "{source} ({student}): lesson {lesson} was loaded on {at} from an export of {other} "
        "(made {exported})"
    ).format(
        source=found.source,
        student=visible(found.student) or "?",
        lesson=found.lesson,
        at=minute(load.at) or "?",  # a time out of range in the file: not known
        other=visible(load.student) or "?",
        exported=visible(shown(load.exported)) if load.exported else "?",
    )


def _files(files: Sequence[str]) -> str:
    named = ", ".join(files[:SHOWN_FILES])
    more = len(files) - SHOWN_FILES
    if more <= 0:
        return named
    return named + " " + ngettext("and {count} more", "and {count} more", more).format(count=more)


def mixed_warning(mixed: Mixed) -> str:
    parts = [
        _("version {version}: {files}").format(version=version, files=_files(files))
        if version
        else _("no version recorded: {files}").format(files=_files(files))
        for version, files in mixed.versions.items()
    ]
    count = len(mixed.versions)
    return ngettext(
        "lesson {lesson}: the records were made against {count} version of the lesson "
        "({versions}); its question statistics are given per version",
        "lesson {lesson}: the records were made against {count} versions of the lesson "
        "({versions}); its question statistics are given per version",
        count,
    ).format(lesson=mixed.lesson, count=count, versions="; ".join(parts))


def question_header() -> list[str]:
    """The per-question table's column titles (the text report's, the teacher's page's)."""
    return [
        pgettext("report", "Page"),
        pgettext("report", "Q"),
        pgettext("report", "Done"),
        pgettext("report", "Right"),
        pgettext("report", "1st try"),
        pgettext("report", "Hints"),
        pgettext("report", "Shown"),
        pgettext("report", "Open"),
        pgettext("report", "Attempts (mean/median)"),
        pgettext("report", "Question"),
    ]


def question_cells(row: QuestionStats) -> list[str]:
    """A row of the per-question table under :func:`question_header`, its name unshortened."""
    counts = (row.answered, row.right, row.right_first, row.hints, row.shown, row.unfinished)
    attempts = f"{_number(row.attempts_mean)}/{_number(row.attempts_median)}"
    name = ": ".join(part for part in (row.page_title, row.prompt) if part)
    return [str(row.page), str(row.question), *map(str, counts), attempts, name]


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _name(row: QuestionStats) -> str:
    name = ": ".join(part for part in (row.page_title, row.prompt) if part)
    name = text_cell(name)  # a lesson's words are data: no escape, newline or tab acts
    return name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "…"


def _table(rows: Sequence[Sequence[str]], right: set[int]) -> list[str]:
    """Rows of cells in columns as wide as their widest cell; the last column is not padded."""
    widths = [max(width(row[column]) for row in rows) for column in range(len(rows[0]) - 1)]
    lines = []
    for row in rows:
        cells = [pad(cell, widths[i], i in right) for i, cell in enumerate(row[:-1])]
        lines.append(("  " + "  ".join([*cells, row[-1]])).rstrip())
    return lines


def print_text(stats: Sequence[QuestionStats], titles: Mapping[str, str]) -> None:
    """One table per lesson and version: the counts, then the question's name (data)."""
    header = question_header()
    groups: dict[tuple[str, str], list[QuestionStats]] = {}
    for row in stats:
        groups.setdefault((row.lesson, row.version), []).append(row)
    for (lesson, version), rows in groups.items():
        title = titles.get(lesson, lesson)
        print()
        print(
            _("Questions of {title} ({lesson})").format(
                title=text_cell(title), lesson=text_cell(lesson)
            )
        )
        if rows[0].mixed and version:
            print(
                "  "
                + _(
                    "Version {version} only: the records were made against several "
                    "versions of this lesson."
                ).format(version=version)
            )
        elif rows[0].mixed:
            print(
                "  "
                + _(
                    "Records with no version recorded only: the records were made "
                    "against several versions of this lesson."
                )
            )
        cells = [header]
        for row in rows:
            *numbers, _full = question_cells(row)
            cells.append([*numbers, _name(row)])
        for line in _table(cells, right=set(range(2, 9))):
            print(line)


def json_rows(stats: Sequence[QuestionStats], titles: Mapping[str, str]) -> list[dict[str, Any]]:
    return [{**row.to_json(), "title": titles.get(row.lesson, row.lesson)} for row in stats]


def print_csv(stats: Sequence[QuestionStats], titles: Mapping[str, str]) -> None:
    from lessons.report.stats import STAT_FIELDS

    fields = ("lesson", "title", *(name for name in STAT_FIELDS if name != "lesson"))
    writer = CsvWriter(sys.stdout)
    writer.writerow(fields)
    for data in json_rows(stats, titles):
        writer.writerow([data[name] for name in fields])
