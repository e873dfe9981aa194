"""``queens-tutor lessons list`` and ``queens-tutor lessons check FILE...``.

``list`` shows every lesson (number, id, title, progress); broken files in a
``--lessons-dir`` are reported on stderr and skipped. ``check`` validates lesson files (or
every ``*.md`` in a directory): each error is one ``FILE:LINE: message`` line, and the exit
status is 1 when there is any.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.i18n import _, ngettext
from tui.cli.args import add_format
from tui.cli.lesson_options import add_lesson_options, catalog_from

if TYPE_CHECKING:  # lessons are parsed only when a command runs, to keep start-up fast
    from lessons.catalog import Catalog
    from lessons.progress.store import ProgressStore

ERRORS_FOUND = 1


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "lessons",
        help=_("list the lessons, or check lesson files"),
        description=_("List the tutor's lessons with your progress, or check lesson files."),
    )
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
            "every directive and question. A directory checks every *.md under it."
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
        "--only-course",
        action="store_true",
        help=_(
            "the lessons are served with --only-course: a number the built-in lessons have "
            "is not a clash"
        ),
    )
    return "lessons"


def _expand(paths: list[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        found.extend(sorted(path.rglob("*.md")) if path.is_dir() else [path])
    return found


def _check(args: argparse.Namespace) -> int:
    from lessons.checking.validate import check_file
    from lessons.course.reading import COURSE_FILE

    lesson_files = _expand([path for path in args.files if path.suffix != ".toml"])
    courses = [path.parent for path in args.files if path.name == COURSE_FILE]
    courses += [path for path in args.files if path.is_dir() and (path / COURSE_FILE).exists()]
    found = [error for path in lesson_files for error in check_file(path, warnings=True)]
    folders = [path if path.is_dir() else path.parent for path in args.files]
    found += _clashes(lesson_files, list(dict.fromkeys(folders)), found, args.only_course)
    for folder in dict.fromkeys(courses):
        found += _course_errors(folder, args.only_course)
    files = [*lesson_files, *(folder / COURSE_FILE for folder in dict.fromkeys(courses))]
    for error in found:
        print(error)
    errors = [error for error in found if not error.warning]
    warned = len(found) - len(errors)
    if warned:
        warnings = ngettext(
            "{warnings} warning (the lessons work; a teacher should look)",
            "{warnings} warnings (the lessons work; a teacher should look)",
            warned,
        )
        sys.stderr.write(warnings.format(warnings=warned) + "\n")
    if errors:
        summary = ngettext(
            "{errors} error; lesson files checked: {files}",
            "{errors} errors; lesson files checked: {files}",
            len(errors),
        )
        sys.stderr.write(summary.format(errors=len(errors), files=len(files)) + "\n")
        return ERRORS_FOUND
    checked = ngettext(
        "{count} lesson file checked: no errors",
        "{count} lesson files checked: no errors",
        len(files),
    )
    print(checked.format(count=len(files)))
    return 0


def _clashes(
    files: list[Path], folders: list[Path], found: list[Any], only_course: bool
) -> list[Any]:
    """Two lessons with one number (which ``--lesson N`` opens, and of which ``serve`` and the
    tutor keep the first), or one id twice in one language; a number of a built-in lesson
    too, unless ``only_course``: each an error naming both files."""
    from lessons.catalog import BUILTIN_DIR, load_catalog

    broken = {error.file for error in found if not error.warning}
    good = [path for path in files if str(path) not in broken]
    builtin = BUILTIN_DIR.resolve()
    inside = any(folder.resolve().is_relative_to(builtin) for folder in folders)
    catalog = load_catalog(None, folders, only_course=only_course or inside)
    checked = {str(path) for path in good}
    return [error for error in catalog.clashes if error.file in checked]


def _course_errors(folder: Path, only_course: bool) -> list[Any]:
    """The problems of ``folder``'s course.toml (and extensions.toml), its lessons looked up
    among the folder's and (unless ``only_course``) the built-in ones."""
    from lessons.catalog import load_catalog
    from lessons.course.reading import read_course

    catalog = load_catalog(None, [folder], only_course=only_course)
    _course, errors = read_course(folder, catalog.find)
    return errors


def lesson_rows(catalog: Catalog, store: ProgressStore) -> list[dict[str, Any]]:
    """One row per lesson: what it is and how far the student got."""
    from lessons.fallback import lesson_notice, short_tag, untranslated_pages

    rows = []
    for entry in catalog.entries:
        lesson = entry.lesson
        record = store.record_for(lesson)  # laid out on the lesson's pages as they are now
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
                "page": record.page + 1 if record else 1,
                "score": record.score if record else 0,
                "best_score": record.best_score if record else 0,
            }
        )
    return rows


def progress_text(row: dict[str, Any]) -> str:
    if row["completed"]:
        return _("done, best score {score}/{max}").format(
            score=row["best_score"], max=row["max_score"]
        )
    if row["started"]:
        return _("page {page}/{pages}").format(page=row["page"], pages=row["pages"])
    return _("not started")


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
        tag = f"  ({row['fallback_tag']})" if row["fallback_tag"] else ""  # English stands in
        print(
            f"{row['number']:>3}  {row['id']:<{width}}  {row['title']}  [{progress_text(row)}]{tag}"
        )
    return 0


def run(args: argparse.Namespace) -> int:
    if args.lessons_action == "check":
        return _check(args)
    return _list(args)
