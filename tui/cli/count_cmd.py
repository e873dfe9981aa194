"""``queens-tutor count N``: how many solutions the N x N board has."""

from __future__ import annotations

import argparse
import json
from typing import Any

from solver.iterative import IterativeEngine, Mode, Stop
from tui.cli.args import add_format, int_in_range

MAX_N = 14


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "count",
        help="the number of solutions",
        description="Count the solutions of the N-Queens problem on an N x N board.",
    )
    p.add_argument("n", type=int_in_range(1, MAX_N, "N"), metavar="N", help=f"1 to {MAX_N}")
    add_format(p, "text", "json")
    return "count"


def run(args: argparse.Namespace) -> int:
    engine = IterativeEngine(args.n, Mode.ALL)
    engine.run(Stop.END)
    count = engine.solutions_found
    if args.format == "json":
        print(json.dumps({"n": args.n, "solutions": count}))
    else:
        print(f"n={args.n}: {count} solutions")
    return 0
