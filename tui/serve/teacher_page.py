"""The teacher's page of ``queens-tutor serve --teacher USER``: ``/teacher``, read-only, behind
the same login as the students (the proxy names the teacher in the user header).

It shows the class as it is now and refreshes itself every :data:`REFRESH` seconds: each
session (who, connected or not, where in the tutor, since when) with the stuck first (the
question they left open on the page they are on, its attempts and how long ago the last one
was: lessons/report/class_now.py), then each lesson's per-question statistics over every
named user's progress (lessons/report/stats.py), as ``report --server-data`` gives them.

Everything in it is the server's HTML, with every name and lesson text escaped: the page runs
no script and loads nothing else (its Content-Security-Policy says so).
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from lessons.i18n import _, ngettext, pgettext
from lessons.shown_time import shown, with_zone

if TYPE_CHECKING:
    from lessons.catalog import Catalog
    from lessons.course.files import CourseFiles
    from lessons.course.model import Course
    from lessons.progress.export import Export
    from lessons.report.class_now import Seat
    from lessons.report.gradebook import GradebookRow

REFRESH = 5
"""Seconds between two loads of the page."""
POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
"""The page's Content-Security-Policy: its own inline style, nothing else."""
STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #111; background: #fff; }
table { border-collapse: collapse; margin-bottom: 1.5em; }
th, td { border: 1px solid #999; padding: 0.2em 0.6em; text-align: left; }
td.n { text-align: right; }
tr.stuck td { background: #fde8c8; }
#course-problems { border: 2px solid #b00; padding: 0 0.8em; margin-bottom: 1.5em; }
caption { text-align: left; font-weight: bold; padding: 0.3em 0; }
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _where(seat: Seat, titles: Mapping[str, str]) -> str:
    from tui.serve.where import screen_words

    where = seat.session.where
    if where is None:
        return pgettext("report", "not known")
    parts = [screen_words(where.screen)]
    if where.lesson is not None:
        parts.append(titles.get(where.lesson, where.lesson))
    if where.page is not None:
        parts.append(_("page {page}").format(page=where.page))
    return ", ".join(part for part in parts if part)


def _stuck(seat: Seat) -> str:
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


def _state(state: str) -> str:
    if state == "connected":
        return pgettext("session", "connected")
    return pgettext("session", "detached")


def _sessions(
    seats: Sequence[Seat], titles: Mapping[str, str], outside: Callable[[str], bool] | None = None
) -> list[str]:
    stuck = sum(1 for seat in seats if seat.stuck is not None)
    caption = ngettext(
        "{count} session now, {stuck} stuck on a question",
        "{count} sessions now, {stuck} stuck on a question",
        len(seats),
    ).format(count=len(seats), stuck=stuck)
    head = [
        pgettext("report", "User"),
        pgettext("report", "State"),
        pgettext("report", "Where"),
        pgettext("report", "Since"),
        pgettext("report", "Stuck"),
    ]
    out = [f"<table id='sessions'><caption>{_e(caption)}</caption>"]
    out.append("<tr>" + "".join(f"<th>{_e(cell)}</th>" for cell in head) + "</tr>")
    for seat in seats:
        session = seat.session
        since = shown(session.where.updated if session.where is not None else session.started)
        user = session.user if session.user is not None else "-"
        if session.user is not None and outside is not None and outside(session.user):
            user = _("{user} (not on the roster)").format(user=session.user)
        cells = [
            user,
            _state(session.state),
            _where(seat, titles),
            since,
            _stuck(seat),
        ]
        mark = " class='stuck'" if seat.stuck is not None else ""
        out.append(f"<tr{mark}>" + "".join(f"<td>{_e(cell)}</td>" for cell in cells) + "</tr>")
    out.append("</table>")
    return out


def _absent(roster: Sequence[str], exports: list[tuple[str, Export]]) -> list[str]:
    """The roster's students with no progress on the server (never logged in, or nothing
    done), and the students with progress here whom no roster line names (issue 41, item 5:
    the page said nothing of them), as ``report --roster`` names them."""
    from lessons.report.students import absent, not_on_roster

    missing = absent(roster, exports)
    if not missing:
        out = [f"<p id='absent'>{_e(_('Every student on the roster has progress.'))}</p>"]
    else:
        said = ngettext(
            "No progress from {count} student on the roster: {names}",
            "No progress from {count} students on the roster: {names}",
            len(missing),
        ).format(count=len(missing), names=", ".join(missing))
        out = [f"<p id='absent'>{_e(said)}</p>"]
    outside = not_on_roster(roster, exports)
    if outside:
        said = ngettext(
            "Not on the roster ({count}): {names}",
            "Not on the roster ({count}): {names}",
            len(outside),
        ).format(count=len(outside), names=", ".join(outside))
        out.append(f"<p id='not-on-roster'>{_e(said)}</p>")
    return out


def _off_roster(roster: Sequence[str], exports: list[tuple[str, Export]]) -> Callable[[str], bool]:
    """Whether a served login is no roster line's student (her login or any name her
    progress gives, as the report's rule: lessons/report/identity.py)."""
    from lessons.report.identity import identify, same_name

    students = identify(exports, roster).students

    def outside(user: str) -> bool:
        found = [s for s in students if s.login and same_name(s.login, user)]
        if not found:
            return not any(same_name(line, user) for line in roster)
        return not any(s.named_by(line) for s in found for line in roster)

    return outside


def _roster(path: Path | None, warnings: list[str] | None = None) -> tuple[list[str], list[str]]:
    """The roster's names as the file says now, and its problem (empty: none); ``warnings``
    gets a line for each line that repeats an earlier one, as ``report --roster`` says it."""
    if path is None:
        return [], []
    from lessons.report.students import RosterError, read_roster

    try:
        return read_roster(path, warnings), []
    except RosterError as error:
        return [], [str(error)]


def _roster_lines(
    roster: Sequence[str], exports: list[tuple[str, Export]], repeated: Sequence[str]
) -> list[str]:
    """What ``report --roster`` says of the roster's lines, in its words (teacher walk 10:
    the page said none of it): a line of two fields taken whole (a problem there), a line
    repeating an earlier one (``repeated``, found when it was read) or naming the student an
    earlier line names."""
    from lessons.report.identity import identify
    from lessons.report.students import repeated_lines, roster_slips

    roll = identify(exports, roster)
    said = [*roster_slips(roster, roll), *repeated, *repeated_lines(roster, roll)]
    if not said:
        return []
    return [
        "<ul id='roster-lines' class='problems'>",
        *(f"<li>{_e(s)}</li>" for s in said),
        "</ul>",
    ]


def _gradebook_rows(
    catalog: Catalog, course: Course, exports: list[tuple[str, Export]], roster: Sequence[str] = ()
) -> tuple[list[GradebookRow], dict[str, int]]:
    from lessons.report.gradebook import gradebook

    lessons = (*catalog.failed_lessons, *catalog.lessons)  # a lesson being fixed: its points
    scores = {lesson.id: lesson.max_score for lesson in lessons}
    return gradebook(course, exports, scores, datetime.now().astimezone(), roster), scores


def _gradebook(
    course: Course, rows: list[GradebookRow], root: Path, folders: Sequence[Path] = ()
) -> list[str]:
    """The gradebook's table, and its csv downloads, under what they hold: only the progress
    on this server (teacher walk 4, M3: a student who works in a terminal hands in an export,
    which only ``report --gradebook`` reads), and the command that makes the whole one."""
    import shlex

    caption = _("Gradebook of the progress on this server")
    command = " ".join(
        [
            "queens-tutor report --gradebook",
            *(f"--lessons-dir {shlex.quote(str(folder))}" for folder in folders),
            f"--server-data {shlex.quote(str(root))}",
        ]
    )
    scope = _(
        "This gradebook holds only the progress on this server: a student who works in a "
        "terminal hands in an export (progress --export), and shows here as missing until it "
        "is read. The whole gradebook, with the exports: {command} FILES"
    ).format(command=command)
    blanks = _(
        "In the CSV downloads below, a student with no work on this server has empty cells "
        "for an assignment that is due, not 0 and missing: this page cannot see a terminal "
        "student's export, and an import leaves an empty cell ungraded (it never lowers a "
        "grade imported from the whole gradebook). An assignment not due yet reads as in the "
        "whole gradebook's: no points, not-due-yet."
    )
    from lessons.report.gradebook import due_lines, gradebook_table
    from tui.report.html import table_html

    out = ["<ul id='due-dates'>", *(f"<li>{_e(due)}</li>" for due in due_lines(course)), "</ul>"]
    out.append(f"<p id='gradebook-scope'>{_e(scope)}</p>")
    out += table_html(gradebook_table(course, rows), caption, "gradebook")
    moodle = _("Download this server's gradebook (CSV for Moodle)")
    canvas = _("Download this server's gradebook (CSV for Canvas)")
    out.append(
        f"<p id='gradebook-csv-blanks'>{_e(blanks)}</p>"
        f"<p><a href='teacher/gradebook.csv' download>{_e(moodle)}</a> · "
        f"<a href='teacher/gradebook.csv?lms=canvas' download>{_e(canvas)}</a></p>"
    )
    return out


class BrokenExtensions(ValueError):
    """The course's course.toml or extensions.toml has problems: no gradebook csv (one-line
    reason)."""


def broken_extensions(files: CourseFiles | None) -> str:
    """The first extensions.toml of the course with a problem now, or its course.toml when a
    problem left an assignment out ("": neither): a lost extension or a dropped assignment's
    column would change an imported grade."""
    from lessons.course.reading import EXTENSIONS_FILE, dropped_assignments

    if files is None:
        return ""
    broken = next(
        (error.file for error in files.errors if Path(error.file).name == EXTENSIONS_FILE), ""
    )
    return broken or dropped_assignments(files.folders, files.course)


def gradebook_csv(
    root: Path, catalog: Catalog, files: CourseFiles | None, lms: str, roster: Path | None = None
) -> str:
    """The gradebook's csv (tui/cli/report_gradebook.py), from the server's store as it is now
    and the course's files as they are now."""
    import io

    from lessons.course.model import Course
    from lessons.report.gradebook import gradebook_table, points_possible
    from lessons.report.served import served_exports
    from tui.report.files import write_csv

    course = files.course if files is not None else Course()
    broken = broken_extensions(files)
    if broken:  # an import would grade a student late or drop a column (teacher walks 10, 11)
        raise BrokenExtensions(
            _(
                "{path} has problems (the teacher's page names them): an assignment or an "
                "extension it gives may be lost, so no file for a grade import is given until "
                "it is fixed"
            ).format(path=broken)
        )
    exports, _problems = served_exports(root, catalog.lessons)
    rows, scores = _gradebook_rows(catalog, course, exports, _roster(roster)[0])
    out = io.StringIO()
    table = gradebook_table(course, rows, lms=lms, unseen_blank=True)
    first = [points_possible(course, scores, table.fields)] if lms == "canvas" else []
    write_csv(out, *first, table)
    return out.getvalue()


def teacher_page(
    root: Path,
    catalog: Catalog,
    teacher: str,
    files: CourseFiles | None = None,
    roster_file: Path | None = None,
) -> str:
    """The page for ``teacher``, from the server's store ``root`` as it is now (and the
    course's calendar as its files say now: an extension shows at the next refresh)."""
    from lessons.progress.safe_file import Unreadable
    from lessons.report.checks import counted_once
    from lessons.report.class_now import class_now
    from lessons.report.identity import identify
    from lessons.report.served import live_sessions, served_exports
    from lessons.report.stats import question_stats, question_table, runs_lines, runs_not_kept
    from tui.report.html import table_html

    exports, problems = served_exports(root, catalog.lessons)
    try:
        sessions, more = live_sessions(root)
    except FileNotFoundError:
        sessions, more = [], []
    except Unreadable as error:
        sessions, more = [], [str(error)]
    problems += more
    known = {lesson.id: lesson for lesson in catalog.lessons}
    seats = class_now(sessions, exports, time.time(), known)
    roll = identify(exports)  # who is one student: lessons/report/identity.py
    students = roll.exports()
    # the run that counts of each student's lesson, as the gradebook counts it (walk 9, #2)
    earned: dict[tuple[str, str], float] = {}
    if files is not None and files.course:
        from tui.cli.report_counted import counted

        lessons = (*catalog.failed_lessons, *catalog.lessons)  # as _gradebook_rows's
        scores = {lesson.id: lesson.max_score for lesson in lessons}
        found = counted(files.course, exports, scores, roll)
        earned = {key: g.earned_at.timestamp() for key, g in found.items() if g.earned_at}
    once = counted_once(students)
    stats = question_stats(students, catalog.lessons, once, earned)
    runs = runs_lines(
        bool(files is not None and files.course),
        runs_not_kept(students, earned, once),
        {lesson.id: lesson.title for lesson in catalog.lessons},
    )
    titles = {lesson.id: lesson.title for lesson in catalog.lessons}
    title = _("queens-tutor: the class now")
    moment = with_zone(datetime.now())  # the server's time: a teacher elsewhere is told its zone
    body = [
        f"<h1>{_e(title)}</h1>",
        "<p>"
        + _e(
            _("{teacher}, this page shows the class at {time} and refreshes every {n} s.").format(
                teacher=teacher, time=moment, n=REFRESH
            )
        )
        + "</p>",
    ]
    course_problems = [str(error) for error in files.errors] if files is not None else []
    if course_problems:  # first: what the teacher's last edit broke is left out until mended
        heading = _("The course's files have problems: what has one is left out until it is fixed")
        body.append(f"<div id='course-problems' class='problems'><h2>{_e(heading)}</h2><ul>")
        body += [f"<li>{_e(problem)}</li>" for problem in course_problems]
        body.append("</ul></div>")
    repeated: list[str] = []
    roster, roster_problems = _roster(roster_file, repeated)
    problems += roster_problems
    checked = roster_file is not None and not roster_problems
    body += _sessions(seats, titles, _off_roster(roster, exports) if checked else None)
    if roster_file is not None and not roster_problems:
        body += _absent(roster, exports)
        body += _roster_lines(roster, exports, repeated)
    if files is not None and files.course:
        rows, _scores = _gradebook_rows(catalog, files.course, exports, roster)
        body += _gradebook(files.course, rows, root, files.folders)
    if stats:  # which run of each student they count, as the report says it
        body += [f"<p class='runs'>{_e(line)}</p>" for line in runs]
    if stats:
        body += table_html(question_table(stats, titles), name="questions")
    if problems:
        body.append("<ul class='problems'>")
        body += [f"<li>{_e(problem)}</li>" for problem in problems]
        body.append("</ul>")
    return (
        "<!DOCTYPE html>\n<html><head><meta charset='utf-8'>"
        f"<meta http-equiv='refresh' content='{REFRESH}'>"
        f"<title>{_e(title)}</title><style>{STYLE}</style></head>"
        "<body>" + "\n".join(body) + "</body></html>\n"
    )
