"""The student x question part of ``queens-tutor report --students`` (who missed which
question, and when) in text, csv and json, and the roster's lines (``--roster FILE``: who has
no progress, who is not on the roster). The rows are lessons/report/students.py's."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from lessons.i18n import _, ngettext
from tui.cli.report_cells import CsvWriter, pad, text_cell, width
from tui.cli.report_reviews import WIDTH, answers_given

if TYPE_CHECKING:
    from lessons.course.grading import Grade
    from lessons.progress.export import Export
    from lessons.report.reviews import KindStanding, ReviewRow
    from lessons.report.students import StudentAnswer


def outcome(row: StudentAnswer) -> str:
    """What happened to the student on the question, in words."""
    if row.right_first:
        said = _("right at the first attempt")
    elif row.right:
        said = ngettext(
            "right after {count} attempt", "right after {count} attempts", row.attempts
        ).format(count=row.attempts)
    elif row.shown and row.attempts == 0:
        said = _("answer shown without an attempt")
    elif row.shown:
        said = ngettext(
            "answer shown after {count} attempt",
            "answer shown after {count} attempts",
            row.attempts,
        ).format(count=row.attempts)
    elif row.attempts == 0 and not row.hint:
        said = _("reached, not answered")
    else:
        said = ngettext(
            "not finished: {count} wrong attempt",
            "not finished: {count} wrong attempts",
            row.attempts,
        ).format(count=row.attempts)
    said = _("{outcome}, with a hint").format(outcome=said) if row.hint else said
    if row.run == "counted":  # an earlier run a course counts (issue 41, item 3)
        return _("run that counts: {outcome}").format(outcome=said)
    if row.run == "latest":
        return _("latest run: {outcome}").format(outcome=said)
    return _("earlier run: {outcome}").format(outcome=said) if row.earlier else said


def counted_line(student: str, grade: Grade, which: str = "") -> str:
    """Which run counts of a lesson for a student (teacher walk 6, F6: the answers below are
    the latest run's, while an earlier run on time may be what counts; issue 41, item 3: and
    which run that is). ``which``: lessons/report/students.counted_run's, "" when the lesson
    was run once."""
    from lessons.report.students import COUNTED_LATEST, COUNTED_LOST, COUNTED_PAST
    from lessons.shown_time import with_zone
    from tui.cli.report_gradebook import terminal_cell

    said = terminal_cell(grade)
    if grade.handed_in is None:
        return _("{student} counts {grade}").format(student=text_cell(student), grade=said)
    values = {"student": text_cell(student), "grade": said, "time": with_zone(grade.handed_in)}
    if which == COUNTED_LATEST:
        return _("{student} counts {grade}, earned {time}, by the latest run").format(**values)
    if which == COUNTED_PAST:
        return _(
            "{student} counts {grade}, earned {time}, by an earlier run: its answers are "
            "marked “run that counts”, the latest run's “latest run”"
        ).format(**values)
    if which == COUNTED_LOST:
        return _(
            "{student} counts {grade}, earned {time}, by an earlier run whose answers her "
            "file does not keep (made before they were kept): the answers below are the "
            "latest run's, with the earlier runs' misses"
        ).format(**values)
    return _("{student} counts {grade}, earned {time}").format(**values)


def which_run(export: Export | None, lesson: str, grade: Grade) -> str:
    """Which run of ``lesson`` counts for the student of ``export`` (her files merged), as
    :func:`counted_line` says it; "" when the lesson was run once or nothing counts."""
    from lessons.report.students import counted_run

    record = export.records.get(lesson) if export is not None else None
    if record is None or grade.earned_at is None:
        return ""
    if len(record.completions) < 2 and not record.again and not record.past_runs:
        return ""
    return counted_run(record, grade.earned_at.timestamp())[0]


def print_text(
    rows: Sequence[StudentAnswer],
    titles: Mapping[str, str],
    counts: Mapping[str, Sequence[tuple[str, Grade, str]]] | None = None,
) -> None:
    """Per lesson and question, each student's outcome and when; with a course (``counts``:
    each lesson's students and what counts of it), under each lesson's heading what counts
    and when it was earned, so the run that counts shows beside the latest run's answers."""
    if not rows:
        print("\n" + _("No student has answered a question yet."))
        return
    names = max(width(text_cell(row.student)) for row in rows)  # a tab shifts no column
    prompts: dict[tuple[str, int, int], set[str]] = {}
    for row in rows:
        prompts.setdefault((row.lesson, row.page, row.question), set()).add(row.prompt)
    place = None
    for row in rows:
        # A question drawn per student: each was asked their own, named on their line.
        own = len(prompts[(row.lesson, row.page, row.question)]) > 1
        if (row.lesson, row.page, row.question) != place:
            if place is None or place[0] != row.lesson:
                title = text_cell(titles.get(row.lesson, row.lesson))
                heading = _("Answers in {title} ({lesson})")
                print("\n" + heading.format(title=title, lesson=text_cell(row.lesson)))
                for student, grade, which in (counts or {}).get(row.lesson, ()):
                    print("  " + counted_line(student, grade, which))
            place = (row.lesson, row.page, row.question)
            parts = (row.page_title,) if own else (row.page_title, row.prompt)
            named = ": ".join(part for part in parts if part)
            number = f"  {row.page}.{row.question}  "
            for line in _wrapped(named, number, " " * len(number)) or [number.rstrip()]:
                print(line)
        when = row.at[:16].replace("T", " ") or "-"
        line = f"    {pad(text_cell(row.student), names)}  {when:<16}  {outcome(row)}"
        print(line)
        for wrapped in _wrapped(row.prompt, " " * 6) if own else ():
            print(wrapped)  # her own prompt, whole, under her line (teacher walk 10, #4)
        if row.answers and not row.right_first:  # what she answered, wrapped as the prompts
            for wrapped in _wrapped(answers_given(row.answers), " " * 6):
                print(wrapped)


def _wrapped(text: str, indent: str, then: str | None = None) -> list[str]:
    """``text`` whole, each of its lines wrapped at :data:`WIDTH` columns after ``indent``
    (the first line) and ``then`` (the others: ``indent`` when None). A prompt is never cut
    (teacher walk 10, #4: they were cut at 48 characters, a drawn question's too)."""
    lines: list[str] = []
    for part in text.split("\n"):
        lines += textwrap.wrap(
            text_cell(part),
            WIDTH,
            initial_indent=indent if not lines else (indent if then is None else then),
            subsequent_indent=indent if then is None else then,
            break_long_words=True,
            break_on_hyphens=False,
        )
    return lines


def json_rows(
    rows: Sequence[StudentAnswer],
    titles: Mapping[str, str],
    logins: Mapping[str, str] | None = None,
) -> list[dict[str, Any]]:
    """The rows as json objects, each with its lesson's ``title``; with ``logins`` (source ->
    login), each with its student's ``login`` after ``student``, as the csv's rows (teacher
    walk 10, #8: joining json with the gradebook went through the name)."""
    found = []
    for row in rows:
        data = row.to_json()
        if logins is not None:
            data = {"student": data.pop("student"), "login": logins.get(row.source, ""), **data}
        found.append({**data, "title": titles.get(row.lesson, row.lesson)})
    return found


def print_csv(
    rows: Sequence[StudentAnswer],
    titles: Mapping[str, str],
    reviews: Sequence[ReviewRow] = (),
    absent: Sequence[str] = (),
    review_kinds: Sequence[KindStanding] = (),
    logins: Mapping[str, str] | None = None,
) -> None:
    """The student x question table; the review's questions follow, marked ``review``
    (tui/cli/report_reviews.py); then a row with only the name for each student of the roster
    with no progress (``absent``), as the class table's csv has. Each row's ``login`` (the
    gradebook's login column: teacher walk 5, L2) is its student's, by her files
    (``logins``: source -> login), an absent student's when her roster line is one."""
    from lessons.report.gradebook import as_login
    from lessons.report.identity import line_login
    from lessons.report.students import ANSWER_FIELDS
    from tui.cli.report_reviews import REVIEW_FIELDS, csv_rows

    answers = [name for name in ANSWER_FIELDS[3:] if name != "login"]
    fields = ("student", "login", "source", "lesson", "title", *answers, *REVIEW_FIELDS)
    login_at, source_at = fields.index("login"), fields.index("source")
    logins = logins or {}
    writer = CsvWriter(sys.stdout)
    writer.writerow(fields)
    from tui.cli.report_reviews import answers_cell

    lines = [
        [data.get(name, "") for name in fields]
        for data in json_rows(rows, titles)
        for data in [{**data, "answers": answers_cell(data["answers"])}]
    ]
    lines += csv_rows(reviews, titles, fields, review_kinds)
    for cells in lines:
        cells[login_at] = logins.get(str(cells[source_at]), "")
        writer.writerow(cells)
    for name in absent:
        cells = [name if field == "student" else "" for field in fields]
        cells[login_at] = line_login(name) or as_login(name)
        writer.writerow(cells)


def print_roster(absent: Sequence[str], unknown: Sequence[str]) -> None:
    """The roster's lines under the class table."""
    print()
    if absent:
        names = ", ".join(text_cell(name) for name in absent)
        print(
            ngettext(
                "No progress from {count} student on the roster: {names}",
                "No progress from {count} students on the roster: {names}",
                len(absent),
            ).format(count=len(absent), names=names)
        )
    else:
        print(_("Every student on the roster has progress."))
    if unknown:
        print(not_on_roster_line(unknown))


def not_on_roster_line(unknown: Sequence[str]) -> str:
    """The students of the files read whom no roster line names, in one line: the class
    report's and the gradebook's (teacher walk 9, #1), as the teacher's page says it."""
    names = ", ".join(text_cell(name) for name in unknown)
    return ngettext(
        "Not on the roster ({count}): {names}",
        "Not on the roster ({count}): {names}",
        len(unknown),
    ).format(count=len(unknown), names=names)
