"""``progress --export FILE [--name NAME]`` and ``progress --format csv``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.i18n import _, ngettext
from tui.options.args import UsageError

if TYPE_CHECKING:
    from collections.abc import Mapping

    from lessons.catalog import Catalog
    from lessons.progress.store import ProgressStore

CSV_FIELDS = (
    "number",
    "id",
    "title",
    "lang",
    "started",
    "completed",
    "page",
    "pages",
    "score",
    "best_score",
    "max_score",
    "hints",
    "shown",
)
COURSE_FIELDS = ("assignment", "due", "extended", "status", "counted")
"""The csv's columns after :data:`CSV_FIELDS` when there is a course."""


def add_export_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--export",
        metavar="FILE",
        help=_(
            "write your progress to FILE (- for standard output) for your teacher's "
            "`queens-tutor report`; the file carries a checksum that shows later edits"
        ),
    )
    parser.add_argument(
        "--name",
        help=_(
            "your name in the course, as the report shows it (default: the name you last "
            "gave, else your login); remembered: the menu reads the course's due dates for it"
        ),
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help=_("with --export: replace FILE if it exists (never a link, folder or device)"),
    )


def given_name() -> str | None:
    """The name the student gave on this account (``--name``), if any."""
    from lessons.course.whose import owned, remembered
    from lessons.progress import settings

    data = settings.load()
    names = remembered(data)
    return names[-1] if len(names) == 1 or (names and owned(data)) else None


def also_named(name: str) -> list[str]:
    """The other names the student gave on this account, when it is hers."""
    from lessons.course.whose import owned, remembered
    from lessons.progress import settings
    from lessons.report.identity import same_name

    data = settings.load()
    if not owned(data):
        return []
    return [item for item in remembered(data) if not same_name(item, name)]


def remember_name(name: str, alone: bool = False) -> tuple[list[str], bool]:
    """Keep ``name`` among the names given on this account (``alone``: the account is hers);
    what to tell the student, and whether it was kept."""
    from lessons.course.whose import OWN, SETTING, owned, remembered, with_name
    from lessons.progress import settings

    notes: list[str] = []
    data = settings.load()
    changes: dict[str, object] = {SETTING: with_name(remembered(data), name, alone, owned(data))}
    if alone:
        changes[OWN] = True
    problem = settings.save(changes, notes=notes)
    if problem is not None:
        notes.append(_("your name could not be remembered: {reason}").format(reason=problem))
    return notes, problem is None


def write_export(args: argparse.Namespace, catalog: Catalog, store: ProgressStore) -> int:
    """Write the export to a new file atomically (over one with ``--force``), or stdout."""
    from lessons.progress.export import export_text, lesson_info
    from lessons.progress.safe_file import NotWritten, write_new_file
    from tui.lesson_context import account_name

    for warning in store.warnings:
        sys.stderr.write(_("warning: {warning}").format(warning=warning) + "\n")
    name = args.name if args.name is not None else (given_name() or account_name() or "")
    if args.name is not None and args.name.strip():
        for note in remember_name(args.name)[0]:
            sys.stderr.write(_("warning: {warning}").format(warning=note) + "\n")
    text = export_text(
        store.records,
        lesson_info(catalog.lessons),
        student=name,
        review=store.review,
        login=account_name() or "",
        also_named=also_named(name),
    )
    if args.export == "-":
        sys.stdout.write(text)
        return 0
    target = Path(args.export).expanduser()
    try:
        write_new_file(target, text.encode("utf-8"), force=args.force)
    except NotWritten as error:
        raise UsageError(
            _("--export: {path} is not written: {reason}").format(
                path=repr(args.export), reason=error
            )
        ) from None
    except OSError as error:
        raise UsageError(
            _("--export: cannot write in {folder} ({reason})").format(
                folder=repr(str(target.parent)), reason=error.strerror
            )
        ) from None
    count = len(store.records)
    print(
        ngettext(
            "Progress exported to {path} ({count} lesson)",
            "Progress exported to {path} ({count} lessons)",
            count,
        ).format(path=target, count=count)
    )
    return 0


def print_csv(
    rows: list[dict[str, Any]],
    catalog: Catalog,
    store: ProgressStore,
    courses: Mapping[str, dict[str, Any] | None] | None = None,
) -> None:
    """One csv row per lesson, with the hints taken and the answers shown; with ``courses``
    (each lesson's json ``course``), its :data:`COURSE_FIELDS`."""
    from lessons.progress.export import lesson_counts
    from tui.report.files import CsvWriter

    writer = CsvWriter(sys.stdout)
    more = COURSE_FIELDS if courses is not None else ()
    writer.writerow((*CSV_FIELDS, *more))
    for row in rows:
        lesson = catalog.find(row["id"])
        record = None if lesson is None else store.record_for(lesson)
        hints, shown = lesson_counts(record) if record is not None else (0, 0)
        full = {**row, "hints": hints, "shown": shown}
        course = dict((courses or {}).get(row["id"]) or {})
        if course.get("counted") is not None:
            from lessons.course.words import points

            course["counted"] = points(course["counted"])
        writer.writerow([*(full[name] for name in CSV_FIELDS), *(course.get(n) for n in more)])
