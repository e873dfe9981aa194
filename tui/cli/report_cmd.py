"""``queens-tutor report [FILE...] [--server-data DIR] [--questions] [--live]
[--format text|csv|json]``: a teacher's class table and per-question statistics.

Merges students' exported progress files (``queens-tutor progress --export``, or *Download
progress* in the tutor's command palette), and with ``--server-data DIR`` the progress of every
named user of ``queens-tutor serve`` (lessons/report/served.py), into one table: per lesson and
student, the pages done, the quiz score, the hints taken and the answers shown; then, per
lesson (and lesson version), each question's statistics (tui/cli/report_questions.py). csv holds
one table: the class table, or with ``--questions`` the per-question one. ``--live`` shows who
is connected to the server instead (tui/cli/report_live.py).

A file whose checksum does not match its content (edited by hand, or damaged) is still listed,
flagged ``EDITED``, with a warning; files of different students holding the same answer records
(one handed in a classmate's work) are each flagged ``SAME``, named together in one warning
(the files cannot tell who made the work), and the record is counted once in the statistics, as
is a student's own record found twice (their export beside their progress on the server); a
lesson whose records were made against different versions of it is named in a warning, and its
statistics are per version. A file that cannot be
used (not an export, malformed, too large, nested too deep, with a number of too many digits, a
directory, a FIFO, unreadable) is named on stderr and skipped, and the others are reported. A
FILE or DIR that does not exist at all is a usage error (status 2, nothing reported). Otherwise
the exit status is 1 when anything was flagged or skipped, else 0.

What students typed is data: in the text table every control character of a name or title
(a newline, ESC) is shown as a visible symbol, so no name can forge a row or act on the
terminal; in csv a ``=``, ``+``, ``-``, ``@``, tab or carriage return that starts a text cell or
follows a separator in it gets a ``'`` before it, and a cell holding ``;`` or a tab is quoted
(the OWASP rule against formulas run by a spreadsheet, in a locale that splits on ``;`` too:
tui/cli/report_cells.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.i18n import N_, _, ngettext, pgettext
from lessons.safe_text import visible
from tui.cli.report_cells import CsvWriter, pad, text_cell, width
from tui.cli.report_live import print_live
from tui.options.args import UsageError, WrappedHelpFormatter, add_format
from tui.options.lesson_options import add_lesson_options, catalog_from

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from lessons.catalog import Catalog
    from lessons.course.model import Course
    from lessons.model import Lesson
    from lessons.progress.export import Export, ReportRow
    from lessons.report.checks import Borrowed
    from lessons.report.identity import Roll
    from tui.cli.report_counted import Counts

PROBLEMS_FOUND = 1
EPILOG = N_(
    """\
json keys (csv: the columns of the same names; yes/no is 1 or 0 there):
  students          how many students the files and server users are
  rows              the class table, one per student and lesson:
    student, login    the student (README: who is one student) and her login ("": none);
                      source: her files read (space-separated)
    lesson, title     the lesson's id, and its title as loaded here, else as the file says
    pages_done/pages  the pages done, of the lesson's pages (0: not known)
    completed         finished at least once
    score/max_score   quiz points: the best finished run's, else this run's
    hints, shown      questions answered with a hint, and with the answer shown, in any run
    intact            the file's checksum matches its content (false: EDITED)
    first_activity, last_activity  the first and the last work in the lesson
    again_page        the page of a run started again after the lesson was done (0: none)
    same_as           the other files that hold the same answer records
    assignment, counted, counted_status, counted_at  with a course.toml in
                      --lessons-dir: the lesson's assignment, and what of the lesson
                      counts there as the gradebook counts it: points, status, when
                      earned (null: no assignment holds the lesson)
  questions         each question: page, question (from 1), page_title, prompt (whole),
                    answered (right, or the answer shown), right, right_first (at the first
                    attempt, no hint), hints, shown, unfinished (tried, no answer yet),
                    attempts_mean, attempts_median, version, mixed, title
  answers           --students: student, source, lesson, title, page, question,
                    page_title, prompt (as the student was asked it), finished, right,
                    right_first, attempts, hint, shown, at, earlier (a miss of an
                    earlier run of a lesson started again), run (with a course that counts
                    an earlier run than the latest: counted, that run's outcome; latest,
                    the latest run's; else "")
                    login (the student's login, as in the csv)
  reviews, review_kinds    --students: each question a review asked; each kind's box now
  absent, not_on_roster    --roster: its lines with no progress; the students not on it
  same_answers, loaded_from_others, mixed_versions, problems    what stderr warns of
  merged            each student whose files under different names or logins were
                    taken as hers (one line each, on stderr too)
--gradebook json keys:
  assignments       id, title, lessons, opens, due, late_credit, late_until
  students          student, login, sources, and grades by assignment id: score,
                    max_score, status (on-time, late, missing, not-due-yet, not-open-yet),
                    due (the student's: an extension's when given), extended (true: an
                    extension applies), done_at (when the points counted were earned),
                    loaded_after_due (its lessons loaded from another student's export
                    after the due date: graded as their answers were first recorded)
  loaded_from_others  as in the class report's json (stderr says each)
  merged, problems  what stderr says (a course file's problem among the problems)
  warnings          an extension given by a name her own tutor does not see (stderr too)
  not_on_roster     --roster: the students whom no roster line names (rows all the same)
Times in csv and json: ISO 8601 to the second, with this machine's UTC offset; in the
text, this machine's local time to the minute (a due date with its zone).
"""
)


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "report",
        help=_("a class table from students' exported progress files"),
        description=_(
            "Merge students' exported progress files, or the progress of a server's users, "
            "into one table: per lesson and student, pages done, score, hints and shown "
            "answers; then each question's statistics. Edited files, copies and mixed lesson "
            "versions are flagged."
        ),
        epilog=_(EPILOG),
        formatter_class=WrappedHelpFormatter,
    )
    p.add_argument("files", nargs="*", type=Path, metavar="FILE", help=_("exported progress files"))
    p.add_argument(
        "--server-data",
        type=Path,
        metavar="DIR",
        help=_(
            "also read the progress of every named user of queens-tutor serve --server-data DIR"
        ),
    )
    p.add_argument(
        "--questions",
        action="store_true",
        help=_("show only the per-question statistics (with csv: the per-question table)"),
    )
    p.add_argument(
        "--students",
        action="store_true",
        help=_(
            "show each student's outcome on each question and when, instead of the "
            "per-question statistics (with csv: the student x question table), and their "
            "reviews apart (queens-tutor review)"
        ),
    )
    p.add_argument(
        "--gradebook",
        action="store_true",
        help=_(
            "show the course's gradebook instead: one row per student, one column per "
            "assignment of the course.toml in --lessons-dir (score; on time, late or missing); "
            "with csv, for a course site's grade import (a score not due yet is an empty cell, "
            "never 0)"
        ),
    )
    p.add_argument(
        "--lms",
        choices=("moodle", "canvas"),
        default=None,
        help=_(
            "with --gradebook --format csv: moodle (default) gives each assignment a score "
            "and a status column; canvas only the scores, and Canvas's Points Possible row"
        ),
    )
    p.add_argument(
        "--roster",
        type=Path,
        metavar="FILE",
        help=_(
            "a text file with one student's login or name per line, or a CSV file with a "
            "header line login,name (a course site's export): the report lists the students "
            "on it who have no progress, and those who are not on it"
        ),
    )
    p.add_argument(
        "--live",
        action="store_true",
        help=_(
            "show who is connected to the server and where they are (its --server-data DIR, "
            "by default the one serve uses)"
        ),
    )
    add_format(p, "text", "csv", "json")
    add_lesson_options(p, sub=True)
    return "report"


def _read(paths: list[Path]) -> tuple[list[tuple[str, Export]], list[str]]:
    from lessons.progress.export import MAX_BYTES, ExportError, parse_export
    from lessons.progress.safe_file import Unreadable, read_regular

    for path in paths:
        if not path.exists() and not path.is_symlink():
            raise UsageError(_("no such file: {path}").format(path=repr(str(path))))
    exports: list[tuple[str, Export]] = []
    problems: list[str] = []
    for path in paths:
        try:  # a regular file only, read without blocking (a FIFO) and within MAX_BYTES
            export = parse_export(read_regular(path, MAX_BYTES))
        except OSError as error:
            problems.append(
                _("{path}: cannot be read ({reason}); skipped").format(
                    path=path, reason=error.strerror
                )
            )
            continue
        except (ExportError, Unreadable) as error:
            problems.append(_("{path}: {problem}; skipped").format(path=path, problem=error))
            continue
        if not export.intact:
            problems.append(
                _("{path}: EDITED: the checksum does not match the content").format(path=path)
            )
        exports.append((str(path), export))
    return exports, problems


def _text(
    rows: list[ReportRow], same_as: Callable[[ReportRow], list[str]], counts: Counts | None = None
) -> None:
    # Column titles are labels; each column is as wide as its widest cell in the language in
    # use, over every lesson's table, so that the tables line up. With a course, a column says
    # what of each lesson counts, beside its best score (tui/cli/report_counted.py).
    from tui.cli import report_counted

    header = [
        pgettext("report", "Student"),
        pgettext("report", "Pages"),
        pgettext("report", "Score"),
        pgettext("report", "Hints"),
        pgettext("report", "Shown"),
        pgettext("report", "Last active"),
    ]
    done, edited = pgettext("report", "done"), pgettext("report", "EDITED")
    same = pgettext("report", "SAME")
    cells: dict[int, list[str]] = {}
    whose: dict[str, set[str]] = {}
    for row in rows:
        whose.setdefault(row.student.casefold(), set()).add(row.source)
    for row in rows:
        student = row.student  # two students of one name: each with her login
        if len(whose[row.student.casefold()]) > 1:
            student = f"{row.student} ({row.login or row.source})"
        # A newline cannot forge a row, nor a tab or a wide character shift the columns.
        pages = f"{row.pages_done}/{row.pages}" if row.pages else str(row.pages_done)
        last = row.last_activity[:16].replace("T", " ") or "-"
        cells[id(row)] = [
            text_cell(student),
            pages,
            f"{row.score}/{row.max_score}",
            str(row.hints),
            str(row.shown),
            last,
        ]
    least = [0, 6, 5, 5, 5, 16]
    right = {2, 3, 4}
    if counts is not None and any((row.source, row.lesson) in counts for row in rows):
        header.insert(3, report_counted.header())
        least.insert(3, 0)
        right = {2, 4, 5}
        for row in rows:
            cells[id(row)].insert(3, report_counted.cell(row, counts))
    widths = [
        max([least[column], width(header[column]), *(width(c[column]) for c in cells.values())])
        for column in range(len(header))
    ]

    def line(row_cells: list[str]) -> str:
        padded = [
            pad(cell, widths[column], column in right) for column, cell in enumerate(row_cells)
        ]
        return "  " + "  ".join(padded)

    lesson = None
    for row in rows:
        if row.lesson != lesson:
            lesson = row.lesson
            print(f"\n{text_cell(row.title)} ({text_cell(row.lesson)})")
            print(line(header).rstrip())
        flags = f"  {done}" if row.completed else ""
        if row.again_page:  # the best run's score; the run started again is on this page
            flags += "  " + _("started again, on page {page}").format(page=row.again_page)
        flags += "" if row.intact else f"  {edited}"
        flags += f"  {same}" if same_as(row) else ""
        print((line(cells[id(row)]) + flags).rstrip())


def _titles(lessons: Sequence[Lesson], exports: list[tuple[str, Export]]) -> dict[str, str]:
    """Each lesson's title: as loaded here, else as the first file that names it says."""
    titles: dict[str, str] = {}
    for _source, export in exports:
        for key, info in export.info.items():
            titles.setdefault(key, info.title)
    titles.update({lesson.id: lesson.title for lesson in lessons})
    return titles


def lesson_order(
    lessons: Sequence[Lesson], exports: Sequence[tuple[str, Export]]
) -> dict[str, int]:
    """Each lesson's place in every section: the order of ``lessons`` (as loaded here: the
    course's), then a lesson not loaded here in the order the class first worked in them
    (which the course's order is likely to be: the files do not say it), then by id."""
    from lessons.progress.export import activity

    order = {lesson.id: index for index, lesson in enumerate(lessons)}
    first: dict[str, float] = {}
    for _source, export in exports:
        for key, record in export.records.items():
            if key not in order:
                began = activity(record)[0] or float("inf")  # 0: not known, last
                first[key] = min(first.get(key, began), began)
    for key in sorted(first, key=lambda key: (first[key], key)):
        order[key] = len(order)
    return order


def in_lesson_order(rows: Sequence[Any], order: Mapping[str, int]) -> list[Any]:
    """``rows`` (anything with a ``lesson``: the class table's, the statistics', the answers')
    lesson by lesson in ``order`` (:func:`lesson_order`); each lesson's rows keep theirs."""
    return sorted(rows, key=lambda row: (order.get(row.lesson, len(order)), row.lesson))


def naming_lessons(catalog: Catalog) -> tuple[Lesson, ...]:
    """The lessons that name what the files hold: those offered here, those of the teacher's
    files that fail only their check (teacher walk 3, M4: a course's lesson being fixed keeps
    its title and points), and with ``--only-course`` the built-in ones too (an older export
    names no title of its own, and a student may have worked on a built-in lesson before the
    course left them out)."""
    offered = {lesson.id for lesson in catalog.lessons}
    failing = tuple(  # a course's lesson whose check fails: its file still names it
        lesson for lesson in catalog.failed_lessons if lesson.id not in offered
    )
    if not catalog.only_course:
        return catalog.lessons + failing
    from lessons.catalog import load_catalog

    builtin = load_catalog(catalog.lang).lessons
    known = offered | {lesson.id for lesson in failing}
    return catalog.lessons + failing + tuple(one for one in builtin if one.id not in known)


def lessons_in(catalog: Catalog, lang: str) -> tuple[Lesson, ...]:
    """:func:`naming_lessons` in language ``lang`` (a review's prompt as the student saw it)."""
    return naming_lessons(catalog.in_language(lang))


def with_lesson_info(
    exports: list[tuple[str, Export]], lessons: Sequence[Lesson]
) -> list[tuple[str, Export]]:
    """The files, each knowing the title, pages and points of the lessons loaded here that it
    names none of (an export made before it carried them)."""
    from lessons.progress.export import lesson_info

    known = lesson_info(lessons)
    found = []
    for source, export in exports:
        missing = {
            key: known[key] for key in export.records if key in known and key not in export.info
        }
        found.append(
            (source, replace(export, info={**export.info, **missing}) if missing else export)
        )
    return found


def max_scores(lessons: Sequence[Lesson], exports: list[tuple[str, Export]]) -> dict[str, int]:
    """Each lesson's quiz points: as loaded here, else as a file says."""
    found: dict[str, int] = {}
    for _source, export in exports:
        for key, info in export.info.items():
            found.setdefault(key, info.max_score)
    found.update({lesson.id: lesson.max_score for lesson in lessons})
    return found


def _course(args: argparse.Namespace, catalog: Catalog) -> tuple[Course, list[str]]:
    """The course of ``--lessons-dir`` and its files' problems (the report's problems: in its
    json, on stderr, and exit status 1); a usage error when there is none."""
    course, errors = _course_if_any(args, catalog)
    if not course:
        for error in errors:
            sys.stderr.write(f"queens-tutor report: {error}\n")
        if _broken_course_files(args, errors):  # a course.toml there, none of it usable
            raise UsageError(
                _(
                    "--gradebook: no assignment of the course can be read: fix the problems "
                    "above (queens-tutor lessons check names each)"
                )
            )
        raise UsageError(
            _(
                "--gradebook needs a course: a course.toml with its assignments in a "
                "--lessons-dir (docs/lesson-format.md)"
            )
        )
    broken = _broken_extensions(args, errors) or _dropped(args, course)
    if broken and args.format == "csv":
        # the import file would grade an extended student late (teacher walk 10, #3), or leave
        # out an assignment a typo dropped (teacher walk 11, #1): none
        for error in errors:
            sys.stderr.write(f"queens-tutor report: {error}\n")
        raise UsageError(
            _(
                "--gradebook --format csv: {path} has problems (above): an assignment or an "
                "extension it gives may be lost, so no file for a grade import is written until "
                "it is fixed (the text and json gradebooks show what it gives now)"
            ).format(path=broken[0])
        )
    return course, errors


def _dropped(args: argparse.Namespace, course: Course) -> list[str]:
    """The course.toml of ``--lessons-dir`` that has an assignment left out by a problem."""
    from lessons.course.reading import dropped_assignments

    path = dropped_assignments(getattr(args, "lessons_dirs", None) or [], course)
    return [path] if path else []


def _broken_course_files(args: argparse.Namespace, errors: Sequence[str]) -> list[str]:
    """The course.toml and extensions.toml files of ``--lessons-dir`` that have problems."""
    from lessons.course.reading import COURSE_FILE, EXTENSIONS_FILE

    folders = getattr(args, "lessons_dirs", None) or []
    files = [str(folder / name) for folder in folders for name in (COURSE_FILE, EXTENSIONS_FILE)]
    return [path for path in files if any(error.startswith(f"{path}:") for error in errors)]


def _broken_extensions(args: argparse.Namespace, errors: Sequence[str]) -> list[str]:
    """The extensions.toml files of ``--lessons-dir`` that have problems."""
    from lessons.course.reading import EXTENSIONS_FILE

    folders = getattr(args, "lessons_dirs", None) or []
    files = [str(folder / EXTENSIONS_FILE) for folder in folders]
    return [path for path in files if any(error.startswith(f"{path}:") for error in errors)]


def _course_if_any(args: argparse.Namespace, catalog: Catalog) -> tuple[Course, list[str]]:
    """The course of ``--lessons-dir`` (empty: none) and its files' problems."""
    from lessons.course.reading import read_courses

    folders = list(getattr(args, "lessons_dirs", None) or [])
    if not folders:
        from lessons.course.model import Course

        return Course(), []
    course, errors = read_courses(folders, catalog.find, catalog.find_failed)
    return course, [str(error) for error in errors]


def _unmatched(
    args: argparse.Namespace,
    catalog: Catalog,
    course: Course | None,
    roll: Roll,
    roster: Sequence[str],
) -> list[str]:
    """A problem for each of the course's extensions that names no student of these files
    nor of the roster (teacher walk 5, M3); the class report reads the course of
    ``--lessons-dir`` for it (its other problems are the gradebook's and ``lessons check``'s).
    Only where the report stands for the whole class (the gradebook, or a roster given): a
    class report of a few students' files is no reason to doubt the others' extensions. The
    caller makes them problems against a roster and warnings without one."""
    from lessons.report.gradebook import unmatched_extensions

    if not args.gradebook and not roster:
        return []
    if course is None:
        folders = list(getattr(args, "lessons_dirs", None) or [])
        if not folders:
            return []
        from lessons.course.reading import read_courses

        course = read_courses(folders, catalog.find, catalog.find_failed)[0]
    return unmatched_extensions(course, roll, roster)


def _check(args: argparse.Namespace) -> Path | None:
    """The server's store to read, if any; UsageError for options that do not go together."""
    if args.lms is not None and not (args.gradebook and args.format == "csv"):
        raise UsageError(_("--lms chooses the layout of --gradebook --format csv: add both"))
    if args.live:
        if args.files or args.questions or args.gradebook:
            raise UsageError(
                _(
                    "--live shows who is connected: it takes no FILE, no --questions and no "
                    "--gradebook"
                )
            )
        from lessons.report.served import default_root

        return _existing(args.server_data or default_root())
    if sum(map(bool, (args.students, args.questions, args.gradebook))) > 1:
        raise UsageError(_("--students, --questions and --gradebook are three views: choose one"))
    if args.server_data is not None:
        return _existing(args.server_data)
    if not args.files:
        raise UsageError(_("name the exported progress files to report on, or --server-data DIR"))
    return None


def _roster(path: Path | None, warnings: list[str]) -> list[str] | None:
    """The roster's students, or None without --roster; a usage error when it cannot be read
    (``warnings``: its lines that repeat an earlier one)."""
    if path is None:
        return None
    from lessons.report.students import RosterError, read_roster

    if not path.exists() and not path.is_symlink():  # named as the other roster errors (#8)
        raise UsageError(_("--roster: no such file: {path}").format(path=repr(str(path))))
    try:
        return read_roster(path, warnings)
    except RosterError as error:
        raise UsageError(str(error)) from None


def _absent_cell(field: str, name: str) -> str:
    """A cell of an absent roster student's class csv row: her name, her login (the line's,
    or the line when it is one), else empty."""
    from lessons.report.gradebook import as_login
    from lessons.report.identity import line_login

    if field == "student":
        return str(name)
    if field == "login":
        return line_login(name) or as_login(name)
    return ""


def _existing(root: Path) -> Path:
    if not root.is_dir():
        raise UsageError(_("no such directory: {path}").format(path=repr(str(root))))
    return root


def run(args: argparse.Namespace) -> int:
    from lessons.progress.export import FIELDS, class_report
    from lessons.report.checks import borrowed, counted_once, find_same, mixed_versions
    from lessons.report.identity import identify
    from lessons.report.reviews import review_rows
    from lessons.report.stats import question_stats, runs_not_kept
    from lessons.report.students import (
        absent,
        not_on_roster,
        repeated_lines,
        roster_slips,
        student_answers,
    )
    from tui.cli import report_questions as questions
    from tui.cli import report_reviews
    from tui.cli import report_students as students
    from tui.cli.report_counted import COUNTED_FIELDS, counted, counted_csv, counted_json

    root = _check(args)
    catalog = catalog_from(args)
    for error in catalog.errors:
        sys.stderr.write(f"queens-tutor report: {error}\n")  # the teacher's lessons: a note
    course, course_problems = (
        _course(args, catalog) if args.gradebook else _course_if_any(args, catalog)
    )
    named = naming_lessons(catalog)
    if args.live:
        assert root is not None
        problems = print_live(root, args.format, _titles(named, []))
        return _problems(problems)
    exports, problems = _read(args.files) if args.files else ([], [])
    problems = course_problems + problems
    exports = with_lesson_info(exports, named)
    served: list[tuple[str, Export]] = []
    if root is not None:
        from lessons.report.served import served_exports

        served, unusable = served_exports(root, named)
        exports += served
        problems += unusable
    problems += _unknown_lessons(exports, named)
    roster_notes: list[str] = []
    roster = _roster(args.roster, roster_notes)
    # Who is one student: one rule for every section (lessons/report/identity.py).
    roll = identify(exports, roster or ())
    students_of = roll.exports()  # one merged export per student
    duplicates = find_same(exports, roll)
    mixed = mixed_versions(exports)
    loads = borrowed(exports, roll)
    problems += roll.problems
    unmatched = _unmatched(args, catalog, course, roll, roster or ())
    # Against a roster, an extension that reaches nobody is a slip (a problem); without one
    # it may be for a student who has not begun (a warning, as lessons check gives).
    problems += unmatched if roster else []
    unreached = [] if roster else unmatched
    problems += [questions.same_warning(group) for group in duplicates.groups]
    problems += [questions.borrowed_warning(found) for found in loads]
    problems += [questions.mixed_warning(lesson) for lesson in mixed]
    order = lesson_order(named, exports)  # every section's: the lessons' here, then the class's
    titles = _titles(named, exports)
    # One name per lesson in every section: as loaded here, else as the first file says.
    rows = [
        replace(row, title=titles.get(row.lesson, row.title)) for row in class_report(students_of)
    ]
    rows = in_lesson_order(rows, order)
    # where the course gives a lesson a due date, what of it counts, as the gradebook counts it
    counts = counted(course, exports, max_scores(named, exports), roll) if course else None
    earned = {
        key: grade.earned_at.timestamp() for key, grade in (counts or {}).items() if grade.earned_at
    }
    # the statistics count each student's run that counts, as --students lists it (walk 9, #2)
    once = counted_once(students_of)
    stats = in_lesson_order(question_stats(students_of, named, once, earned), order)
    not_kept = runs_not_kept(students_of, earned, once)
    answers = student_answers(students_of, named, earned) if args.students else []
    answers = in_lesson_order(answers, order)
    reviews, review_kinds = (
        review_rows(students_of, named, lessons_in=lambda lang: lessons_in(catalog, lang))
        if args.students
        else ([], [])
    )
    absent_names = absent(roster, exports, roll) if roster is not None else []
    unknown = not_on_roster(roster, exports, roll) if roster is not None else []
    # a roster line that names nobody but holds an unmatched student's login or name: a line
    # of two fields taken whole as one name (teacher walk 10, #1)
    problems += roster_slips(roster or (), roll)
    roster_notes += repeated_lines(roster or (), roll)

    sources_of = {student.source: student.sources for student in roll.students}

    def same_as(row: ReportRow) -> list[str]:
        """The other files holding the same records as the row's student's files."""
        mine = sources_of.get(row.source, [row.source])
        found = [other for source in mine for other in duplicates.same_as(source, row.lesson)]
        return list(dict.fromkeys(other for other in found if other not in mine))

    if args.gradebook:
        from datetime import datetime

        from lessons.report.gradebook import gradebook, unseen_extensions
        from tui.cli import report_gradebook as grades

        scores = max_scores(named, exports)
        book = gradebook(course, exports, scores, datetime.now().astimezone(), roster or (), roll)
        _notes(roll.notes)
        unseen = roster_notes + unseen_extensions(course, book, loads) + unreached
        _notes(unseen)  # an extension by name: not a problem, as lessons check warns
        late_loads = grades.loaded_after_due(course, book, loads)
        if args.format == "json":
            extra = {
                "merged": roll.notes,
                "problems": problems,
                "warnings": unseen,
                "loaded_from_others": loaded_json(loads),
            }
            if roster is not None:  # as the class report's json (teacher walk 9, #1)
                extra["not_on_roster"] = unknown
            grades.print_json(course, book, extra, late_loads)
        elif args.format == "csv":
            grades.print_csv(course, book, args.lms or "moodle", scores)
        else:
            _counts(len(exports) - len(served), len(served), root)
            grades.print_text(course, book, late_loads)
            if unknown:  # a row of her own all the same; the csv's stays importable
                print("\n" + students.not_on_roster_line(unknown))
        return _problems(problems)
    _notes(roll.notes + roster_notes)
    if args.format == "json":
        data: dict[str, Any] = {"students": len(roll.students)}
        if not args.questions:
            data["rows"] = [
                {**row.to_json(), "same_as": same_as(row), **counted_json(row, counts)}
                for row in rows
            ]
        if args.students:  # each row's login, as the csv's (teacher walk 10, #8)
            logins = {source: export.login for source, export in students_of}
            data["answers"] = students.json_rows(answers, titles, logins)
            data["reviews"], data["review_kinds"] = report_reviews.json_rows(
                reviews, review_kinds, logins
            )
        else:
            data["questions"] = questions.json_rows(stats, titles)
        if roster is not None:
            data["absent"] = absent_names
            data["not_on_roster"] = unknown
        data["same_answers"] = [
            {
                "lessons": list(group.lessons),
                "files": [
                    {"source": source, "student": student} for source, student in group.members
                ],
            }
            for group in duplicates.groups
        ]
        data["loaded_from_others"] = loaded_json(loads)
        data["mixed_versions"] = [
            {"lesson": m.lesson, "versions": {v: list(files) for v, files in m.versions.items()}}
            for m in mixed
        ]
        data["merged"] = roll.notes
        data["problems"] = problems
        print(json.dumps(data, indent=1, ensure_ascii=False))
    elif args.format == "csv" and args.questions:
        questions.print_csv(stats, titles)
    elif args.format == "csv" and args.students:
        logins = {source: export.login for source, export in students_of}
        students.print_csv(answers, titles, reviews, absent_names, review_kinds, logins)
    elif args.format == "csv":
        writer = CsvWriter(sys.stdout)
        course_fields = list(COUNTED_FIELDS) if counts is not None else []
        writer.writerow([*FIELDS, "same_as", *course_fields])
        for row in rows:
            cells = [getattr(row, name) for name in FIELDS]
            cells.append(" ".join(same_as(row)))
            writer.writerow(cells + counted_csv(row, counts))
        for name in absent_names:  # on the roster, no progress: a row with the name only
            # and her login, as the --students csv's row (teacher walk 10, #8)
            cells = [_absent_cell(field, name) for field in FIELDS] + [""]
            writer.writerow(cells + [""] * len(course_fields))
    else:
        _counts(len(exports) - len(served), len(served), root)
        if not args.questions:
            _text(rows, same_as, counts)
        if not args.questions and not args.students:  # a line a student who reviewed (F14)
            report_reviews.print_counts(*review_rows(students_of, named, prompts=False))
        if roster is not None:
            students.print_roster(absent_names, unknown)
        if args.students:
            by_lesson: dict[str, list[tuple[str, Any, str]]] = {}
            for student in roll.students:
                for (source, lesson), grade in (counts or {}).items():
                    if source == student.source:
                        which = students.which_run(student.export, lesson, grade)
                        by_lesson.setdefault(lesson, []).append((student.name, grade, which))
            students.print_text(answers, titles, by_lesson)
            report_reviews.print_text(reviews, review_kinds)
        else:
            if stats:
                questions.print_runs(counts is not None, not_kept, titles)
            questions.print_text(stats, titles)
    return _problems(problems)


def _unknown_lessons(exports: list[tuple[str, Export]], named: Sequence[Lesson]) -> list[str]:
    """One problem for the lessons the files hold that are neither loaded here nor described
    in the file (exports made without the course's lessons, as ``progress --export`` run
    without ``--lessons-dir`` makes them): their title is their id, their pages are known only
    when finished. One line for them all, naming the lessons, the files and the option."""
    known = {lesson.id for lesson in named}
    lessons: dict[str, None] = {}
    sources: dict[str, None] = {}
    for source, export in exports:
        for key in export.records:
            if key not in known and key not in export.info:
                lessons.setdefault(key, None)
                sources.setdefault(source, None)
    if not lessons:
        return []
    names = ", ".join(repr(key) for key in sorted(lessons))
    if len(sources) == 1:
        said = _(
            "{path}: lessons not loaded here that the file does not describe ({lessons}): "
            "their titles are not known, their pages only where a run was finished (it ended "
            "on the last), their order only as the class first worked in them; give their "
            "folder with --lessons-dir"
        )
        return [said.format(path=next(iter(sources)), lessons=names)]
    said = ngettext(
        "{count} file holds lessons not loaded here that it does not describe ({lessons}): "
        "their titles are not known, their pages only where a run was finished (it ended "
        "on the last), their order only as the class first worked in them; give their "
        "folder with --lessons-dir",
        "{count} files hold lessons not loaded here that they do not describe ({lessons}): "
        "their titles are not known, their pages only where a run was finished (it ended "
        "on the last), their order only as the class first worked in them; give their "
        "folder with --lessons-dir",
        len(sources),
    )
    return [said.format(count=len(sources), lessons=names)]


def _counts(files: int, served: int, root: Path | None) -> None:
    if files or root is None:
        print(ngettext("{count} student file", "{count} student files", files).format(count=files))
    if root is not None:
        print(
            ngettext(
                "{count} user of the server with progress in {path}",
                "{count} users of the server with progress in {path}",
                served,
            ).format(count=served, path=visible(str(root)))
        )


def loaded_json(loads: Sequence[Borrowed]) -> list[dict[str, Any]]:
    """The records loaded from another student's export (json ``loaded_from_others``), in the
    class report's json and the gradebook's alike (teacher walk 6, F10)."""
    return [
        {
            "source": found.source,
            "student": found.student,
            "login": found.login,
            "lesson": found.lesson,
            "from_student": found.load.student,
            "from_login": found.load.login,
            "exported": found.load.exported,
            "loaded_at": found.load.at,
        }
        for found in loads
    ]


def _notes(notes: list[str]) -> None:
    """What the report merged, one line each on stderr (json: ``merged`` too): not a problem."""
    for note in notes:
        sys.stderr.write(f"queens-tutor report: {text_cell(note)}\n")


def _problems(problems: list[str]) -> int:
    for problem in problems:
        sys.stderr.write(f"queens-tutor report: {text_cell(problem)}\n")
    return PROBLEMS_FOUND if problems else 0
