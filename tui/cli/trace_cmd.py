"""``queens-tutor trace N``: every tick of the iterative backtracker, one per line (jsonl: one
object a tick, its keys a stable contract)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from lessons.i18n import _
from tui.options.args import add_board_size, add_format, int_in_range

MAX_N = 64
DEFAULT_LIMIT = 100_000
"""The ticks printed when ``--limit`` is not given."""


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "trace",
        help=_("every tick of the lecture's iterative backtracker"),
        description=_(
            "Print every tick of the Wrocław lecture's iterative backtracker: each "
            "square tried with its attackers, each backtrack, each solution, and the end."
        ),
    )
    add_board_size(p, MAX_N)
    p.add_argument("--all", action="store_true", help=_("go on after each solution until done"))
    p.add_argument(
        "--limit",
        type=int_in_range(1, None, "K"),
        metavar="K",
        help=_(
            "stop after K ticks (1 or more; default {limit}: a longer trace is cut with a note)"
        ).format(limit=DEFAULT_LIMIT),
    )
    add_format(p, "text", "jsonl")
    return "trace"


def run(args: argparse.Namespace) -> int:
    from solver.methods.iterative.trace import ticks

    write = sys.stdout.write
    jsonl = args.format == "jsonl"
    limit = DEFAULT_LIMIT if args.limit is None else args.limit
    cut = False
    for one in ticks(args.n, args.all):
        if one.tick > limit:
            cut = True
            break
        if jsonl:
            write(json.dumps(one.record(), separators=(", ", ": ")) + "\n")
        else:
            said = _("tick {tick}: {text}").format(tick=one.tick, text=one.sentence())
            write(f"{said}  b={list(one.b)} k={one.k}\n")
    sys.stdout.flush()
    if cut and args.limit is None:
        note = _(
            "queens-tutor trace: note: stopped after {limit} ticks, the default limit; "
            "--limit K prints up to K ticks"
        )
        sys.stderr.write(note.format(limit=limit) + "\n")
    return 0
