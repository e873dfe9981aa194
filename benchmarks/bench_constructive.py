"""The explicit placement for n = 1,000,000: build it, verify it with the O(n) checker, time.

Run: ``python benchmarks/bench_constructive.py`` (or ``python -m benchmarks constructive``).
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness import best_of
from benchmarks.home import run_main
from solver.checker import is_valid
from solver.methods.constructive.construction import construct

SIZES = (1_000_000, 1_000_004, 1_000_005)  # n mod 6 = 4, 2, 3: each branch of the formula


def main(_argv: list[str]) -> int:
    for n in SIZES:
        best_build, b = best_of(3, partial(construct, n))
        best_check, valid = best_of(3, partial(is_valid, b))
        assert valid, n
        print(
            f"n={n:,} (n mod 6 = {n % 6}): placed in {best_build:.3f} s, verified valid in "
            f"{best_check:.3f} s, total {best_build + best_check:.3f} s (best of 3)"
        )
    return 0


if __name__ == "__main__":
    run_main(main)
