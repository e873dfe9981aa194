"""``queens-tutor count N``: how many solutions (and fundamental ones) the N x N board has,
by the bit-mask counter on this machine or a Dask cluster, or by a method's kit."""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
from typing import TYPE_CHECKING, Any

from lessons.i18n import N_, _, ngettext, number
from solver.registry import ALL_MAX_N, COUNTER, MAX_CANDIDATES, backtrackers, listing_methods
from tui.cli.count_engine import add_cluster_options, local_engine, note, tls_without_cluster
from tui.cli.status_line import StatusLine
from tui.options.args import (
    UsageError,
    WrappedHelpFormatter,
    add_board_size,
    add_format,
    as_usage,
    int_in_range,
)

if TYPE_CHECKING:
    from tui.cli.count_progress import JobsBar


ENGINES = ("auto", "python", "compiled")
"""solver.counting.bitmask.ENGINES, written out: the counter is imported only when a count runs."""
MAX_N = 32
"""solver.counting.bitmask.MAX_COMPILED_N: the compiled kernels work on 64-bit integers."""
BITMASK = COUNTER
"""``--method bitmask``, the bit-mask counter: a name the registry reserves."""
ESTIMATE_FROM = 13
"""From this n on, the count's time is estimated before it starts."""
SAY_ESTIMATE_FROM = 3.0
"""Estimates of at least this many seconds are printed on stderr."""
DEFAULT_MAX_TIME = "1h"
CLUSTER_TIMEOUT = 10
"""solver.counting.cluster.CONNECT_TIMEOUT: seconds for the scheduler to answer."""
UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}

EPILOG = N_(
    """\
methods:
  bitmask    (default) bit-mask backtracking with the mirror trick (count half of the first
             row, double), cut into jobs at the first rows, on every core for N >= 11.
             --unique uses all eight symmetries of the board: it visits about one
             solution in eight and costs less than the plain count.
  {backtrackers}
             the backtrackers, run in all-solutions mode (N at most {all_max_n})
  {naive}
             the naive searches: every candidate checked (refused above {max_candidates})

engines (bitmask only):
  python     the pure-Python counter
  compiled   the same search compiled with numba (the [fast] extra: in the
             tutor's folder, .venv/bin/pip install '.[fast]'): 20 to 35 times
             faster for N=14-16, as fast as C. The first run compiles it
             (seconds); the machine code is cached (NUMBA_CACHE_DIR, by default
             the user's cache folder) for later runs.
  auto       (default) compiled for N >= 14 when numba is installed, else python

long counts: from N=13 on, the time is estimated first from this machine's measured speed
(an estimate: a real count of a small board, timed, and random probes of the search tree);
estimates over 3 s are printed on stderr, and a count estimated to take longer than
--max-time (default {max_time}) is refused. While it runs, a bar on stderr (when it is a
terminal) shows the jobs done and the time left. The result is compared with the published
counts (OEIS A000170, A002562; known up to N=27): a mismatch is a loud warning and exit
status 1. Ctrl-C or SIGTERM stop the count and every worker process, with one line on stderr
(status 130 or 143).

--cluster ADDRESS sends the jobs to a Dask scheduler (the [cluster] extra: in
the tutor's folder, .venv/bin/pip install '.[cluster]'; start `dask scheduler`
on one machine and `dask worker ADDRESS` on the others, each with queens-tutor
installed). Dask schedules and retries them; Ctrl-C cancels them.
A Dask cluster runs code from its workers in this process: whatever joins the scheduler
as a worker can run any command as you. So --cluster takes only a cluster you made
trusted: a tcp:// scheduler on this machine (127.0.0.1, ::1, localhost) that your own
account runs (every account of a shared machine can listen there: one that another account
runs is refused before it is read), a tls:// scheduler that proves itself with your
certificates, or, with --trust-cluster, a scheduler you trust, every machine that can join
it included. Any account of this machine can join a tcp:// scheduler of yours as a worker,
so on a shared machine use tls://. A tls:// address is spoken with TLS and Dask's security
settings (distributed.security.Security): the cluster's certificate authority from
--tls-ca-file and this client's certificate from --tls-cert and --tls-key, which Dask's TLS
always sends (or Dask's distributed.comm.tls settings). A scheduler that cannot be reached,
or does not answer like a Dask scheduler, within {timeout} s is refused with one line
(status 2).

json keys:
  n          the board size
  solutions  the number of solutions (OEIS A000170)
  unique     with --unique only: the number of fundamental solutions, counting each orbit of
             solutions equal up to rotation and reflection once (OEIS A002562)
  confirmed  true if the published counts agree, false if they do not, null beyond N=27
  engine     bitmask only: python, compiled, or cluster
  jobs       bitmask only: the jobs the search tree was cut into
  with --method other than bitmask, also:
  method     the method's name
  examined   candidates it examined (squares tested, or placements checked)
  unit       what `examined` counts, in words
"""
)


def duration_arg(text: str) -> float:
    """``--max-time``: seconds, or a number with s, m, h or d (``90``, ``20m``, ``3h``)."""
    value = text.strip().lower()
    scale = UNITS.get(value[-1:], 0) if value else 0
    number = value[:-1] if scale else value
    try:
        seconds = float(number) * (scale or 1)
    except ValueError:
        seconds = -1.0
    if not seconds > 0 or seconds == float("inf"):
        raise argparse.ArgumentTypeError(
            _(
                "--max-time must be a positive duration such as 90, 20m, 3h or 2d, not {text}"
            ).format(text=repr(text))
        )
    return seconds


def add_parser(sub: Any) -> str:
    p = sub.add_parser(
        "count",
        help=_("the number of solutions (and unique ones)"),
        description=_("Count the solutions of the N-Queens problem on an N x N board."),
        epilog=_(EPILOG).format(
            backtrackers=", ".join(backtrackers()),
            naive=", ".join(m for m in listing_methods() if m not in backtrackers()),
            all_max_n=ALL_MAX_N,
            max_candidates=number(MAX_CANDIDATES),
            max_time=DEFAULT_MAX_TIME,
            timeout=CLUSTER_TIMEOUT,
        ),
        formatter_class=WrappedHelpFormatter,
    )
    add_board_size(p, MAX_N)
    p.add_argument("--unique", action="store_true", help=_("also count the fundamental solutions"))
    p.add_argument(
        "--method",
        choices=(BITMASK, *listing_methods()),
        default=BITMASK,
        metavar="METHOD",  # listed below
        help=_("the counting method (default: bitmask; see below)"),
    )
    p.add_argument("--engine", choices=ENGINES, default="auto", help=_("see below (default: auto)"))
    p.add_argument(
        "--workers",
        type=int_in_range(1, 1024, "--workers"),
        metavar="K",
        help=_("worker processes on this machine (default: one per core)"),
    )
    p.add_argument("--cluster", metavar="ADDRESS", help=_("a Dask scheduler, e.g. tcp://lab1:8786"))
    add_cluster_options(p)
    p.add_argument(
        "--max-time",
        type=duration_arg,
        default=duration_arg(DEFAULT_MAX_TIME),
        metavar="TIME",
        help=_(
            "refuse counts estimated to take longer (default {max_time}; or 90, 20m, 3h)"
        ).format(max_time=DEFAULT_MAX_TIME),
    )
    add_format(p, "text", "json")
    return "count"


def _estimate(args: argparse.Namespace, engine: str, processes: int, jobs: int) -> float | None:
    """Estimate the count's time; refuse it over --max-time; say it when it is long."""
    from solver.counting.estimate import duration, estimate

    if args.n < ESTIMATE_FROM:
        return None
    from solver.counting.bitmask import default_workers

    cores = None if args.cluster else default_workers()
    guess = estimate(args.n, args.unique, engine, processes, jobs, cores)
    fields = {
        "n": args.n,
        "time": duration(guess.seconds),
        "workers": processes,
        "engine": engine,
        "processes": guess.processes,
    }
    if guess.seconds > args.max_time:
        if args.cluster:
            refusal = _(
                "count {n} would take about {time} on a cluster of {workers} workers as fast as "
                "this machine (an estimate from this machine's measured speed); allow it with "
                "--max-time"
            )
        else:
            refusal = _(
                "count {n} would take about {time} with the {engine} engine on {processes} "
                "processes (an estimate from this machine's measured speed); allow it with "
                "--max-time, or share it out with --cluster ADDRESS"
            )
        faster = _faster_engine(args, engine)
        raise UsageError(refusal.format(**fields) + (f". {faster}" if faster else ""))
    if guess.seconds >= SAY_ESTIMATE_FROM:
        if args.cluster:
            notice = _(
                "count {n}: about {time} on a cluster of {workers} workers as fast as this "
                "machine (an estimate from this machine's measured speed)"
            )
        else:
            notice = _(
                "count {n}: about {time} with the {engine} engine on {processes} processes (an "
                "estimate from this machine's measured speed)"
            )
        sys.stderr.write(notice.format(**fields) + "\n")
        faster = _faster_engine(args, engine)
        if faster:
            note(faster)
        sys.stderr.flush()
    return guess.seconds


def _faster_engine(args: argparse.Namespace, engine: str) -> str | None:
    """For a long count in pure Python on this machine: how to get the compiled counter."""
    from solver.counting.compiled import available

    if engine != "python" or args.cluster:
        return None
    if not available():
        return _(
            "The compiled counter counts 20 to 30 times faster: install it in the tutor's "
            "folder with .venv/bin/pip install '.[fast]' (numba)."
        )
    return _(
        "The compiled counter, installed here, counts 20 to 30 times faster: --engine compiled."
    )


def _by_bitmask(args: argparse.Namespace, bar_out: list[JobsBar]) -> dict[str, Any]:
    """The json record of the bit-mask counter, run on the engine and machines asked for."""
    from solver.counting.bitmask import count, default_workers, plan
    from solver.counting.cluster_peer import ClusterUnavailable
    from solver.counting.compiled import CompiledUnavailable
    from tui.cli.count_progress import JobsBar

    with contextlib.ExitStack() as stack:
        runner = None
        if args.cluster:
            from solver.counting.cluster import (
                cluster_engine,
                cluster_runner,
                session,
                worker_threads,
            )

            tls = {"ca_file": args.tls_ca_file, "cert": args.tls_cert, "key": args.tls_key}
            with as_usage(ClusterUnavailable):
                client = stack.enter_context(session(args.cluster, args.trust_cluster, tls))
                engine = cluster_engine(client, args.engine)
            processes = worker_threads(client)
            runner = cluster_runner(client)
        else:
            engine = local_engine(args)
            processes = args.workers or default_workers()
        todo = len(plan(args.n, args.unique))
        with as_usage(CompiledUnavailable):
            seconds = _estimate(args, engine, processes, todo)
        bar = JobsBar(f"count {args.n}", seconds, todo)
        bar_out.append(bar)
        with bar, as_usage(ClusterUnavailable):
            result = count(args.n, args.unique, args.workers, bar, engine, runner)
    record: dict[str, Any] = {"n": result.n, "solutions": result.solutions}
    if result.unique is not None:
        record["unique"] = result.unique
    record.update(engine="cluster" if args.cluster else result.engine, jobs=result.jobs)
    return record


def _by_method(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    """The json record, and the text line saying what the method examined."""
    from solver.runs import TooBig, progress_unit, run_method
    from solver.symmetry import unique

    if args.n > ALL_MAX_N:
        raise UsageError(
            _(
                "--method {method} lists every solution and takes N from 1 to {max}; "
                "the bitmask method counts up to {bitmask}"
            ).format(method=args.method, max=ALL_MAX_N, bitmask=MAX_N)
        )
    with StatusLine(f"{args.method} n={args.n}") as status, as_usage(TooBig):
        result = run_method(
            args.method,
            args.n,
            every=True,
            progress=lambda done: status.count(done, None, progress_unit(args.method)),
        )
    record: dict[str, Any] = {"n": args.n, "solutions": len(result.solutions)}
    if args.unique:
        record["unique"] = len(unique(result.solutions))
    record.update(method=args.method, examined=result.examined, unit=result.unit.name)
    return record, f"{args.method}: {result.examined_text()}"


def _confirm(record: dict[str, Any]) -> tuple[bool | None, str]:
    """Compare with the published counts: (agrees, or None if unknown; the text's note)."""
    from solver.counting.known_counts import confirm

    n = record["n"]
    checks = [confirm(n, record["solutions"])]
    if "unique" in record:
        checks.append(confirm(n, record["unique"], unique=True))
    if not checks[0][0].known:
        return None, _("no published count to compare")
    sequences = [c.sequence for c, _ok in checks]
    if len(sequences) == 1:
        matches = _("matches OEIS {sequence}").format(sequence=sequences[0])
    else:
        matches = _("matches OEIS {first} and {second}").format(
            first=sequences[0], second=sequences[1]
        )
    wrong = [c for c, ok in checks if not ok]
    if not wrong:
        return True, matches
    gives = _("{sequence} gives {count}")
    published = ", ".join(gives.format(sequence=c.sequence, count=c.published) for c in wrong)
    return False, _("DIFFERS from the published count: OEIS {published}").format(
        published=published
    )


def _stopped(bar: JobsBar | None, why: str) -> None:
    if bar and bar.total:
        stopped = _(
            "queens-tutor count: stopped by {why} after {done} of {total} jobs; the count is "
            "unfinished"
        ).format(why=why, done=number(bar.done), total=number(bar.total))
    else:
        stopped = _("queens-tutor count: stopped by {why}; the count is unfinished").format(why=why)
    sys.stderr.write(stopped + "\n")


def run(args: argparse.Namespace) -> int:
    from tui.cli.count_progress import Terminated, sigterm_raises

    tls_without_cluster(args)

    bars: list[JobsBar] = []
    try:
        with sigterm_raises():
            if args.method in listing_methods():
                record, examined = _by_method(args)
            else:
                record, examined = _by_bitmask(args, bars), ""
    except (KeyboardInterrupt, Terminated) as stop:
        by_ctrl_c = isinstance(stop, KeyboardInterrupt)
        _stopped(bars[-1] if bars else None, "Ctrl-C" if by_ctrl_c else "SIGTERM")
        return 128 + (signal.SIGINT if by_ctrl_c else signal.SIGTERM)
    agrees, note = _confirm(record)
    record["confirmed"] = agrees
    status = 0
    if agrees is False:
        warning = _(
            "queens-tutor count: WARNING: n={n}: the count {note}. The computation went wrong: "
            "please report it."
        )
        sys.stderr.write(warning.format(n=record["n"], note=note) + "\n")
        status = 1
    if args.format == "json":
        print(json.dumps(record))
        return status
    solutions = record["solutions"]
    if "unique" in record:
        line = ngettext(
            "n={n}: {count} solution, {unique} unique up to rotation and reflection",
            "n={n}: {count} solutions, {unique} unique up to rotation and reflection",
            solutions,
        )
    else:
        line = ngettext("n={n}: {count} solution", "n={n}: {count} solutions", solutions)
    unique = record.get("unique")
    shown = line.format(
        n=record["n"], count=number(solutions), unique=None if unique is None else number(unique)
    )
    print(f"{shown} ({note})")
    if examined:
        print(examined)
    return status
