"""What reading the terminal through the input filter costs: the tutor as it runs (its relay
thread reads the terminal, tui/input_filter.py filters, Textual reads a pipe) against the same
tutor with Textual reading the terminal itself (``relayed_input`` a no-op, here only); start-up
and key-to-frame as bench_tui_latency.py measures them, the two taking turns.

``python benchmarks/bench_input_relay.py [--runs 15] [--keys 200] [-n 8] [--idle 0.2]``
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness import compile_sources, options
from benchmarks.home import run_main
from benchmarks.pty_terminal import latencies, startups

TUTOR = "from tui.cli.main import main; raise SystemExit(main({argv!r}))"
DIRECT = (
    "import contextlib, tui.terminal_input as relay; "
    "relay.relayed_input = lambda *args, **kwargs: contextlib.nullcontext(None); " + TUTOR
)


def main(argv: list[str]) -> int:
    args = options(argv, __doc__, runs=15, keys=200, n=8, idle=0.2)
    compile_sources()
    tutor = ["-n", str(args.n)]
    programs = [
        ("through the filter", [sys.executable, "-c", TUTOR.format(argv=tutor)], "tick"),
        ("Textual reads", [sys.executable, "-c", DIRECT.format(argv=tutor)], "tick"),
    ]
    print(f"80x24 pty, -n {args.n}, {args.runs} start-ups and {args.keys} keys each")
    started = startups(programs, args.idle, args.runs)
    keys = latencies(programs, args.keys, args.idle)
    for name, _, _ in programs:
        print(
            f"  {name:20s} start-up {started[name][0] * 1000:6.0f} ms   key-to-frame median "
            f"{keys[name]['median'] * 1000:5.1f} ms  p95 {keys[name]['p95'] * 1000:5.1f} ms"
        )
    relay, direct = (name for name, _, _ in programs)
    print(
        f"  ratio: start-up {started[relay][0] / started[direct][0]:.2f}, key-to-frame median "
        f"{keys[relay]['median'] / keys[direct]['median']:.2f} (budget: 1.5x)"
    )
    return 0


if __name__ == "__main__":
    run_main(main)
