"""``queens-tutor count N``: how many solutions the N x N board has.

json form (keys stable): ``{"n": N, "solutions": S}``, plus ``"unique": U`` with ``--unique``
(the number of fundamental solutions: solutions that are not rotations or reflections of each
other, OEIS A002562).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from tui.cli.args import UsageError, add_format, int_in_range
from tui.cli.status_line import StatusLine

MAX_N = 16
MAX_N_UNIQUE = 15

EPILOG = f"""\
method: bit-mask backtracking with the mirror trick (count half of the first row, double),
on every core for N >= 11. On a 2-core machine N=14 takes about 2 s, N=15 about 15 s and
N={MAX_N} about 1.5 minutes; --unique visits every solution and allows N up to {MAX_N_UNIQUE}
(about 30 s). Progress goes to stderr when it is a terminal; Ctrl-C stops quietly (status 130).

json keys:
  n          the board size
  solutions  the number of solutions (OEIS A000170)
  unique     with --unique only: the number of fundamental solutions, counting each class of
             solutions equal up to rotation and reflection once (OEIS A002562)
"""


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "count",
        help="the number of solutions (and unique ones)",
        description="Count the solutions of the N-Queens problem on an N x N board.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("n", type=int_in_range(1, MAX_N, "N"), metavar="N", help=f"1 to {MAX_N}")
    p.add_argument(
        "--unique",
        action="store_true",
        help=f"also count the fundamental solutions (N at most {MAX_N_UNIQUE})",
    )
    add_format(p, "text", "json")
    return "count"


def run(args: argparse.Namespace) -> int:
    from solver.counting import count

    if args.unique and args.n > MAX_N_UNIQUE:
        raise UsageError(f"--unique takes N from 1 to {MAX_N_UNIQUE}, not {args.n}")
    with StatusLine(f"counting n={args.n}") as status:
        result = count(
            args.n,
            unique=args.unique,
            progress=lambda done, total: status.count(done, total, "jobs"),
        )
    if args.format == "json":
        record: dict[str, int] = {"n": result.n, "solutions": result.solutions}
        if result.unique is not None:
            record["unique"] = result.unique
        print(json.dumps(record))
        return 0
    plural = "solution" if result.solutions == 1 else "solutions"
    line = f"n={result.n}: {result.solutions} {plural}"
    if result.unique is not None:
        line += f", {result.unique} unique up to rotation and reflection"
    print(line)
    return 0
