"""``queens-tutor report``: a teacher's class table, per-question statistics, each student's
answers, the course's gradebook or who is connected, in text, csv or json, from exported
progress files and a server's store. Status 1 when a file was flagged or skipped."""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.i18n import N_, _, ngettext
from lessons.report.table import safe as text_cell
from lessons.safe_text import visible
from tui.options.args import UsageError, WrappedHelpFormatter, add_format, as_usage
from tui.options.lesson_options import add_lesson_options, catalog_from
from tui.report.files import json_text, write_csv
from tui.report.text import lines, room

if TYPE_CHECKING:
    from collections.abc import Sequence

    from lessons.catalog import Catalog
    from lessons.course.model import Course
    from lessons.progress.export import Export
    from lessons.report.checks import Borrowed
    from lessons.report.class_report import ClassReport

PROBLEMS_FOUND = 1
EPILOG = N_(
    """\
json keys (csv: the columns of the same names; yes/no is 1 or 0 there):
  students          the number of students (the files and the server's users)
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
                    the latest run's; else ""), answers and answered_at (each answer
                    given, in every sitting, and when)
                    login (the student's login, as in the csv)
  reviews, review_kinds    --students: each question a review asked; each kind's box now
  absent, not_on_roster    --roster: its lines with no progress; the students not on it
  same_answers, loaded_from_others, mixed_versions, problems
                    what stderr warns of
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
    from lessons.report.served import skipped, unread

    for path in paths:
        if not path.exists() and not path.is_symlink():
            raise UsageError(_("no such file: {path}").format(path=repr(str(path))))
    exports: list[tuple[str, Export]] = []
    problems: list[str] = []
    for path in paths:
        try:
            export = parse_export(read_regular(path, MAX_BYTES))
        except OSError as error:
            problems.append(unread(path, error))
            continue
        except (ExportError, Unreadable) as error:
            problems.append(skipped(path, error))
            continue
        if not export.intact:
            problems.append(
                _("{path}: EDITED: the checksum does not match the content").format(path=path)
            )
        exports.append((str(path), export))
    return exports, problems


def _print(found: Sequence[str]) -> None:
    for line in found:
        print(line)


def _course(args: argparse.Namespace, catalog: Catalog) -> tuple[Course, list[str]]:
    """The course of ``--lessons-dir`` (empty: none) and its files' problems. With
    ``--gradebook``, a usage error when it has no assignment, and with csv when a problem may
    have dropped an assignment or an extension (an import would grade by what is left)."""
    from lessons.course.model import Course
    from lessons.course.reading import COURSE_FILE, EXTENSIONS_FILE, read_courses
    from lessons.report.gradebook import lost_grades

    folders = list(getattr(args, "lessons_dirs", None) or [])
    course, errors = (
        read_courses(folders, catalog.find, catalog.find_failed) if folders else (Course(), [])
    )
    said = [str(error) for error in errors]
    broken = lost_grades(folders, course, errors) if args.gradebook and course else ""
    if args.gradebook and (not course or (broken and args.format == "csv")):
        for error in said:
            sys.stderr.write(f"queens-tutor report: {error}\n")
    if args.gradebook and not course:
        if any(Path(error.file).name in (COURSE_FILE, EXTENSIONS_FILE) for error in errors):
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
    if args.gradebook and broken and args.format == "csv":
        raise UsageError(
            _(
                "--gradebook --format csv: {path} has problems (above): an assignment or an "
                "extension it gives may be lost, so no file for a grade import is written until "
                "it is fixed (the text and json gradebooks show what it gives now)"
            ).format(path=broken)
        )
    return course, said


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
    from lessons.report.roster import RosterError, read_roster

    if not path.exists() and not path.is_symlink():
        raise UsageError(_("--roster: no such file: {path}").format(path=repr(str(path))))
    with as_usage(RosterError):
        return read_roster(path, warnings)


def _existing(root: Path) -> Path:
    """A server's store to read: refused, as serve refuses it, when others can write in it."""
    from lessons.progress.folders import folder_problem
    from lessons.report.served import LIVE_FOLDER, USERS

    if not root.is_dir():
        raise UsageError(_("no such directory: {path}").format(path=repr(str(root))))
    for folder in (root, root / USERS, root / LIVE_FOLDER):
        problem = folder_problem(folder)
        if problem is not None:
            raise UsageError("--server-data: " + problem)
    return root


def run(args: argparse.Namespace) -> int:
    from lessons.report.class_report import absent_table, class_table, gather, naming_lessons
    from lessons.report.stats import question_table

    root = _check(args)
    catalog = catalog_from(args)
    for error in catalog.errors:
        sys.stderr.write(f"queens-tutor report: {error}\n")
    course, problems = _course(args, catalog)
    named = naming_lessons(catalog)
    if args.live:
        assert root is not None
        return _problems(_live(root, args.format, {lesson.id: lesson.title for lesson in named}))
    exports, unread = _read(args.files) if args.files else ([], [])
    problems += unread
    served: list[tuple[str, Export]] = []
    if root is not None:
        from dataclasses import replace

        from lessons.report.served import served_exports
        from tui.serve.lti.courses import site_of

        served, unusable = served_exports(root, named)
        problems += unusable
        course = replace(course, site=site_of(root))
    roster_notes: list[str] = []
    roster = _roster(args.roster, roster_notes)
    whole = args.gradebook or bool(roster)
    found = gather(
        exports + served, named, roster, course or None, whole_class=whole, warnings=roster_notes
    )
    found.problems[:0] = problems
    files = (len(exports), len(served), root)
    if args.gradebook and args.format == "csv" and found.slips:
        _notes(found.problems)
        raise UsageError(
            _(
                "--gradebook --format csv: the roster has problems (above): a student it names "
                "may be missing, so no file for a grade import is written until it is fixed"
            )
        )
    if args.gradebook:
        _gradebook(args, found, files)
        return _problems(found.problems)
    _notes(found.roll.notes + found.warnings)
    if args.format == "json":
        _json(args, found, catalog)
    elif args.format == "csv" and args.questions:
        write_csv(sys.stdout, question_table(found.stats()[0], found.titles))
    elif args.format == "csv":
        tables = _answers(found, catalog, False) if args.students else [class_table(found)]
        write_csv(sys.stdout, *tables, absent_table(found.absent(), tables[0].fields))
    else:
        _text(args, found, catalog, files)
    return _problems(found.problems)


def _gradebook(
    args: argparse.Namespace, found: ClassReport, files: tuple[int, int, Path | None]
) -> None:
    from lessons.report.gradebook import (
        assignments_json,
        gradebook_table,
        loaded_after_due,
        points_possible,
        unseen_extensions,
    )
    from lessons.report.roster import roster_lines

    course, book = found.course, found.book
    assert course is not None
    _notes(found.roll.notes)
    unreached = [] if found.roster else found.unmatched
    unseen = found.warnings + unseen_extensions(course, book, found.loads) + unreached
    _notes(unseen)
    lms = args.lms or "moodle"
    table = gradebook_table(course, book, loaded_after_due(course, book, found.loads), lms)
    if args.format == "json":
        data: dict[str, Any] = {"assignments": assignments_json(course)}
        data["students"] = table.data()
        data.update(merged=found.roll.notes, problems=found.problems, warnings=unseen)
        data["loaded_from_others"] = loaded_json(found.loads)
        if found.roster is not None:
            data["not_on_roster"] = found.not_on_roster()
        print(json_text(data))
    elif args.format == "csv":
        first = [points_possible(course, found.scores, table.fields)] if lms == "canvas" else []
        write_csv(sys.stdout, *first, table)
    else:
        _counts(*files)
        _print(lines(table))
        if found.roster is not None and found.not_on_roster():
            print("\n" + roster_lines((), found.not_on_roster())[1])


def _answers(found: ClassReport, catalog: Catalog, text: bool) -> list[Any]:
    """The student x question table and the review's two, for ``--students``."""
    from lessons.report.class_report import lessons_in
    from lessons.report.review_table import REVIEW_FIELDS, review_tables
    from lessons.report.reviews import review_rows
    from lessons.report.students import answer_table, counted_line, student_answers, which_run

    answers = found.in_order(student_answers(found.students, found.lessons, found.earned))
    counts: dict[str, list[str]] = {}
    if text:  # what counts of each lesson for each student
        from lessons.report.gradebook import grade_words

        for student in found.roll.students:
            for (source, lesson), grade in (found.counts or {}).items():
                if source == student.source:
                    which = which_run(student.export, lesson, grade)
                    line = counted_line(student.name, grade, grade_words(grade), which)
                    counts.setdefault(lesson, []).append(line)
    logins = found.logins()
    table = answer_table(answers, found.titles, logins, counts, REVIEW_FIELDS)
    reviews, kinds = review_rows(
        found.students, found.lessons, lessons_in=lambda lang: lessons_in(catalog, lang)
    )
    return [table, *review_tables(reviews, kinds, found.titles, logins)]


def _json(args: argparse.Namespace, found: ClassReport, catalog: Catalog) -> None:
    from lessons.report.class_report import class_table
    from lessons.report.stats import question_table

    data: dict[str, Any] = {"students": len(found.roll.students)}
    if not args.questions:
        data["rows"] = class_table(found).data()
    if args.students:
        answers, reviews, kinds = _answers(found, catalog, False)
        data.update(answers=answers.data(), reviews=reviews.data(), review_kinds=kinds.data())
    else:
        data["questions"] = question_table(found.stats()[0], found.titles).data()
    if found.roster is not None:
        data["absent"] = found.absent()
        data["not_on_roster"] = found.not_on_roster()
    data["same_answers"] = [
        {
            "lessons": list(group.lessons),
            "files": [{"source": source, "student": student} for source, student in group.members],
        }
        for group in found.duplicates.groups
    ]
    data["loaded_from_others"] = loaded_json(found.loads)
    data["mixed_versions"] = [
        {"lesson": m.lesson, "versions": {v: list(files) for v, files in m.versions.items()}}
        for m in found.mixed
    ]
    data.update(merged=found.roll.notes, problems=found.problems)
    print(json_text(data))


def _text(
    args: argparse.Namespace,
    found: ClassReport,
    catalog: Catalog,
    files: tuple[int, int, Path | None],
) -> None:
    from lessons.report.class_report import class_table
    from lessons.report.roster import roster_lines

    _counts(*files)
    if not args.questions:
        _print(lines(class_table(found)))
    if not args.questions and not args.students:
        from lessons.report.review_table import counts_table
        from lessons.report.reviews import review_rows

        _print(lines(counts_table(*review_rows(found.students, found.lessons, prompts=False))))
    if found.roster is not None:
        absent, outside = roster_lines(found.absent(), found.not_on_roster())
        print("\n" + absent + (f"\n{outside}" if outside else ""))
    if args.students:
        for table in _answers(found, catalog, True)[:2]:
            _print(lines(table))
        return
    from lessons.report.stats import question_table, runs_lines

    stats, not_kept = found.stats()
    if stats:
        print()
        for line in runs_lines(found.counts is not None, not_kept, found.titles):
            print(textwrap.fill(line, 80, break_long_words=False, break_on_hyphens=False))
    _print(lines(question_table(stats, found.titles), room()))


def _live(root: Path, output: str, titles: dict[str, str]) -> list[str]:
    """Print the sessions of the server whose store is ``root``; the problems met."""
    from lessons.progress.safe_file import Unreadable
    from lessons.report.live import live_table
    from lessons.report.served import LIVE_FOLDER, live_sessions

    try:
        sessions, problems = live_sessions(root)
    except FileNotFoundError:
        sessions, problems = [], []
        if output == "text":
            folder = root / LIVE_FOLDER
            if folder.is_dir():  # a server ran and stopped, or runs with no tab open
                said = _("No session is running on this server ({path} is empty).")
            else:
                said = _("No session has started on this server ({path} does not exist).")
            print(said.format(path=visible(str(folder))))
            return problems
    except Unreadable as error:
        sessions, problems = [], [str(error)]
    table = live_table(sessions, titles)
    if output == "json":
        print(json_text({"server_data": str(root), "sessions": table.data(), "problems": problems}))
    elif output == "csv":
        write_csv(sys.stdout, table)
    else:
        _print(lines(table))
    return problems


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
    """The json ``loaded_from_others``: the records loaded from another student's export."""
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
    """Notes (what the report merged, warnings), one line each on stderr."""
    for note in notes:
        sys.stderr.write(f"queens-tutor report: {text_cell(note)}\n")


def _problems(problems: list[str]) -> int:
    """Say the problems on stderr; the exit status."""
    _notes(problems)
    return PROBLEMS_FOUND if problems else 0
