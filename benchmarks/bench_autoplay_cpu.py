"""Autoplay's cost: the tutor's CPU while autoplay runs at its top speed, against ticks and frames.

Run: ``python benchmarks/bench_autoplay_cpu.py`` (or ``python -m benchmarks autoplay_cpu``);
``--seconds S`` (default 8) and ``--rounds N`` (default 3) change the defaults.

Method. ``queens-tutor -n 32`` (first-solution mode: its first solution is millions of ticks
away) on a fresh 80x24 pseudo-terminal, as bench_tui_latency.py starts it (this working tree's
code, compiled first). ``+`` is pressed 8 times (10,000 ticks/s), then ``p``; after 1 s of
warm-up the benchmark reads the terminal for S seconds and counts the process's CPU time
(utime + stime from /proc/PID/stat, all its threads: the worker that plays the ticks and the
one that builds and draws frames), the ticks played (``tick N`` on screen at both ends) and the
frames that reached the terminal (the reads that contain a ``tick`` status, at most one a
read). Printed per round and as the median: CPU in cores (CPU seconds per second), ticks per
second, frames per second.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_tui_latency import compile_sources, last_number, start, tutor_argv
from benchmarks.pty_terminal import visible_text

TICKS_PER_CLOCK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """The process's user + system CPU time so far (all threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS_PER_CLOCK


def one_round(seconds: float, idle: float) -> tuple[float, float, float]:
    """(cores, ticks per second, frames per second) of one autoplay of ``seconds``."""
    program, _ = start(tutor_argv(32), "tick", idle)
    try:
        for _ in range(8):
            program.write(b"+")
            program.burst(idle)
        program.write(b"p")
        program.burst(idle=0.05, timeout=1.0)  # warm-up: autoplay under way
        first_tick = last_number("tick", visible_text(program.transcript[-20000:]))
        cpu0, wall0 = cpu_seconds(program.pid), time.perf_counter()
        frames = 0
        deadline = wall0 + seconds
        while time.perf_counter() < deadline:
            got = program._read(deadline - time.perf_counter())
            if got is not None and b"tick" in got[0]:
                frames += 1
        cpu1, wall1 = cpu_seconds(program.pid), time.perf_counter()
        last_tick = last_number("tick", visible_text(program.transcript[-20000:]))
        program.write(b"p")
    finally:
        program.quit()
    elapsed = wall1 - wall0
    played = (last_tick or 0) - (first_tick or 0)
    return (cpu1 - cpu0) / elapsed, played / elapsed, frames / elapsed


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--idle", type=float, default=0.2)
    args = parser.parse_args(argv)
    compile_sources()
    rows = []
    for number in range(1, args.rounds + 1):
        cores, ticks, frames = one_round(args.seconds, args.idle)
        rows.append((cores, ticks, frames))
        print(
            f"round {number}: {cores:.2f} cores, {ticks:,.0f} ticks/s, {frames:.0f} frames/s",
            flush=True,
        )
    cores, ticks, frames = (statistics.median(column) for column in zip(*rows, strict=True))
    print(f"median: {cores:.2f} cores, {ticks:,.0f} ticks/s, {frames:.0f} frames/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
