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
NAME_WIDTH = 40
"""The fewest characters of a question's name the text table keeps on a terminal: the name
is cut to the terminal's width (never below this), and not at all when the output is not a
terminal (a file, a pipe)."""


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
    """The line for a record loaded from an export under another name and login, in neutral
    words: what the files hold (where the answers were first recorded, when they were
    loaded), not who answered, which they cannot say (the student herself carrying her work
    home under another account, or a classmate); and how the student's own export is
    counted as hers (the README's advice), where the teacher reads the line."""
    load = found.load
    other = visible(load.student) or visible(load.login) or "?"
    return _(
        "{source} ({student}): lesson {lesson} holds answers first recorded under {other}, "
        "loaded on {at} from an export made {exported}; nothing in the files says whether "
        "that was the same student: one who carries her own work to another account "
        'exports it under her course login or name (progress --export FILE --name "{name}") '
        "and is then counted as one"
    ).format(
        source=found.source,
        student=_who(found.student, found.login, _("{name}, login {login}")),
        lesson=found.lesson,
        other=_who(load.student, load.login, _("{name} (login {login})")),
        at=minute(load.at) or "?",  # a time out of range in the file: not known
        exported=visible(shown(load.exported)) if load.exported else "?",
        name=other,
    )


def _who(name: str, login: str, both: str) -> str:
    """A student as a file names her: the name, with the login (in ``both``'s words) when
    it says more."""
    name, login = visible(name), visible(login)
    if login and name and login.strip().casefold() != name.strip().casefold():
        return both.format(name=name, login=login)
    return name or login or "?"


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
        pgettext("report", "Answered"),
        pgettext("report", "Right"),
        pgettext("report", "1st try"),
        pgettext("report", "Hints"),
        pgettext("report", "Shown"),
        pgettext("report", "Unfinished"),
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
    return text_cell(name)  # a lesson's words are data: no escape, newline or tab acts


def _room() -> int | None:
    """The columns a text table may fill: the terminal's width, None when stdout is not a
    terminal (nothing is cut)."""
    import shutil

    if not sys.stdout.isatty():
        return None
    return shutil.get_terminal_size((100, 24)).columns


def _cut(line: str, room: int | None) -> str:
    """``line`` cut to ``room`` columns with an ellipsis (its last column, the question's
    name, keeping at least :data:`NAME_WIDTH` of its characters)."""
    if room is None or width(line) <= room:
        return line
    kept = line
    while kept and width(kept) > room - 1:
        kept = kept[:-1]
    return kept.rstrip() + "…"


def _table(rows: Sequence[Sequence[str]], right: set[int]) -> list[str]:
    """Rows of cells in columns as wide as their widest cell; the last column is not padded."""
    widths = [max(width(row[column]) for row in rows) for column in range(len(rows[0]) - 1)]
    lines = []
    for row in rows:
        cells = [pad(cell, widths[i], i in right) for i, cell in enumerate(row[:-1])]
        lines.append(("  " + "  ".join([*cells, row[-1]])).rstrip())
    return lines


def runs_lines(
    course: bool, not_kept: Sequence[tuple[str, str]], titles: Mapping[str, str]
) -> list[str]:
    """Which run of each student the statistics count (teacher walk 9, #2: they counted a
    late run's answers while the run that counts, on time, had missed): with a course, the run
    that counts, as the gradebook and ``--students`` pick it; a record made before runs were
    kept can only give its latest run, and a line says whose. The report's and the teacher
    page's."""
    if course:
        lines = [
            _(
                "The statistics count each student's run that counts, as the gradebook counts "
                "it (a lesson of no assignment: the latest run, with an earlier run's miss "
                "where the latest has not reached the question)."
            )
        ]
    else:
        lines = [
            _(
                "The statistics count each student's latest run, with an earlier run's miss "
                "where the latest has not reached the question."
            )
        ]
    if not_kept:
        names = ", ".join(
            _("{student} ({title})").format(
                student=text_cell(student), title=text_cell(titles.get(lesson, lesson))
            )
            for student, lesson in not_kept
        )
        lines.append(
            _(
                "Counted by the latest run, with the earlier runs' misses, as the record of "
                "the run that counts was made before runs were kept: {names}"
            ).format(names=names)
        )
    return lines


def print_runs(
    course: bool, not_kept: Sequence[tuple[str, str]], titles: Mapping[str, str]
) -> None:
    """The statistics' heading: :func:`runs_lines`."""
    import textwrap

    print()
    for line in runs_lines(course, not_kept, titles):
        print(textwrap.fill(line, 80, break_long_words=False, break_on_hyphens=False))


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
        lines = _table(cells, right=set(range(2, 9)))
        room = _room()
        if room is not None:  # the name keeps NAME_WIDTH characters however narrow
            prefix = max(width(line) - width(cells[i][-1]) for i, line in enumerate(lines))
            room = max(room, prefix + NAME_WIDTH)
        for line in lines:
            print(_cut(line, room))


def json_rows(stats: Sequence[QuestionStats], titles: Mapping[str, str]) -> list[dict[str, Any]]:
    return [{**row.to_json(), "title": titles.get(row.lesson, row.lesson)} for row in stats]


def print_csv(stats: Sequence[QuestionStats], titles: Mapping[str, str]) -> None:
    from lessons.report.stats import STAT_FIELDS

    fields = ("lesson", "title", *(name for name in STAT_FIELDS if name != "lesson"))
    writer = CsvWriter(sys.stdout)
    writer.writerow(fields)
    for data in json_rows(stats, titles):
        writer.writerow([data[name] for name in fields])
