"""``queens-tutor solve N``: the first solution (or all), drawn as the lecture's drawresult."""

from __future__ import annotations

import argparse
import json
from typing import Any

from solver.drawing import drawresult
from solver.iterative import IterativeEngine, Mode, Stop
from tui.cli.args import add_format, int_in_range

MAX_N = 32
MAX_N_ALL = 12


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "solve",
        help="the first solution (or all), drawn like the lecture's drawresult",
        description=(
            "Solve the N-Queens problem with the lecture's iterative backtracker and print "
            "each solution as drawresult does: the b[] line, then the board (row 0 first)."
        ),
    )
    p.add_argument("n", type=int_in_range(1, MAX_N, "N"), metavar="N", help=f"1 to {MAX_N}")
    p.add_argument("--all", action="store_true", help=f"every solution (N at most {MAX_N_ALL})")
    add_format(p, "text", "json")
    return "solve"


def solutions(n: int, every: bool) -> list[tuple[int, ...]]:
    engine = IterativeEngine(n, Mode.ALL if every else Mode.FIRST)
    engine.run(Stop.END)
    return list(engine.solutions)


def run(args: argparse.Namespace) -> int:
    from tui.cli.args import UsageError

    if args.all and args.n > MAX_N_ALL:
        raise UsageError(f"--all prints every solution and takes N from 1 to {MAX_N_ALL}")
    found = solutions(args.n, args.all)
    if args.format == "json":
        print(json.dumps({"n": args.n, "solutions": [list(s) for s in found]}))
        return 0
    if not found:
        print(f"no solution for n={args.n}")
        return 0
    print("\n\n".join(drawresult(s) for s in found))
    return 0
