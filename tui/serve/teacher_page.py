"""The teacher's page of ``queens-tutor serve --teacher USER``, ``/teacher``: the class now (the
stuck first), refreshed every :data:`REFRESH` seconds, then the tables of ``report
--server-data`` as HTML; one inline script (:data:`RELOAD`), nothing else loaded."""

from __future__ import annotations

import base64
import hashlib
import time
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from lessons.i18n import _
from lessons.shown_time import with_zone
from tui.report.html import e, table_html

if TYPE_CHECKING:
    from lessons.catalog import Catalog
    from lessons.course.files import CourseFiles
    from lessons.course.model import Course
    from lessons.report.class_report import ClassReport

REFRESH = 5
"""Seconds between two loads of the page."""
RELOAD = (
    f"setTimeout(function again() {{ fetch(location.href, {{method: 'HEAD', cache: 'no-store'}})"
    f".then(function () {{ location.replace(location.href); }}, function () "
    f"{{ document.getElementById('gone').hidden = false; setTimeout(again, {REFRESH * 1000}); }}"
    f"); }}, {REFRESH * 1000});"
)
"""Load the page again every :data:`REFRESH` seconds once the server answers, so a page open
while the server restarts comes back by itself; while it does not, say so (``#gone``)."""
POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; "
    "connect-src 'self'; script-src 'sha256-"
    + base64.b64encode(hashlib.sha256(RELOAD.encode()).digest()).decode()
    + "'"
)
"""The page's Content-Security-Policy: its own inline style and :data:`RELOAD`, nothing else."""
STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #111; background: #fff; }
table { border-collapse: collapse; margin-bottom: 1.5em; }
th, td { border: 1px solid #999; padding: 0.2em 0.6em; text-align: left; }
td.n { text-align: right; }
tr.stuck td { background: #fde8c8; }
#course-problems { border: 2px solid #b00; padding: 0 0.8em; margin-bottom: 1.5em; }
caption { text-align: left; font-weight: bold; padding: 0.3em 0; }
"""


class BrokenExtensions(ValueError):
    """The course's files have problems: no gradebook csv (one-line reason)."""


def _class(
    root: Path,
    catalog: Catalog,
    files: CourseFiles | None,
    roster_file: Path | None,
    course: Course | None = None,
) -> tuple[ClassReport, list[str]]:
    """The class on this server as the report gathers it (``course``: the one without
    course files), and what could not be read."""
    from lessons.report.class_report import gather, naming_lessons
    from lessons.report.roster import RosterError, read_roster
    from lessons.report.served import served_exports
    from tui.serve.lti.courses import site_of

    lessons = naming_lessons(catalog)
    exports, problems = served_exports(root, lessons)
    roster: list[str] | None = None
    repeated: list[str] = []
    if roster_file is not None:
        try:
            roster = read_roster(roster_file, repeated)
        except RosterError as error:
            problems.append(str(error))
    course = files.course if files is not None else course
    return gather(
        exports, lessons, roster, course and replace(course, site=site_of(root)), warnings=repeated
    ), problems


def _roster(found: ClassReport) -> list[str]:
    """Who on the roster has no progress, who is not on it, and what the roster says."""
    from lessons.report.roster import roster_lines

    absent, outside = roster_lines(found.absent(), found.not_on_roster())
    out = [f"<p id='absent'>{e(absent)}</p>"]
    if outside:
        out.append(f"<p id='not-on-roster'>{e(outside)}</p>")
    lines = [*found.slips, *found.warnings]
    if lines:
        out += ["<ul id='roster-lines' class='problems'>", *(f"<li>{e(s)}</li>" for s in lines)]
        out.append("</ul>")
    return out


def _gradebook(found: ClassReport, root: Path, folders: Sequence[Path] = ()) -> list[str]:
    """The gradebook's table and its csv downloads, under what they hold: only the progress on
    this server, and the command that makes the whole one."""
    import shlex

    from lessons.report.gradebook import due_lines, gradebook_table

    assert found.course is not None
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
    dues = due_lines(found.course)
    out = ["<ul id='due-dates'>", *(f"<li>{e(due)}</li>" for due in dues), "</ul>"]
    out.append(f"<p id='gradebook-scope'>{e(scope)}</p>")
    caption = _("Gradebook of the progress on this server")
    out += table_html(gradebook_table(found.course, found.book), caption, "gradebook")
    moodle = _("Download this server's gradebook (CSV for Moodle)")
    canvas = _("Download this server's gradebook (CSV for Canvas)")
    out.append(
        f"<p id='gradebook-csv-blanks'>{e(blanks)}</p>"
        f"<p><a href='teacher/gradebook.csv' download>{e(moodle)}</a> · "
        f"<a href='teacher/gradebook.csv?lms=canvas' download>{e(canvas)}</a></p>"
    )
    return out


def gradebook_csv(
    root: Path, catalog: Catalog, files: CourseFiles | None, lms: str, roster: Path | None = None
) -> str:
    """The gradebook's csv for a course site (``lms``), from the server's store and the
    course's files as they are now; a student with no work on this server has empty cells."""
    import io

    from lessons.course.model import Course
    from lessons.report.gradebook import gradebook_table, lost_grades, points_possible
    from tui.report.files import write_csv

    broken = lost_grades(files.folders, files.course, files.errors) if files is not None else ""
    if broken:
        raise BrokenExtensions(
            _(
                "{path} has problems (the teacher's page names them): an assignment or an "
                "extension it gives may be lost, so no file for a grade import is given until "
                "it is fixed"
            ).format(path=broken)
        )
    found = _class(root, catalog, files, roster, Course())[0]
    if found.slips:
        raise BrokenExtensions(
            _(
                "the roster has problems (the teacher's page names them): a student it names may "
                "be missing, so no file for a grade import is given until it is fixed"
            )
        )
    course = found.course or Course()
    table = gradebook_table(course, found.book, lms=lms, unseen_blank=True)
    first = [points_possible(course, found.scores, table.fields)] if lms == "canvas" else []
    out = io.StringIO()
    write_csv(out, *first, table)
    return out.getvalue()


def teacher_page(
    root: Path,
    catalog: Catalog,
    teacher: str,
    files: CourseFiles | None = None,
    roster_file: Path | None = None,
    extra: Sequence[str] = (),
) -> str:
    """The page for ``teacher`` from store ``root`` now; ``extra``: HTML after the sessions."""
    from lessons.progress.safe_file import Unreadable
    from lessons.report.live import class_now, seats_table
    from lessons.report.roster import off_roster
    from lessons.report.served import live_sessions
    from lessons.report.stats import question_table, runs_lines

    found, problems = _class(root, catalog, files, roster_file)
    try:
        sessions, more = live_sessions(root)
    except FileNotFoundError:
        sessions, more = [], []
    except Unreadable as error:
        sessions, more = [], [str(error)]
    problems += more
    known = {lesson.id: lesson for lesson in catalog.lessons}
    seats = class_now(sessions, found.exports, time.time(), known)
    title = _("queens-tutor: the class now")
    moment = with_zone(datetime.now())  # the server's time: a teacher elsewhere is told its zone
    intro = _("{teacher}, this page shows the class at {time} and refreshes every {n} s.")
    gone = _(
        "The server does not answer: what follows is the class at {time}; this page comes back "
        "by itself once the server answers again."
    ).format(time=moment)
    body = [
        f"<h1>{e(title)}</h1>",
        "<p>" + e(intro.format(teacher=teacher, time=moment, n=REFRESH)) + "</p>",
        f"<p id='gone' hidden><strong>{e(gone)}</strong></p>",
    ]
    course_problems = [str(error) for error in files.errors] if files is not None else []
    if course_problems:  # first: what the teacher's last edit broke is left out until mended
        heading = _("The course's files have problems: what has one is left out until it is fixed")
        body.append(f"<div id='course-problems' class='problems'><h2>{e(heading)}</h2><ul>")
        body += [f"<li>{e(problem)}</li>" for problem in course_problems]
        body.append("</ul></div>")
    outside = off_roster(found.roster, found.roll) if found.roster is not None else None
    table, caption = seats_table(seats, found.titles, outside)
    body += table_html(table, caption, "sessions")
    body += extra
    if found.roster is not None:
        body += _roster(found)
    if found.course:
        body += _gradebook(found, root, files.folders if files is not None else ())
    stats, not_kept = found.stats()
    if stats:  # which run of each student they count, as the report says it
        runs = runs_lines(found.counts is not None, not_kept, found.titles)
        body += [f"<p class='runs'>{e(line)}</p>" for line in runs]
        body += table_html(question_table(stats, found.titles), name="questions")
    if problems:
        body.append("<ul class='problems'>")
        body += [f"<li>{e(problem)}</li>" for problem in problems]
        body.append("</ul>")
    return (
        "<!DOCTYPE html>\n<html><head><meta charset='utf-8'>"
        f"<noscript><meta http-equiv='refresh' content='{REFRESH}'></noscript>"
        f"<script>{RELOAD}</script>"
        f"<title>{e(title)}</title><style>{STYLE}</style></head>"
        "<body>" + "\n".join(body) + "</body></html>\n"
    )
