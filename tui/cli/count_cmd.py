"""``queens-tutor count N``: how many solutions the N x N board has.

json form (keys stable): ``{"n": N, "solutions": S}``, plus ``"unique": U`` with ``--unique``
(the number of fundamental solutions: solutions that are not rotations or reflections of each
other, OEIS A002562), plus ``"method"``, ``"examined"`` and ``"unit"`` when a method of the
lecture notes does the counting (``--method``).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from lessons.i18n import _, ngettext
from solver.registry import ALL_MAX_N, MAX_CANDIDATES, backtrackers, listing_methods
from tui.cli.args import UsageError, add_format, int_in_range
from tui.cli.status_line import StatusLine

BACKTRACKERS = backtrackers()
ALL_CAPABLE = listing_methods()

MAX_N = 16
MAX_N_UNIQUE = 15
BITMASK = "bitmask"

EPILOG = f"""\
methods:
  bitmask    (default) bit-mask backtracking with the mirror trick (count half of the first
             row, double), on every core for N >= 11. On a 2-core machine N=14 takes about
             2 s, N=15 about 15 s and N={MAX_N} about 1.5 minutes; --unique visits every
             solution and allows N up to {MAX_N_UNIQUE} (about 30 s).
  {", ".join(BACKTRACKERS)}
             the lecture's backtrackers, run in all-solutions mode (N at most {ALL_MAX_N})
  {", ".join(m for m in ALL_CAPABLE if m not in BACKTRACKERS)}
             the naive searches: every candidate checked (refused above {MAX_CANDIDATES:,})
--unique counts the classes of solutions equal up to rotation and reflection (the canonical
forms of solver.symmetry). Progress goes to stderr when it is a terminal; Ctrl-C stops
quietly (status 130).

json keys:
  n          the board size
  solutions  the number of solutions (OEIS A000170)
  unique     with --unique only: the number of fundamental solutions, counting each class of
             solutions equal up to rotation and reflection once (OEIS A002562)
  with --method other than bitmask, also:
  method     the method's name
  examined   candidates it examined (squares tested, or placements checked)
  unit       what `examined` counts, in words
"""


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "count",
        help=_("the number of solutions (and unique ones)"),
        description=_("Count the solutions of the N-Queens problem on an N x N board."),
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "n", type=int_in_range(1, MAX_N, "N"), metavar="N", help=_("1 to {max}").format(max=MAX_N)
    )
    p.add_argument(
        "--unique",
        action="store_true",
        help=_("also count the fundamental solutions (N at most {max})").format(max=MAX_N_UNIQUE),
    )
    p.add_argument(
        "--method",
        choices=(BITMASK, *ALL_CAPABLE),
        default=BITMASK,
        help=_("the counting method (default: bitmask; see below)"),
    )
    add_format(p, "text", "json")
    return "count"


def _by_bitmask(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    """The json record, and the text line beneath the count (empty here)."""
    from solver.counting import count

    if args.unique and args.n > MAX_N_UNIQUE:
        raise UsageError(
            _("--unique takes N from 1 to {max}, not {n}").format(max=MAX_N_UNIQUE, n=args.n)
        )
    with StatusLine(f"counting n={args.n}") as status:
        result = count(
            args.n,
            unique=args.unique,
            progress=lambda done, total: status.count(done, total, "jobs"),
        )
    record: dict[str, Any] = {"n": result.n, "solutions": result.solutions}
    if result.unique is not None:
        record["unique"] = result.unique
    return record, ""


def _by_method(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    """The json record, and the text line saying what the method examined."""
    from solver.methods import TooBig, progress_unit, run_method
    from solver.symmetry import unique

    if args.n > ALL_MAX_N:
        raise UsageError(
            _(
                "--method {method} lists every solution and takes N from 1 to {max}; "
                "the bitmask method counts up to {bitmask}"
            ).format(method=args.method, max=ALL_MAX_N, bitmask=MAX_N)
        )
    with StatusLine(f"{args.method} n={args.n}") as status:
        try:
            result = run_method(
                args.method,
                args.n,
                every=True,
                progress=lambda done: status.count(done, None, progress_unit(args.method)),
            )
        except TooBig as error:
            raise UsageError(str(error)) from None
    record: dict[str, Any] = {"n": args.n, "solutions": len(result.solutions)}
    if args.unique:
        record["unique"] = len(unique(result.solutions))
    record.update(method=args.method, examined=result.examined, unit=result.unit)
    return record, f"{args.method}: {result.examined_text()}"


def run(args: argparse.Namespace) -> int:
    record, examined = _by_bitmask(args) if args.method == BITMASK else _by_method(args)
    if args.format == "json":
        print(json.dumps(record))
        return 0
    solutions = record["solutions"]
    if "unique" in record:
        line = ngettext(
            "n={n}: {count} solution, {unique} unique up to rotation and reflection",
            "n={n}: {count} solutions, {unique} unique up to rotation and reflection",
            solutions,
        )
    else:
        line = ngettext("n={n}: {count} solution", "n={n}: {count} solutions", solutions)
    print(line.format(n=record["n"], count=solutions, unique=record.get("unique")))
    if examined:
        print(examined)
    return 0
