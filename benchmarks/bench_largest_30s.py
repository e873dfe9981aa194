"""The Italian Python course's exercise: the largest board each method solves in under 30 s.

Run: ``python benchmarks/bench_largest_30s.py [METHOD ...]`` (or ``python -m benchmarks
largest_30s`` for every method).

Each method walks n upward from 4, solving to the first solution in a fresh process capped at 30 s
(killed when over). A method stops at its first miss, so the whole run takes several minutes: the
figure is "every n up to this one was solved in under 30 s". Times jump around with n (n=22 is much
harder than n=23 for the lexicographic search), so a later n may be solvable too. The naive searches
run here without the command line's 20,000,000-placement limit, and ``random`` (the Italian Python
course's own method for this exercise) is one search seeded with 0.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.home import run_main  # noqa: E402
from solver.registry import kit, queens_methods  # noqa: E402

CAP = 30.0
METHODS = tuple(m for m in queens_methods() if kit(m).searches)  # the formula does not search
START = 4
LAST = 64

CHILD = """
import sys, time
sys.path.insert(0, {root!r})
from solver.runs import run_method
method, n = {method!r}, {n}
started = time.perf_counter()
examined = run_method(method, n).examined  # each method's own kit runs it (random: seed 0)
print(time.perf_counter() - started, examined)
"""


def solve_once(method: str, n: int) -> tuple[float, int] | None:
    """(seconds, candidates examined) for the first solution, or None past the cap."""
    code = CHILD.format(root=str(ROOT), method=method, n=n)
    try:
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=CAP, check=True
        )
    except subprocess.TimeoutExpired:
        return None
    seconds, examined = out.stdout.split()
    return float(seconds), int(examined)


def main(argv: list[str]) -> int:
    methods = argv or list(METHODS)
    unknown = [m for m in methods if m not in METHODS]
    if unknown:
        sys.stderr.write(f"unknown method(s): {', '.join(unknown)}; have: {', '.join(METHODS)}\n")
        return 2
    started = time.monotonic()
    summary = []
    for method in methods:
        best = None
        for n in range(START, LAST + 1):
            result = solve_once(method, n)
            if result is None:
                print(f"{method:<12} n={n:<3} over {CAP:.0f} s: stop", flush=True)
                break
            seconds, examined = result
            best = (n, seconds, examined)
            if seconds > 1:
                line = f"{method:<12} n={n:<3} {seconds:7.2f} s  {examined:>14,} examined"
                print(line, flush=True)
        summary.append((method, best))
    print()
    print(f"largest n with every board from {START} up solved in under {CAP:.0f} s:")
    for method, best in summary:
        if best is None:
            print(f"  {method:<12} none")
        else:
            n, seconds, examined = best
            print(f"  {method:<12} n={n} ({seconds:.2f} s, {examined:,} examined)")
    print(f"whole run: {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    run_main(main)
