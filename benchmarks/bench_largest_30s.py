"""Seed 003's exercise: the largest board each backtracking method solves in under 30 s.

Run: ``python benchmarks/bench_largest_30s.py`` (or ``python -m benchmarks largest_30s``).

Each method walks n upward from 4, solving to the first solution in a fresh process capped at
30 s (killed when over). A method stops at its first miss, so the whole run takes a few minutes:
the figure is "every n up to this one was solved in under 30 s". Times jump around with n
(n=22 is much harder than n=23 for the lexicographic search), so a later n may be solvable too.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CAP = 30.0
METHODS = ("iterative", "recursive", "scan", "general")
START = 4
LAST = 64

CHILD = """
import sys, time
sys.path.insert(0, {root!r})
from solver.methods import run_method
started = time.perf_counter()
result = run_method({method!r}, {n})
print(time.perf_counter() - started, result.examined)
"""


def solve_once(method: str, n: int) -> tuple[float, int] | None:
    """(seconds, squares tested) for the first solution, or None past the cap."""
    code = CHILD.format(root=str(ROOT), method=method, n=n)
    try:
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=CAP, check=True
        )
    except subprocess.TimeoutExpired:
        return None
    seconds, examined = out.stdout.split()
    return float(seconds), int(examined)


def main() -> int:
    started = time.monotonic()
    summary = []
    for method in METHODS:
        best = None
        for n in range(START, LAST + 1):
            result = solve_once(method, n)
            if result is None:
                print(f"{method:<10} n={n:<3} over {CAP:.0f} s: stop", flush=True)
                break
            seconds, examined = result
            best = (n, seconds, examined)
            if seconds > 1:
                line = f"{method:<10} n={n:<3} {seconds:7.2f} s  {examined:>12,} squares"
                print(line, flush=True)
        summary.append((method, best))
    print()
    print(f"largest n with every board from {START} up solved in under {CAP:.0f} s:")
    for method, best in summary:
        if best is None:
            print(f"  {method:<10} none")
        else:
            n, seconds, examined = best
            print(f"  {method:<10} n={n} ({seconds:.2f} s, {examined:,} squares tested)")
    print(f"whole run: {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
