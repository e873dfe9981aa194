"""``queens-tutor check ROW...``: is the placement ``b[]`` a solution? If not, who attacks whom."""

from __future__ import annotations

import argparse
import json
from typing import Any

from lessons.answers.whole_numbers import shown, too_long, whole
from lessons.i18n import N_, _, ngettext, number
from lessons.quiz.params import too_many_digits
from solver.checker import attack_count, check_rows, explain, first_attacks
from tui.options.args import UsageError, WrappedHelpFormatter, add_format, as_usage

MAX_N = 10_000
MAX_LISTED = 1_000
"""The most attacking pairs listed (10,000 queens in one row are 50 million pairs)."""

EPILOG = N_(
    """\
Every pair of attacking queens is named with the rule that makes them attack:
  row   same row                      (b[i] == b[j])
  sum   same col+row (sum)            (i + b[i] == j + b[j])
  diff  same row-col (difference)     (b[i] - i == b[j] - j)
(i and j are columns here.) With row 0 at the bottom (the Wrocław lecture) equal col+row runs
down to the right and equal row-col up; the Turin notes draw their first row at the top, so
there the same col+row (their i+j, i the row) rises. Exit
status 0 whether or not the placement is valid (the answer is in the output); 2 for bad input. At
most {max_rows} rows; at most the first {max_listed} attacking pairs are listed (all are counted).

json keys:
  n        the number of rows given (the board is n x n)
  valid    true when no two queens attack each other
  attacks  a list of [c1, c2, rule]: the queens of columns c1 < c2 attack by rule
           (row|sum|diff); sorted by c1, then c2; empty when valid; the first
           {max_listed} pairs at most
  count    how many pairs attack (all of them, also those not listed)
"""
)


def _row(text: str) -> int:
    value = whole(text.strip())
    if too_long(text.strip()):
        raise argparse.ArgumentTypeError(str(too_many_digits("ROW", text)))
    if value is None:
        raise argparse.ArgumentTypeError(
            _("each ROW must be a whole number, not {text}").format(text=shown(text))
        )
    return value


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "check",
        help=_("check a placement b[0] b[1] ... and name every attacking pair"),
        description=_(
            "Check a placement given as the row of the queen in each column (the lecture's "
            "b[]), and name every pair of queens that attack each other, with the rule."
        ),
        epilog=_(EPILOG).format(max_rows=number(MAX_N), max_listed=number(MAX_LISTED)),
        formatter_class=WrappedHelpFormatter,
    )
    p.add_argument("rows", type=_row, nargs="+", metavar="ROW", help="b[0] b[1] ... b[n-1]")
    add_format(p, "text", "json")
    return "check"


def run(args: argparse.Namespace) -> int:
    rows: list[int] = args.rows
    if len(rows) > MAX_N:
        raise UsageError(
            _("at most {max} rows, not {count}").format(max=number(MAX_N), count=number(len(rows)))
        )
    with as_usage(ValueError):
        check_rows(rows)
    count = attack_count(rows)
    found = first_attacks(rows, MAX_LISTED)
    n = len(rows)
    if args.format == "json":
        pairs = [[a.col_a, a.col_b, str(a.rule)] for a in found]
        print(json.dumps({"n": n, "valid": not count, "count": count, "attacks": pairs}))
        return 0
    if not count:
        print(_("valid: no two of the {n} queens attack each other").format(n=n))
        return 0
    print(
        ngettext(
            "not valid: {count} pair attacks", "not valid: {count} pairs attack", count
        ).format(count=number(count))
    )
    for attack in found:
        print(f"  {explain(attack)}")
    if count > len(found):
        more = ngettext(
            "(the first {listed} pairs are listed; {more} more pair attacks)",
            "(the first {listed} pairs are listed; {more} more pairs attack)",
            count - len(found),
        ).format(listed=number(len(found)), more=number(count - len(found)))
        print(f"  {more}")
    return 0
