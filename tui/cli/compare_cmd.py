"""``queens-tutor compare N``: every method on one board, its examined candidates and time."""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass
from typing import Any

from lessons.i18n import N_, _, decimal, number
from solver import registry
from tui.cli.status_line import StatusLine
from tui.options.args import WrappedHelpFormatter, add_board_size, add_format, int_in_range

MAX_N = 20
NOT_RUN_EXACT = N_("not run: over the limit (exact count)")
NOT_RUN_FAR = N_("not run: far over the limit")
NOT_RUN_ABOVE = N_("not run: n above {max}")
NOT_RUN_NONE = N_("not run: no solution for n={n}")

EPILOG = N_(
    """\
Each method looks for the first solution (random: one seeded search). The backtrackers
(iterative, recursive, scan, general) test as many squares, one for one: iterative and scan
the same squares in the same order, recursive and general, which fill a row at a time, each
one's mirror image across the diagonal (their solution is the mirror image too). So their
counts agree and their times show the cost of each test. A naive search that would
examine more than {max_candidates} placements is not run; its row gives the exact
number it would examine (computed from the rank of the first solution in its order), except
above N={naive_max_n}, where every naive search is far over. random runs for N up to
{random_max_n}. Times are wall-clock seconds on this machine.

json keys:
  n        the board size
  seed     the seed of the random search
  methods  a list, one object per method, with the keys:
    method    the method's name
    examined  candidates examined (or that would be, when not run), or null
    unit      what `examined` counts
    space     the size of the search space (C(N^2, N), N^N, N!; random: N!), or null for
              the backtrackers and constructive
    seconds   the time taken, or null when not run
    ran       false when the method was skipped
    solution  the first solution b[0..N-1], or null
    note      why it was not run, or ""
"""
)


@dataclass(frozen=True, slots=True)
class Row:
    method: str
    examined: int | None
    unit: str
    seconds: float | None
    solution: tuple[int, ...] | None
    note: str = ""
    """Why the method was not run, in English (the json's note)."""
    note_text: str = ""
    """The same, in the language in use (the text table)."""


def _skipped(method: str, examined: int | None, unit: str, note: str, **fields: object) -> Row:
    return Row(method, examined, unit, None, None, note.format(**fields), _(note).format(**fields))


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "compare",
        help=_("every method on one board: candidates examined and time"),
        description=_("Run every method of the lecture notes on an N x N board and compare."),
        epilog=_(EPILOG).format(
            max_candidates=number(registry.MAX_CANDIDATES),
            naive_max_n=registry.NAIVE_MAX_N,
            random_max_n=max((kit.max_n for kit in registry.KITS if kit.seeded), default=MAX_N),
        ),
        formatter_class=WrappedHelpFormatter,
    )
    add_board_size(p, MAX_N)
    p.add_argument("--seed", type=int_in_range(0, None, "SEED"), default=0, help=_("random's seed"))
    add_format(p, "text", "json")
    return "compare"


def _row(method: str, n: int, seed: int, status: StatusLine) -> Row:
    from solver import runs as methods  # the searches are imported when a command runs

    unit = registry.kit(method).unit.name
    top = registry.kit(method).max_n
    if n > top:
        return _skipped(method, None, unit, NOT_RUN_ABOVE, max=top)
    status.label = f"compare n={n} {method}"
    status.update(method)
    started = time.perf_counter()
    try:
        result = methods.run_method(
            method,
            n,
            seed=seed,
            progress=lambda done: status.count(done, None, methods.progress_unit(method)),
        )
    except methods.TooBig as refusal:
        if refusal.examined is None:
            return _skipped(method, None, unit, NOT_RUN_FAR)
        return _skipped(method, refusal.examined, unit, NOT_RUN_EXACT)
    except methods.NoSolution:
        return _skipped(method, None, unit, NOT_RUN_NONE, n=n)
    seconds = time.perf_counter() - started
    first = result.solutions[0] if result.solutions else None
    return Row(method, result.examined, unit, seconds, first)


def run(args: argparse.Namespace) -> int:

    with StatusLine(f"compare n={args.n}") as status:
        rows = [_row(method, args.n, args.seed, status) for method in registry.queens_methods()]
    if args.format == "json":
        record = {
            "n": args.n,
            "seed": args.seed,
            "methods": [
                {
                    "method": r.method,
                    "examined": r.examined,
                    "unit": r.unit,
                    "space": registry.kit(r.method).search_space(args.n),
                    "seconds": r.seconds,
                    "ran": r.seconds is not None,
                    "solution": None if r.solution is None else list(r.solution),
                    "note": r.note,
                }
                for r in rows
            ],
        }
        print(json.dumps(record))
        return 0
    print(
        _("n={n}: the first solution by every method (random seed {seed})").format(
            n=args.n, seed=args.seed
        )
    )
    for line in _table(rows):
        print(line)
    return 0


def _table(rows: list[Row]) -> list[str]:
    """The text table: each column as wide as its widest entry in the language in use (the
    unit column is longest in Italian and Polish), the numbers on the right."""
    table = [(_("method"), _("examined"), _("unit"), _("time"), _("solution"))]
    for r in rows:
        examined = "-" if r.examined is None else number(r.examined)
        if r.seconds is None:
            when, tail = "-", r.note_text
        else:
            when = _("{seconds} s").format(seconds=decimal(f"{r.seconds:.4f}"))
            tail = _("none") if r.solution is None else " ".join(str(x) for x in r.solution)
        table.append((r.method, examined, _(r.unit), when, tail))
    widths = [max(len(row[i]) for row in table) for i in range(4)]
    return [
        f"{method:<{widths[0]}}  {examined:>{widths[1]}}  {unit:<{widths[2]}}  "
        f"{when:>{widths[3]}}  {tail}".rstrip()
        for method, examined, unit, when, tail in table
    ]
