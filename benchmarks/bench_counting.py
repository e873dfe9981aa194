"""Counting n=14: ``solver.counting`` vs a plain pure-Python bit-mask counter and a C one.

Run: ``python benchmarks/bench_counting.py`` (or ``python -m benchmarks counting``).

The reference is the textbook recursive bit-mask counter with the mirror trick, in one process,
written here so the comparison is against code that shares nothing with ours. When a C compiler
(``cc``) is present, the same algorithm in C is built in a temporary folder, timed, and deleted.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.counting import count, default_workers

N = 14


def reference_count(n: int) -> int:
    """Plain single-process pure-Python bit-mask counter with the mirror trick."""
    full = (1 << n) - 1

    def solve(cols: int, ld: int, rd: int) -> int:
        if cols == full:
            return 1
        total = 0
        avail = full & ~(cols | ld | rd)
        while avail:
            bit = avail & -avail
            avail ^= bit
            total += solve(cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1)
        return total

    total = 0
    for c in range(n // 2):
        bit = 1 << c
        total += 2 * solve(bit, (bit << 1) & full, bit >> 1)
    if n % 2:
        bit = 1 << (n // 2)
        total += solve(bit, (bit << 1) & full, bit >> 1)
    return total


C_SOURCE = r"""
#include <stdio.h>
#include <stdlib.h>
static int n; static unsigned full;
static long long solve(unsigned cols, unsigned ld, unsigned rd) {
    if (cols == full) return 1;
    long long total = 0;
    unsigned avail = full & ~(cols | ld | rd);
    while (avail) {
        unsigned bit = avail & -avail;
        avail ^= bit;
        total += solve(cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1);
    }
    return total;
}
int main(int argc, char **argv) {
    n = atoi(argv[1]); full = (1u << n) - 1;
    long long total = 0;
    for (int c = 0; c < n / 2; c++) {
        unsigned b = 1u << c;
        total += 2 * solve(b, (b << 1) & full, b >> 1);
    }
    if (n % 2) { unsigned b = 1u << (n / 2); total += solve(b, (b << 1) & full, b >> 1); }
    printf("%lld\n", total);
    return 0;
}
"""


def best_of(repeats: int, work: Callable[[], int]) -> tuple[float, int]:
    best = float("inf")
    value = 0
    for _ in range(repeats):
        started = time.perf_counter()
        value = work()
        best = min(best, time.perf_counter() - started)
    return best, value


def c_reference(n: int, repeats: int) -> tuple[float, int] | None:
    compiler = shutil.which("cc")
    if compiler is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "queens.c"
        binary = Path(folder) / "queens"
        source.write_text(C_SOURCE)
        subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], check=True)

        def run() -> int:
            out = subprocess.run([str(binary), str(n)], capture_output=True, text=True, check=True)
            return int(out.stdout)

        return best_of(repeats, run)


def main() -> int:
    print(f"count n={N} on {default_workers()} core(s)")
    ours, ours_value = best_of(3, lambda: count(N).solutions)
    one, one_value = best_of(3, lambda: count(N, workers=1).solutions)
    ref, ref_value = best_of(2, lambda: reference_count(N))
    assert ours_value == one_value == ref_value
    print(f"  solver.counting (all cores)        {ours:8.3f} s   {ours_value} solutions")
    print(f"  solver.counting (one process)      {one:8.3f} s")
    print(f"  plain pure-Python reference        {ref:8.3f} s")
    print(f"  ratio ours/reference               {ours / ref:8.3f}  (one process: {one / ref:.3f})")
    c = c_reference(N, 3)
    if c is None:
        print("  C reference: no C compiler (cc) found, skipped")
    else:
        c_time, c_value = c
        assert c_value == ours_value
        print(f"  C reference (cc -O2, one process)  {c_time:8.3f} s")
        print(f"  ratio ours/C                       {ours / c_time:8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
