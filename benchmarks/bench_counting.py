"""Counting n=14, 15, 16: both engines, the C reference, a local Dask cluster, unique counts.

Run: ``python benchmarks/bench_counting.py [N ...]`` (or ``python -m benchmarks counting``;
default 14 15 16; 13 minutes on a busy 2-core machine, most of it pure Python's n=16).

The references share nothing with ``solver/``: the textbook recursive bit-mask counter with the
mirror trick in pure Python (n=14 only), and the same algorithm in C, built with ``cc -O2`` in a
temporary folder, timed, and deleted. For each n: ``solver.counting.bitmask.count`` with the
pure-Python
engine and with the compiled one (numba), on the process pool (one worker per core); the
compiled engine on a Dask LocalCluster of two worker processes on 127.0.0.1 (started before the
timing, workers warmed up); the unique count (eight-fold symmetry) against the plain count; and
``queens-tutor count N`` end to end (a fresh process: loading numba's cached kernels, the
estimate, the count). Then the compiled engine's first-run cost: compiling the kernels into an
empty cache, and loading them from the cache.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness import best_of
from benchmarks.home import run_main
from solver.counting.bitmask import count, default_workers

SIZES = (14, 15, 16)


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


def c_binary(folder: str) -> Path | None:
    compiler = shutil.which("cc")
    if compiler is None:
        return None
    source = Path(folder) / "queens.c"
    binary = Path(folder) / "queens"
    source.write_text(C_SOURCE)
    subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], check=True)
    return binary


def run_c(binary: Path, n: int) -> int:
    out = subprocess.run([str(binary), str(n)], capture_output=True, text=True, check=True)
    return int(out.stdout)


def cli_seconds(n: int) -> float:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "tui", "count", str(n)], check=True, capture_output=True, text=True
    )
    return time.perf_counter() - started


def first_run_cost() -> tuple[float, float]:
    """(seconds to import numba and compile the kernels into an empty cache, to load them)."""
    code = "from solver.counting.compiled import load; load()"
    here = str(Path(__file__).resolve().parent.parent)
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache, "PYTHONPATH": here}
        times = []
        for _ in range(2):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True, env=env)
            times.append(time.perf_counter() - started)
    return times[0], times[1]


def row(label: str, seconds: float, note: str = "") -> None:
    print(f"  {label:<36} {seconds:8.2f} s   {note}".rstrip())


def repeats(n: int) -> int:
    return 2 if n <= 15 else 1


def main(argv: list[str]) -> int:
    sizes = [int(a) for a in argv] or list(SIZES)
    print(f"count on {default_workers()} core(s); load average {os.getloadavg()}")
    from distributed import Client, LocalCluster

    from solver.counting.cluster import cluster_runner

    with (
        tempfile.TemporaryDirectory() as folder,
        LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            host="127.0.0.1",
            dashboard_address=None,
            silence_logs=50,
        ) as local,
        Client(local.scheduler_address, set_as_default=False) as client,
    ):
        binary = c_binary(folder)
        runner = cluster_runner(client)
        count(12, runner=runner, engine="compiled")  # the workers load numba's kernels
        for n in sizes:
            r = repeats(n)
            py, value = best_of(r, lambda n=n: count(n, engine="python").solutions)
            comp, v2 = best_of(r, lambda n=n: count(n, engine="compiled").solutions)
            dask, v3 = best_of(r, lambda n=n: count(n, engine="compiled", runner=runner).solutions)
            uniq, v4 = best_of(r, lambda n=n: count(n, True, engine="compiled").solutions)
            upy, v5 = best_of(1, lambda n=n: count(n, True, engine="python").solutions)
            cli = cli_seconds(n)
            assert value == v2 == v3 == v4 == v5
            print(f"n={n}: {value} solutions (best of {r})")
            row("pure Python, process pool", py)
            row("compiled, process pool", comp, f"{py / comp:.1f}x faster than pure Python")
            row("compiled, Dask: 2 local workers", dask, f"{dask / comp:.2f}x the pool's time")
            row("unique (8-fold symmetry), compiled", uniq, f"{uniq / comp:.2f}x the plain count")
            row("unique (8-fold symmetry), Python", upy, f"{upy / py:.2f}x the plain count")
            row(f"queens-tutor count {n} (end to end)", cli)
            if binary is not None:
                c_time, c_value = best_of(r, lambda n=n: run_c(binary, n))
                assert c_value == value
                row("C reference (cc -O2, one process)", c_time)
                print(
                    f"  ratios to C: compiled pool {comp / c_time:.2f}, pure Python pool "
                    f"{py / c_time:.1f}, end to end {cli / c_time:.2f}"
                )
            if n == 14:
                ref, ref_value = best_of(1, lambda: reference_count(14))
                assert ref_value == value
                row("plain pure-Python reference", ref, f"{py / ref:.2f}: the pool's ratio")
        if binary is None:
            print("C reference: no C compiler (cc) found, skipped")
    compile_s, load_s = first_run_cost()
    print(
        f"compiled engine, first run: import numba + compile {compile_s:.1f} s; "
        f"from the cache {load_s:.1f} s"
    )
    print(f"load average at the end {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    run_main(main)
