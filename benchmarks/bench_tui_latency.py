"""The tutor in a terminal: start-up to the first frame, key-to-frame latency and resident
memory, each against a minimal Textual app (benchmarks/floor_app.py).

``python benchmarks/bench_tui_latency.py [--keys 200] [--idle 0.2] [--runs 7] [--methods a,b]
[--size 80x24[,120x50]] [--startup-only] [--no-memory] [--panes] [--lang it] [--vs TREE]``

Every program runs on a fresh pseudo-terminal (benchmarks/pty_terminal.py): the installed
``queens-tutor --method M -n 8`` and ``-n 32`` with this tree's code compiled first, the floor,
with ``--panes`` benchmarks/six_panes_app.py. The programs take turns, one start (one key)
each per round. Start-up runs to the last byte of the first complete frame; a key's latency
from its write to the last byte of its frame(s), the screen then showing the next count;
beside each, CPU time (start-up: all threads; a key: the main thread). Memory is VmRSS of
``-n 32`` after 100,000 ticks of autoplay at 10,000 ticks/s, then after ``s`` to 1,000,000.
``--vs TREE`` runs each tutor a second time from another checkout, right after this tree's,
and prints this tree's medians over the other's.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness import ROOT, compile_sources, options
from benchmarks.home import run_main
from benchmarks.pty_terminal import (
    FLOOR,
    WARM_UP,
    Programs,
    PtyProgram,
    last_number,
    latencies,
    shows,
    start,
    startups,
    stop,
    tutor,
)
from solver.registry import steppable_methods, stepped

PANES = [sys.executable, str(ROOT / "benchmarks" / "six_panes_app.py")]
BYTES_BEFORE = {("80x24", 8): 2_194, ("120x50", 32): 4_285}
"""Bytes a key of ``iterative`` before the Line-API main screen: the most a key may write."""


def tutor_argv(method: str, n: int) -> list[str]:
    if not stepped(method).queens:  # a maze in all-paths mode: no end within the keys
        return tutor("--method", method, "--all", "--maze", "random:1:31x31")
    return tutor("--method", method, "-n", str(n))


def programs(methods: list[str], lang: str | None, vs: Path | None, panes: bool) -> Programs:
    label = "tick"
    extra = []
    if lang:
        from lessons import i18n

        i18n.set_language(lang)
        label, extra = i18n._("tick {tick}").split(" {")[0], ["--lang", lang]
    found: Programs = [("floor (one Static)", FLOOR, "count")]
    if panes:
        found.append(("six panes, 1 line each", PANES, "count"))
        found.append(("six panes, a tick's lines", [*PANES, "--tutor-lines"], "count"))
    for method in methods:
        for n in (8, 32) if stepped(method).queens else (8,):
            name = f"{method} -n {n}" if stepped(method).queens else "maze 31x31"
            argv = tutor_argv(method, n) + extra
            if vs is None:
                found.append((name, argv, label))
            else:  # both through env(1): each start pays the same extra exec
                found.append((name, ["env", f"PYTHONPATH={ROOT}", *argv], label))
                found.append((f"{name} (--vs)", ["env", f"PYTHONPATH={vs}", *argv], label))
    return found


def measure(args: argparse.Namespace, size: str) -> None:
    """Start-up and key-to-frame of every program on a ``size`` terminal."""
    columns, rows = (int(part) for part in size.split("x"))
    run = programs(args.methods.split(","), args.lang, args.vs, args.panes)
    print(
        f"\n{size} pty, TERM=xterm-256color, {args.keys} keys (after {WARM_UP}), "
        f"idle gap {args.idle}s, load average {os.getloadavg()[0]:.1f}"
    )
    starts = startups(run, args.idle, args.runs, (columns, rows))
    wall0, cpu0 = starts[run[0][0]]
    print(f"\nstart-up to first frame (median of {args.runs}; CPU: all threads, to its last byte):")
    for name, (wall, cpu) in starts.items():
        print(
            f"  {name:<26} {wall * 1000:7.0f} ms   ratio to floor {wall / wall0:.2f}"
            f"   CPU {cpu * 1000:5.0f} ms, ratio {cpu / cpu0:.2f}"
        )
    print("  target: within 1.3x of the floor (the brief's budget: 1.5x)")
    against_other_tree(args.vs, {name: {"wall": w, "CPU": c} for name, (w, c) in starts.items()})
    if args.startup_only:
        return
    print("\nkey-to-frame latency of `space` (median / p95; ratio to floor):")
    keys = latencies(run, args.keys, args.idle, (columns, rows))
    floor = keys[run[0][0]]
    for name, key in keys.items():
        print(
            f"  {name:<26} {key['median'] * 1000:6.1f} ms / {key['p95'] * 1000:6.1f} ms"
            f"   ratio {key['median'] / floor['median']:.2f} / {key['p95'] / floor['p95']:.2f}"
            f"   ({key['bytes']:,.0f} bytes a key, longest pause inside a frame "
            f"{key['gap'] * 1000:.1f} ms)"
        )
    print("  target: median within 1.5x of the floor at n=8, 2x at n=32, every method")
    print("\nmain thread's CPU time a key (median; ratio to floor):")
    for name, key in keys.items():
        print(f"  {name:<26} {key['cpu'] * 1000:6.2f} ms   ratio {key['cpu'] / floor['cpu']:.2f}")
    against_other_tree(
        args.vs, {n: {"CPU": k["cpu"], "wall": k["median"]} for n, k in keys.items()}
    )
    limits = [f"{most:,} at n={n}" for (at, n), most in BYTES_BEFORE.items() if at == size]
    if limits:
        print(f"  target: bytes a key at most {', '.join(limits)} (before the Line-API screen)")


def against_other_tree(vs: Path | None, figures: dict[str, dict[str, float]]) -> None:
    """This tree's figures over the other tree's (``--vs``)."""
    if vs is None:
        return
    print(f"  this tree / {vs} (medians of each):")
    for name, mine in figures.items():
        if (other := figures.get(f"{name} (--vs)")) is not None:
            ratios = "   ".join(f"{what} {mine[what] / other[what]:.3f}" for what in mine)
            print(f"    {name:<24} {ratios}")


def run_until(program: PtyProgram, go: bytes, stop_key: bytes, ticks: int, idle: float) -> int:
    """Press ``go`` until the screen shows ``tick N`` with N >= ``ticks``, then ``stop_key``;
    the tick on screen once the run has stopped."""
    program.write(go)
    program.watch_for(shows("tick", ticks), timeout=300)
    program.write(stop_key)
    tick = last_number("tick", program.wait_for(lambda text: "ready" in text, idle).text)
    if tick is None or tick < ticks:
        raise RuntimeError(f"the screen shows tick {tick} after the stop")
    return tick


def memory(idle: float) -> None:
    print("\nresident memory of queens-tutor -n 32 (VmRSS):")
    program, _ = start(tutor_argv("iterative", 32), "tick", idle)
    try:
        rows = [("first frame", 0, program.rss_kib())]
        for _ in range(8):
            program.write(b"+")
            faster = program.burst(idle)
        if "speed 10000/s" not in faster.text:
            raise RuntimeError("autoplay did not reach 10000 ticks/s")
        tick = run_until(program, b"p", b"p", 100_000, idle)
        rows.append(("autoplay at 10,000 ticks/s", tick, program.rss_kib()))
        tick = run_until(program, b"s", b"\x1b", 1_000_000, idle)
        rows.append(("then `s` (a worker run)", tick, program.rss_kib()))
    finally:
        stop(program, "queens-tutor")
    for what, tick, kib in rows:
        print(f"  {what:<38} tick {tick:>10,}   {kib / 1024:6.1f} MiB")
    print("  target: at most 50 MB after 100,000 ticks")


def main(argv: list[str]) -> int:
    args = options(
        argv,
        __doc__,
        keys=200,
        idle=0.2,
        runs=7,
        methods=",".join(steppable_methods()),
        size="80x24",
        startup_only=False,
        no_memory=False,
        panes=False,
        lang=None,
        vs=None,
    )
    compile_sources()
    if args.vs is not None:
        args.vs = Path(args.vs).resolve()
        compile_sources(args.vs)
    for size in args.size.split(","):
        measure(args, size)
    if not (args.no_memory or args.startup_only):
        memory(args.idle)
    return 0


if __name__ == "__main__":
    run_main(main)
