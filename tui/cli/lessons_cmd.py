"""``queens-tutor lessons list`` (every lesson with the student's progress) and ``queens-tutor
lessons check FILE...`` (one ``FILE:LINE: message`` line an error, status 1 when any)."""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.i18n import _, ngettext
from lessons.progress.words import progress_words
from tui.options.args import UsageError, add_format
from tui.options.lesson_options import add_lesson_options, catalog_from

if TYPE_CHECKING:
    from lessons.catalog import Catalog
    from lessons.progress.store import ProgressStore

ERRORS_FOUND = 1


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "lessons",
        help=_("list the lessons, or check lesson files"),
        description=_("List the tutor's lessons with your progress, or check lesson files."),
    )
    add_lesson_options(p, sub=True)
    actions = p.add_subparsers(dest="lessons_action", metavar="ACTION", required=True)
    listing = actions.add_parser(
        "list",
        help=_("the lessons, in order, with your progress"),
        description=_("List the lessons (number, id, title, progress)."),
    )
    add_lesson_options(listing, sub=True)
    add_format(listing, "text", "json")
    check = actions.add_parser(
        "check",
        help=_("validate lesson files: FILE:LINE: message per error, exit 1 if any"),
        description=_(
            "Check lesson files (docs/lesson-format.md): the syntax, then a headless run of "
            "every directive and question. A directory checks the *.md files --lessons-dir "
            "reads: its own and those of its language folders en/, it/, pl/."
        ),
    )
    check.add_argument(
        "files",
        nargs="+",
        type=Path,
        metavar="FILE",
        help=_("lesson files or directories (a directory's course.toml is checked too)"),
    )
    check.add_argument(
        "--answers",
        action="store_true",
        help=_(
            "then print every question of each lesson without errors with the answer the "
            "tutor computes (a quiz question drawn per student: one student's draw)"
        ),
    )
    check.add_argument(
        "--only-course",
        action="store_true",
        help=_(
            "the lessons are served with --only-course: a number the built-in lessons have "
            "is not a clash"
        ),
    )
    return "lessons"


def _unreadable(path: Path, error: OSError, folder: bool) -> UsageError:
    if isinstance(error, FileNotFoundError):
        return UsageError(_("no such file: {path}").format(path=repr(str(path))))
    reason = error.strerror or str(error)
    problem = (
        _("cannot list the folder: {reason}") if folder else _("cannot read the file: {reason}")
    )
    return UsageError(
        _("{path}: {problem}").format(path=path, problem=problem.format(reason=reason))
    )


def _readable(path: Path) -> bool:
    """Whether ``path`` is a folder (False: a file); a usage error when it does not exist or
    cannot be read (a folder: listed, a file: opened)."""
    try:
        folder = stat.S_ISDIR(os.stat(path).st_mode)
    except OSError as error:
        raise _unreadable(path, error, folder=False) from None
    try:
        if folder:
            with os.scandir(path):
                pass
        else:  # without blocking on a FIFO
            os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY))
    except OSError as error:
        raise _unreadable(path, error, folder) from None
    return folder


def _expand(path: Path) -> list[Path]:
    """The lesson files of the folder ``path``: its ``*.md`` and its language folders'."""
    from lessons.catalog import is_language_folder

    if not _readable(path):
        return [path]
    inside: list[Path] = []
    for top, folders, names in os.walk(path, onerror=_raise):
        top_level = Path(top) == path
        folders[:] = [f for f in folders if top_level and is_language_folder(f)]
        inside.extend(Path(top, name) for name in names if name.endswith(".md"))
    return sorted(inside)


def _raise(error: OSError) -> None:
    """A folder under a checked one that cannot be listed: a usage error."""
    raise _unreadable(Path(error.filename), error, folder=True)


def _targets(paths: list[Path]) -> tuple[list[Path], list[Path], list[Any]]:
    """(lesson files, course folders, problems) named by ``lessons check``'s arguments: a
    folder's ``*.md`` files and its calendar, a ``course.toml`` or ``extensions.toml`` its
    folder's calendar; another ``.toml``, or a folder with nothing to check, is an error."""
    from lessons.course.reading import COURSE_FILE, EXTENSIONS_FILE
    from lessons.model import LessonError

    calendars = (COURSE_FILE, EXTENSIONS_FILE)
    lesson_files: list[Path] = []
    courses: list[Path] = []
    problems: list[Any] = []
    for path in paths:
        said = ""  # what is wrong with it
        if path.is_dir():
            found = _expand(path)
            lesson_files += found
            has_course = any((path / name).exists() for name in calendars)
            if has_course:
                courses.append(path)
            if not found and not has_course:
                said = _("nothing to check here: no lesson files (*.md), no course.toml")
        elif path.name in calendars:
            courses.append(path.parent)
        elif path.suffix == ".toml":
            said = _(
                "not a lesson file (*.md) nor a course's calendar (course.toml, extensions.toml)"
            )
        else:
            lesson_files.append(path)
        if said:
            problems.append(LessonError(str(path), 0, said))
    return lesson_files, list(dict.fromkeys(courses)), problems


def _check(args: argparse.Namespace) -> int:
    from lessons.checking.validate import check_file
    from lessons.model import in_file_order
    from lessons.parsing.parser import parse_file
    from lessons.runner.answers import told_in_quiz

    for path in args.files:
        _readable(path)
    lesson_files, courses, found = _targets(args.files)
    for path in lesson_files:  # a lesson without errors: its quiz met as students meet it too
        errors = check_file(path, warnings=True)
        lesson = parse_file(path).lesson if all(error.warning for error in errors) else None
        found += errors + (told_in_quiz(lesson) if lesson is not None else [])
    folders = [path if path.is_dir() else path.parent for path in args.files]
    found += _clashes(lesson_files, list(dict.fromkeys(folders)), args.only_course)
    for folder in courses:
        found += _course_errors(folder, args.only_course)
    found = in_file_order(found)
    for error in found:
        print(error)
    if args.answers:
        from lessons.parsing.parser import parse_file
        from lessons.runner.answers import answers

        failed = {error.file for error in found if not error.warning}
        for path in lesson_files:
            if str(path) in failed:
                print(_("{file}: no answers until its errors are fixed").format(file=path))
                continue
            lesson = parse_file(path).lesson
            for line in answers(lesson) if lesson is not None else ():
                print(line)
    errors = [error for error in found if not error.warning]
    warned = len(found) - len(errors)
    checked = ngettext(
        "{count} lesson file checked", "{count} lesson files checked", len(lesson_files)
    ).format(count=len(lesson_files))
    if courses:
        calendars = ngettext(
            "{count} course calendar checked", "{count} course calendars checked", len(courses)
        ).format(count=len(courses))
        checked = _("{lessons}, {courses}").format(lessons=checked, courses=calendars)
    if errors:  # one summary line: on stderr with errors, else on stdout
        summary = ngettext("{errors} error ({checked})", "{errors} errors ({checked})", len(errors))
        line = summary.format(errors=len(errors), checked=checked)
        if warned:
            warnings = ngettext("{warnings} warning", "{warnings} warnings", warned)
            line = _("{errors}; {warnings}").format(
                errors=line, warnings=warnings.format(warnings=warned)
            )
        sys.stderr.write(line + "\n")
        return ERRORS_FOUND
    if warned:
        said = ngettext(
            "{checked}: no errors, {warnings} warning (the lessons work; a teacher should look)",
            "{checked}: no errors, {warnings} warnings (the lessons work; a teacher should look)",
            warned,
        )
        print(said.format(checked=checked, warnings=warned))
        return 0
    print(_("{checked}: no errors").format(checked=checked))
    return 0


def _clashes(files: list[Path], folders: list[Path], only_course: bool) -> list[Any]:
    """An error naming both files for two lessons with one number (a built-in one's too,
    unless ``only_course``) or one id twice in one language, files that fail their check
    included."""
    from lessons.catalog import BUILTIN_DIR, UNNUMBERED, clash_message, load_catalog
    from lessons.model import LessonError

    builtin = BUILTIN_DIR.resolve()
    inside = any(folder.resolve().is_relative_to(builtin) for folder in folders)
    catalog = load_catalog(None, folders, only_course=only_course or inside)
    checked = {str(path) for path in files}
    found = [error for error in catalog.clashes if error.file in checked]
    holders = {
        entry.order: (entry.lesson.id, entry.lesson.source, entry.builtin)
        for entry in catalog.entries
        if entry.order != UNNUMBERED
    }
    for failed in catalog.failed:
        if failed.order == UNNUMBERED or failed.id is None:
            continue
        holder = holders.setdefault(failed.order, (failed.id, failed.source, False))
        key, source, is_builtin = holder
        if key == failed.id or failed.source not in checked:
            continue
        text = clash_message(is_builtin).format(number=failed.order, id=repr(key), file=source)
        found.append(LessonError(failed.source, 1, text))
    return found


def _course_errors(folder: Path, only_course: bool) -> list[Any]:
    """The problems of ``folder``'s course.toml and extensions.toml, and a warning for each
    extension given by a name."""
    from lessons.catalog import load_catalog
    from lessons.course.reading import COURSE_FILE, names_not_logins, read_course
    from lessons.model import LessonError

    catalog = load_catalog(None, [folder], only_course=only_course)
    course, errors = read_course(folder, catalog.find, catalog.find_failed)
    if not course.assignments and not errors and (folder / COURSE_FILE).is_file():
        errors = [
            LessonError(
                str(folder / COURSE_FILE),
                0,
                _(
                    "the course has no assignments ([[assignment]] tables): it gives no due "
                    "dates, and report --gradebook has nothing to grade"
                ),
            )
        ]
    return errors + names_not_logins(folder, course)


def lesson_rows(catalog: Catalog, store: ProgressStore) -> list[dict[str, Any]]:
    """One row per lesson: what it is and how far the student got."""
    from lessons.fallback import lesson_notice, short_tag, untranslated_pages

    rows = []
    for entry in catalog.entries:
        lesson = entry.lesson
        record = store.record_for(lesson)
        rows.append(
            {
                "number": entry.number,
                "id": lesson.id,
                "title": lesson.title,
                "lang": lesson.lang,
                "english_fallback": bool(lesson.wanted),
                "english_pages": list(untranslated_pages(lesson)),
                "notice": lesson_notice(lesson),
                "fallback_tag": short_tag(lesson),
                "builtin": entry.builtin,
                "pages": len(lesson.pages),
                "max_score": lesson.max_score,
                "started": record is not None,
                "completed": bool(record and record.completed),
                "started_again": bool(record and record.completed and not record.run_finished),
                "page": record.page + 1 if record else 1,
                "score": record.score if record else 0,
                "best_score": record.best_score if record else 0,
            }
        )
    return rows


def progress_text(row: dict[str, Any]) -> str:
    """A row's progress as the lesson menu says it."""
    return progress_words(
        started=row["started"],
        completed=row["completed"],
        started_again=bool(row.get("started_again")),
        page=row["page"],
        pages=row["pages"],
        best_score=row["best_score"],
        max_score=row["max_score"],
    )


def _list(args: argparse.Namespace) -> int:
    catalog = catalog_from(args)
    for error in catalog.errors:
        sys.stderr.write(_("skipped: {error}").format(error=error) + "\n")
    from lessons.progress.store import ProgressStore

    store = ProgressStore(create=False)
    for warning in store.warnings:
        sys.stderr.write(_("warning: {warning}").format(warning=warning) + "\n")
    rows = lesson_rows(catalog, store)
    if args.format == "json":
        print(json.dumps({"lang": catalog.lang, "lessons": rows}, indent=1))
        return 0
    width = max((len(r["id"]) for r in rows), default=2)
    for row in rows:
        tag = f"  ({row['fallback_tag']})" if row["fallback_tag"] else ""
        print(
            f"{row['number']:>3}  {row['id']:<{width}}  {row['title']}  [{progress_text(row)}]{tag}"
        )
    return 0


def run(args: argparse.Namespace) -> int:
    return _check(args) if args.lessons_action == "check" else _list(args)
