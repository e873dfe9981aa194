"""What reading the terminal through the input filter costs: the tutor as it runs (its relay
thread reads the terminal, tui/input_filter.py filters, Textual reads a pipe) against the same
tutor with Textual reading the terminal itself (``relayed_input`` replaced by a no-op before
the app is imported, here only).

Run: ``python benchmarks/bench_input_relay.py`` (or ``python -m benchmarks input_relay``);
``--runs N`` start-ups each (default 15), ``--keys N`` keys each (default 200), ``-n N`` the
board (default 8). Both start the same way (``python -c``, this working tree on
``PYTHONPATH``, compiled first) and take turns, one start and one key each per round, as in
``bench_tui_latency.py``, whose measurement this uses: start-up to the last byte of the first
frame, and a key's latency to the last byte of its frame (median and p95).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_tui_latency import compile_sources, latencies, startups
from benchmarks.home import leave_home_alone

TUTOR = "from tui.cli.main import main; raise SystemExit(main({argv!r}))"
DIRECT = (
    "import contextlib, tui.terminal_input as relay; "
    "relay.relayed_input = lambda *args, **kwargs: contextlib.nullcontext(None); " + TUTOR
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="start-ups per program")
    parser.add_argument("--keys", type=int, default=200, help="keys measured per program")
    parser.add_argument("-n", type=int, default=8, help="board size")
    parser.add_argument("--idle", type=float, default=0.2, help="idle gap ending a frame (s)")
    args = parser.parse_args()
    compile_sources()
    argv = ["-n", str(args.n)]
    programs = [
        ("through the filter", [sys.executable, "-c", TUTOR.format(argv=argv)], "tick"),
        ("Textual reads", [sys.executable, "-c", DIRECT.format(argv=argv)], "tick"),
    ]
    print(f"80x24 pty, -n {args.n}, {args.runs} start-ups and {args.keys} keys each")
    started = startups(programs, args.idle, args.runs)
    keys = latencies(programs, args.keys, args.idle)
    for name, _, _ in programs:
        print(
            f"  {name:20s} start-up {started[name] * 1000:6.0f} ms   key-to-frame median "
            f"{keys[name]['median'] * 1000:5.1f} ms  p95 {keys[name]['p95'] * 1000:5.1f} ms"
        )
    relay, direct = (name for name, _, _ in programs)
    print(
        f"  ratio: start-up {started[relay] / started[direct]:.2f}, key-to-frame median "
        f"{keys[relay]['median'] / keys[direct]['median']:.2f} (budget: 1.5x)"
    )
    return 0


if __name__ == "__main__":
    leave_home_alone()  # the tutors it starts keep their files there (benchmarks/home.py)
    raise SystemExit(main())
