"""``queens-tutor report FILE... [--format text|csv|json]``: a teacher's class table.

Merges students' exported progress files (``queens-tutor progress --export``, or *Download
progress* in the tutor's command palette) into one table: per lesson and student, the pages
done, the quiz score, the hints taken and the answers shown. A file whose checksum does not
match its content (edited by hand, or damaged) is still listed, flagged ``EDITED``, with a
warning; a file that is not an export at all is named on stderr and skipped. The exit status
is 1 when any file was edited or skipped, else 0.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.i18n import _, ngettext, pgettext
from tui.cli.args import UsageError, add_format

if TYPE_CHECKING:
    from lessons.progress_export import Export, ReportRow

PROBLEMS_FOUND = 1


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "report",
        help=_("a class table from students' exported progress files"),
        description=_(
            "Merge students' exported progress files into one table: per lesson and "
            "student, pages done, score, hints and shown answers. Edited files are flagged."
        ),
    )
    p.add_argument("files", nargs="+", type=Path, metavar="FILE", help=_("exported progress files"))
    add_format(p, "text", "csv", "json")
    return "report"


def _read(paths: list[Path]) -> tuple[list[tuple[str, Export]], list[str]]:
    from lessons.progress_export import MAX_BYTES, ExportError, parse_export

    exports: list[tuple[str, Export]] = []
    problems: list[str] = []
    for path in paths:
        if not path.is_file():
            raise UsageError(_("no such file: {path}").format(path=repr(str(path))))
        try:
            if path.stat().st_size > MAX_BYTES:
                raise ExportError(_("too large for a progress export"))
            export = parse_export(path.read_bytes())
        except OSError as error:
            problems.append(
                _("{path}: cannot be read ({reason}); skipped").format(
                    path=path, reason=error.strerror
                )
            )
            continue
        except ExportError as error:
            problems.append(_("{path}: {problem}; skipped").format(path=path, problem=error))
            continue
        if not export.intact:
            problems.append(
                _("{path}: EDITED: the checksum does not match the content").format(path=path)
            )
        exports.append((str(path), export))
    return exports, problems


def _text(rows: list[ReportRow]) -> None:
    # Column titles are labels, each as wide as its longest cell in the language in use.
    student = pgettext("report", "Student")
    pages_title, score_title = pgettext("report", "Pages"), pgettext("report", "Score")
    hints_title, shown_title = pgettext("report", "Hints"), pgettext("report", "Shown")
    done, edited = pgettext("report", "done"), pgettext("report", "EDITED")
    width = max([len(student), *(len(row.student) for row in rows)])
    pw, sw = max(len(pages_title), 6), max(len(score_title), 5)
    hw, ww = max(len(hints_title), 5), max(len(shown_title), 5)
    lesson = None
    for row in rows:
        if row.lesson != lesson:
            lesson = row.lesson
            print(f"\n{row.title} ({row.lesson})")
            print(
                f"  {student:<{width}}  {pages_title:<{pw}}  {score_title:>{sw}}  "
                f"{hints_title:>{hw}}  {shown_title:>{ww}}"
            )
        pages = f"{row.pages_done}/{row.pages}" if row.pages else str(row.pages_done)
        score = f"{row.score}/{row.max_score}"
        flags = (f"  {done}" if row.completed else "") + ("" if row.intact else f"  {edited}")
        print(
            f"  {row.student:<{width}}  {pages:<{pw}}  {score:>{sw}}  {row.hints:>{hw}}  "
            f"{row.shown:>{ww}}{flags}"
        )


def run(args: argparse.Namespace) -> int:
    from lessons.progress_export import FIELDS, class_report

    exports, problems = _read(args.files)
    rows = class_report(exports)
    if args.format == "json":
        data = {
            "students": len(exports),
            "rows": [row.to_json() for row in rows],
            "problems": problems,
        }
        print(json.dumps(data, indent=1, ensure_ascii=False))
    elif args.format == "csv":
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(FIELDS)
        for row in rows:
            writer.writerow([getattr(row, name) for name in FIELDS])
    else:
        count = len(exports)
        print(ngettext("{count} student file", "{count} student files", count).format(count=count))
        _text(rows)
    for problem in problems:
        sys.stderr.write(f"queens-tutor report: {problem}\n")
    return PROBLEMS_FOUND if problems else 0
