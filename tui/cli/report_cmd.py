"""``queens-tutor report FILE... [--format text|csv|json]``: a teacher's class table.

Merges students' exported progress files (``queens-tutor progress --export``, or *Download
progress* in the tutor's command palette) into one table: per lesson and student, the pages
done, the quiz score, the hints taken and the answers shown. A file whose checksum does not
match its content (edited by hand, or damaged) is still listed, flagged ``EDITED``, with a
warning; a file that cannot be used (not an export, malformed, too large, nested too deep, with
a number of too many digits, a directory, a FIFO, unreadable) is named on stderr and skipped,
and the others are reported. A FILE that does not exist at all is a usage error (status 2,
nothing reported). Otherwise the exit status is 1 when any file was edited or skipped, else 0.

What students typed is data: in the text table every control character of a name or title
(a newline, ESC) is shown as a visible symbol, so no name can forge a row or act on the
terminal; in csv every text cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return gets a leading ``'`` (the OWASP rule against formulas run by a spreadsheet).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.i18n import _, ngettext, pgettext
from lessons.safe_text import visible
from tui.cli.args import UsageError, add_format

if TYPE_CHECKING:
    from lessons.progress_export import Export, ReportRow

PROBLEMS_FOUND = 1
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet may read as the start of a formula (OWASP's CSV injection rule)."""


def csv_cell(value: object) -> object:
    """A csv cell that no spreadsheet runs as a formula: text starting like one gets a
    leading ``'``; numbers and flags are left as they are."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


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
    from lessons.safe_file import Unreadable, read_regular

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


def _text(rows: list[ReportRow]) -> None:
    # Column titles are labels, each as wide as its longest cell in the language in use.
    student = pgettext("report", "Student")
    pages_title, score_title = pgettext("report", "Pages"), pgettext("report", "Score")
    hints_title, shown_title = pgettext("report", "Hints"), pgettext("report", "Shown")
    done, edited = pgettext("report", "done"), pgettext("report", "EDITED")
    names = {id(row): visible(row.student) for row in rows}  # a newline cannot forge a row
    width = max([len(student), *map(len, names.values())])
    pw, sw = max(len(pages_title), 6), max(len(score_title), 5)
    hw, ww = max(len(hints_title), 5), max(len(shown_title), 5)
    lesson = None
    for row in rows:
        if row.lesson != lesson:
            lesson = row.lesson
            print(f"\n{visible(row.title)} ({visible(row.lesson)})")
            print(
                f"  {student:<{width}}  {pages_title:<{pw}}  {score_title:>{sw}}  "
                f"{hints_title:>{hw}}  {shown_title:>{ww}}"
            )
        pages = f"{row.pages_done}/{row.pages}" if row.pages else str(row.pages_done)
        score = f"{row.score}/{row.max_score}"
        flags = (f"  {done}" if row.completed else "") + ("" if row.intact else f"  {edited}")
        print(
            f"  {names[id(row)]:<{width}}  {pages:<{pw}}  {score:>{sw}}  {row.hints:>{hw}}  "
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
            writer.writerow([csv_cell(getattr(row, name)) for name in FIELDS])
    else:
        count = len(exports)
        print(ngettext("{count} student file", "{count} student files", count).format(count=count))
        _text(rows)
    for problem in problems:
        sys.stderr.write(f"queens-tutor report: {visible(problem)}\n")
    return PROBLEMS_FOUND if problems else 0
