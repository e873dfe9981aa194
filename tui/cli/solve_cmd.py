"""``queens-tutor solve N``: the first solution (or all), by any method of the lecture notes."""

from __future__ import annotations

import argparse
import json
from typing import Any

from lessons.i18n import N_, _, decimal, ngettext, number
from solver.registry import ALL_MAX_N, DEFAULT_METHOD, MAX_CANDIDATES, kit, queens_methods
from solver.registry import METHODS as METHODS_INFO
from tui.cli.status_line import StatusLine
from tui.options.args import UsageError, WrappedHelpFormatter, add_format, as_usage, int_in_range


def max_n() -> dict[str, int]:
    """The largest N each method takes, by its kit."""
    return {name: METHODS_INFO[name].max_n for name in queens_methods()}


MAX_RUNS = 100_000
DRAW_MAX = 64
"""Boards larger than this are not drawn; the b[] line is printed instead."""
LINE_MAX = 10_000
"""b[] lines longer than this are shortened in text output (json has everything)."""

METHOD_LINE = N_("{summary}, N 1 to {top}")
DEFAULT_METHOD_LINE = N_("{summary}, N 1 to {top} (default)")


def _method_lines() -> str:
    """One line per method for the epilog, in the language in use."""
    tops = max_n()
    templates = {name: METHOD_LINE for name in tops} | {DEFAULT_METHOD: DEFAULT_METHOD_LINE}
    return "\n".join(
        f"  {name:<13} "
        + _(templates[name]).format(summary=_(METHODS_INFO[name].summary), top=number(top))
        for name, top in tops.items()
    )


EPILOG = N_(
    """\
methods (N ranges):
{methods}
The notes' backtrackers (iterative, recursive, scan, general) test the same squares in the
same order. For the first solution the hardest board up to 29 is N=28: 84,175,966 squares,
about 25 s iterative or recursive; up to 27 it is N=22: 38,217,905 squares, about 40 s scan
and 90 s general (their tests cost more). N=30 needs 1,692,888,135 squares (minutes, not
seconds, even iterative), so N stops at 29 (27 for scan and general).
Naive searches (bruteforce, columns, permutations; N up to 100) refuse boards that need more
than {max_candidates} placements (about 30 s), saying how many they would need.
--all (N at most {all_max_n}) works with the backtrackers and the naive searches.
With --method (and without --all), the text output ends with a line saying how many
candidates the method examined. Progress goes to stderr when it is a terminal; Ctrl-C
stops quietly (status 130).

json keys:
  n           the board size
  solutions   a list of solutions, each the list b[0..N-1] (row of the queen in each column);
              empty when there is none
  with --method given, also:
  method      the method's name
  examined    candidates examined (squares tested by the backtrackers, placements checked
              by the naive searches, permutations tried by random, 0 for constructive)
  unit        what `examined` counts, in words
  space       the size of the search space the candidates come from (C(N^2, N), N^N or N!;
              random: N!), null for the backtrackers and constructive
  with --method random --runs R, instead of solutions, examined, unit and space:
  runs, seed  the number of searches and the seed of the one generator they share
  mean_tries  tries per solution on average; fewest_tries, most_tries
  expected    N!/Q(N), the average to expect (Q(N) counted by the bit-mask counter)
"""
)


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "solve",
        help=_("the first solution (or all) by any method, drawn like the lecture's drawresult"),
        description=_(
            "Solve the N-Queens problem and print the first solution as the lecture's "
            "drawresult does: the b[] line, then the board (row 0 first). With --all, every "
            "solution, one b[] line each (--draw: each drawn)."
        ),
        epilog=_(EPILOG).format(
            methods=_method_lines(),
            max_candidates=number(MAX_CANDIDATES),
            all_max_n=ALL_MAX_N,
        ),
        formatter_class=WrappedHelpFormatter,
    )
    p.add_argument("n", type=int_in_range(1, None, "N"), metavar="N", help=_("the board size"))
    p.add_argument(
        "--method",
        choices=queens_methods(),
        metavar="METHOD",  # listed below
        help=_("the search method (see below)"),
    )
    p.add_argument(
        "--all",
        action="store_true",
        help=_("every solution (N at most {max})").format(max=ALL_MAX_N),
    )
    p.add_argument("--draw", action="store_true", help=_("with --all: draw every solution"))
    p.add_argument(
        "--seed", type=int_in_range(0, None, "SEED"), default=0, help=_("random: the seed (0)")
    )
    p.add_argument(
        "--runs",
        type=int_in_range(1, MAX_RUNS, "RUNS"),
        metavar="R",
        help=_("random: run R searches and print the mean tries (1 to {max})").format(
            max=number(MAX_RUNS)
        ),
    )
    add_format(p, "text", "json")
    return "solve"


def _validate(args: argparse.Namespace, method: str) -> None:
    top = max_n()[method]
    if args.n > top:
        raise UsageError(
            _("N for --method {method} must be from 1 to {max}, not {n}").format(
                method=method, max=number(top), n=number(args.n)
            )
        )
    if args.all and args.n > ALL_MAX_N:
        raise UsageError(
            _("--all prints every solution and takes N from 1 to {max}").format(max=ALL_MAX_N)
        )
    if args.all and not kit(method).lists_all:
        raise UsageError(
            _("--method {method} finds one solution; --all does not apply").format(method=method)
        )
    if args.draw and not args.all:
        raise UsageError(_("--draw goes with --all (the first solution is always drawn)"))
    if args.draw and args.format == "json":
        raise UsageError(_("--draw draws boards in the text output; json has no drawing"))
    if not kit(method).seeded and (args.runs is not None or args.seed != 0):
        raise UsageError(_("--seed and --runs go with --method random"))


def _b_line(b: tuple[int, ...]) -> str:
    if len(b) <= LINE_MAX:
        return " ".join(str(r) for r in b)
    head = " ".join(str(r) for r in b[:10])
    tail = " ".join(str(r) for r in b[-10:])
    whole = ngettext(
        "({count} number; --format json has them all)",
        "({count} numbers; --format json has them all)",
        len(b),
    ).format(count=number(len(b)))
    return f"{head} ... {tail}  {whole}"


def _random_runs(args: argparse.Namespace) -> int:
    import math

    from solver.counting.bitmask import count_solutions
    from solver.methods.naive.search import mean_tries

    solutions = count_solutions(args.n)
    if solutions == 0:
        raise UsageError(
            _("there is no solution for n={n}: a random search would never stop").format(n=args.n)
        )
    expected = math.factorial(args.n) / solutions
    if expected * args.runs > MAX_CANDIDATES:
        raise UsageError(
            ngettext(
                "{runs} run would shuffle about {total} permutations ({space}/{solutions} = "
                "{each} per run); the limit is {limit}",
                "{runs} runs would shuffle about {total} permutations ({space}/{solutions} = "
                "{each} per run); the limit is {limit}",
                args.runs,
            ).format(
                runs=number(args.runs),
                total=decimal(f"{expected * args.runs:,.0f}"),
                space=number(math.factorial(args.n)),
                solutions=number(solutions),
                each=decimal(f"{expected:,.1f}"),
                limit=number(MAX_CANDIDATES),
            )
        )
    with StatusLine(f"random n={args.n}") as status:
        stats = mean_tries(
            args.n, args.runs, args.seed, lambda done: status.count(done, args.runs, N_("runs"))
        )
    if args.format == "json":
        record = {
            "n": args.n,
            "method": "random",
            "runs": args.runs,
            "seed": args.seed,
            "mean_tries": stats.mean,
            "fewest_tries": stats.fewest,
            "most_tries": stats.most,
            "expected": expected,
        }
        print(json.dumps(record))
        return 0
    said = ngettext(
        "n={n}: {runs} random search (seed {seed}) took {mean} tries on average (fewest "
        "{fewest}, most {most}); expected n!/Q(n) = {space}/{solutions} = {expected}",
        "n={n}: {runs} random searches (seed {seed}) took {mean} tries on average (fewest "
        "{fewest}, most {most}); expected n!/Q(n) = {space}/{solutions} = {expected}",
        args.runs,
    )
    print(
        said.format(
            n=args.n,
            runs=number(args.runs),
            seed=args.seed,
            mean=decimal(f"{stats.mean:,.2f}"),
            fewest=number(stats.fewest),
            most=number(stats.most),
            space=number(math.factorial(args.n)),
            solutions=number(solutions),
            expected=decimal(f"{expected:,.2f}"),
        )
    )
    return 0


def run(args: argparse.Namespace) -> int:
    from solver.methods.iterative.drawing import drawresult
    from solver.runs import NoSolution, TooBig, progress_unit, run_method

    method = args.method or DEFAULT_METHOD
    _validate(args, method)
    if kit(method).seeded and args.runs is not None:
        return _random_runs(args)
    unit = progress_unit(method)
    with StatusLine(f"{method} n={args.n}") as status, as_usage(TooBig, NoSolution):
        result = run_method(
            method, args.n, args.all, args.seed, lambda done: status.count(done, None, unit)
        )
    if args.format == "json":
        record: dict[str, Any] = {"n": args.n, "solutions": [list(s) for s in result.solutions]}
        if args.method is not None:
            record.update(
                method=method, examined=result.examined, unit=result.unit.name, space=result.space
            )
        print(json.dumps(record))
        return 0
    found = result.solutions
    if not found:
        print(_("no solution for n={n}").format(n=args.n))
    elif args.all and not args.draw:
        print("\n".join(" ".join(str(r) for r in b) for b in found))
    elif args.n > DRAW_MAX:
        print(_b_line(found[0]))
        print(_("(boards above {max} x {max} are not drawn)").format(max=DRAW_MAX))
    else:
        print("\n\n".join(drawresult(b) for b in found))
    if args.method is None or args.all:
        return 0
    if not kit(method).searches:
        print("\n" + _("constructive: no search (explicit formula), checked valid in O(n)"))
    else:
        print(f"\n{method}: {result.examined_text()}")
    return 0
