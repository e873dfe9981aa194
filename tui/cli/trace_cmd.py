"""``queens-tutor trace N``: every tick of the iterative backtracker, one per line (jsonl: one
object a tick, its keys a stable contract); ``--method M``: every tick of any method the tutor
steps, as the tutor narrates it, with its arrays."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any

from lessons.i18n import _
from solver.kit import MAX_APP_N
from solver.registry import queens_methods, steppable_methods
from tui.options.args import UsageError, add_board_size, add_format, int_in_range

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
    stepped = [m for m in steppable_methods() if m in queens_methods()]
    p.add_argument(
        "--method",
        choices=stepped,
        metavar="METHOD",
        help=_(
            "print the ticks of any method the tutor steps instead, each as the tutor narrates "
            "it, with the method's arrays (N at most {max}; METHOD: {methods})"
        ).format(max=MAX_APP_N, methods=", ".join(stepped)),
    )
    add_format(p, "text", "jsonl")
    return "trace"


def _lines(args: argparse.Namespace, jsonl: bool) -> Iterator[tuple[int, str]]:
    """Each tick and its line: the loop's own contract, or ``--method``'s narration."""
    if args.method is None:
        from solver.methods.iterative.trace import ticks

        for one in ticks(args.n, args.all):
            if jsonl:
                yield one.tick, json.dumps(one.record(), separators=(", ", ": "))
            else:
                said = _("tick {tick}: {text}").format(tick=one.tick, text=one.sentence())
                yield one.tick, f"{said}  b={list(one.b)} k={one.k}"
        return
    if args.n > MAX_APP_N:
        raise UsageError(
            _("N for --method {method} must be from 1 to {max}, not {n}").format(
                method=args.method, max=MAX_APP_N, n=args.n
            )
        )
    from solver.registry import stepped as kit_of
    from solver.stepping import Mode, step
    from solver.views.views import narration_text
    from tui.plain.words import arrays, state_brief

    kit = kit_of(args.method)
    engine, view = kit.make_engine(args.n, Mode.ALL if args.all else Mode.FIRST), kit.make_view()
    while step(engine):
        frame = view.frame(engine.snapshot(), "")
        said, where = narration_text(frame), frame.tables.marker or frame.status.where
        if jsonl:
            kind = "" if engine.last_kind is None else engine.last_kind.name.lower()
            state = {name: list(values) for name, values in arrays(frame.tables)}
            record = {"tick": engine.tick, "event": kind, "said": said, "state": state}
            yield engine.tick, json.dumps({**record, "where": where}, ensure_ascii=False)
        else:
            told = _("tick {tick}: {text}").format(tick=engine.tick, text=said)
            yield engine.tick, f"{told}  {state_brief(frame.tables, frame.status.where)}"


def run(args: argparse.Namespace) -> int:
    write = sys.stdout.write
    limit = DEFAULT_LIMIT if args.limit is None else args.limit
    cut = False
    for tick, line in _lines(args, args.format == "jsonl"):
        if tick > limit:
            cut = True
            break
        write(line + "\n")
    sys.stdout.flush()
    if cut and args.limit is None:
        note = _(
            "queens-tutor trace: note: stopped after {limit} ticks, the default limit; "
            "--limit K prints up to K ticks"
        )
        sys.stderr.write(note.format(limit=limit) + "\n")
    return 0
