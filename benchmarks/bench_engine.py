"""The engines: the default engine's (the Wrocław loop's) ticks/s, step-back cost deep in the
history, history size and start-up; then every steppable engine of the registry side by side
(ticks/s, one step back deep in a run, memory kept per tick).

Run: ``python benchmarks/bench_engine.py`` (or ``python -m benchmarks engine``).
"""

from __future__ import annotations

import gc
import shutil
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness import best_of, timed
from benchmarks.home import run_main
from solver.registry import DEFAULT_METHOD, make_engine, steppable_methods, stepped
from solver.stepping import Mode, SteppableSearch, Stop

MAZE = "random:1:31x31"
"""The maze a method that is no queens method searches here (its own size: n is ignored)."""


def ticks_per_second(n: int = 10, repeats: int = 5) -> tuple[float, int]:
    def run() -> int:
        engine = make_engine(DEFAULT_METHOD, n, Mode.ALL)
        engine.run(Stop.END)
        return engine.tick

    best, ticks = best_of(repeats, run)
    return ticks / best, ticks


def startup(command: list[str], runs: int = 15) -> float:
    return timed(lambda: subprocess.run(command, check=True, capture_output=True), runs)[0]


def _engine(method: str, n: int, mode: Mode) -> SteppableSearch:
    return make_engine(method, n, mode, None if stepped(method).queens else MAZE)


def engine_rate(method: str, n: int = 8, seconds: float = 0.3, rounds: int = 5) -> float:
    """Ticks per second of whole all-solutions searches (n x n, or :data:`MAZE`), replayed from
    a reset for about ``seconds`` a round; the best of ``rounds``."""
    engine = _engine(method, n, Mode.ALL)
    best = 0.0
    for _ in range(rounds):
        ticks = 0
        started = time.perf_counter()
        while (took := time.perf_counter() - started) < seconds:
            engine.reset()
            engine.run(Stop.END)
            ticks += engine.tick
        best = max(best, ticks / took)
    return best


def back_cost(
    method: str, at_tick: int = 100_000, n: int = 12, backs: int = 10, rounds: int = 5_000
) -> tuple[float, int]:
    """Seconds per back() about ``at_tick`` ticks into an all-solutions search of n x n (or at
    its end, when it is shorter), and the tick it stepped back from."""
    engine = _engine(method, n, Mode.ALL)
    engine.run(Stop.END, max_ticks=at_tick)
    total = 0.0
    for _ in range(rounds):
        started = time.perf_counter()
        for _ in range(backs):
            engine.back()
        total += time.perf_counter() - started
        engine.run(Stop.END, max_ticks=backs)
    return total / (backs * rounds), engine.tick


def bytes_per_tick(method: str, ticks: int = 100_000) -> tuple[float, int]:
    """Memory an engine grows by per tick over ``ticks`` ticks of a first-solution search of
    n = 30 (no solution is stored on the way), and the ticks it played."""
    gc.collect()
    tracemalloc.start()
    engine = _engine(method, 30, Mode.FIRST)
    before = tracemalloc.get_traced_memory()[0]
    engine.run(Stop.END, max_ticks=ticks)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / max(engine.tick, 1), engine.tick


def every_engine() -> None:
    print("every steppable engine (all-solutions n=8 or the maze " + MAZE + "):")
    for method in steppable_methods():
        rate = engine_rate(method)
        back, at = back_cost(method)
        per_tick, ticks = bytes_per_tick(method)
        print(
            f"  {method:<10} {rate:>12,.0f} ticks/s   back {back * 1e9:>5.0f} ns at tick "
            f"{at:>7,}   {per_tick:6.2f} bytes a tick over {ticks:,} ticks"
        )


def main(_argv: list[str]) -> None:
    rate, ticks = ticks_per_second()
    print(f"all-solutions n=10: {ticks:,} ticks, {rate:,.0f} ticks/s (target >= 1,000,000)")
    shallow, _ = back_cost(DEFAULT_METHOD, 10, n=14, rounds=20_000)
    deep, _ = back_cost(DEFAULT_METHOD, 1_000_000, n=14, rounds=20_000)
    print(
        f"step back: {shallow * 1e9:.0f} ns at tick 10, {deep * 1e9:.0f} ns at tick 1,000,000 "
        f"(ratio deep/shallow {deep / shallow:.2f}, target ~1)"
    )
    history = bytes_per_tick(DEFAULT_METHOD, 1_000_000)[0]
    print(f"history: {history:.2f} bytes per tick (target <= 16)")
    every_engine()
    # The console script beside this interpreter (a version manager's shim on PATH would add
    # its own start-up time to ours).
    beside = Path(sys.executable).with_name("queens-tutor")
    exe = str(beside) if beside.exists() else shutil.which("queens-tutor")
    floor = startup([sys.executable, "-c", "pass"])
    if exe:
        count8 = startup([exe, "count", "8"])
        print(
            f"start-up of `queens-tutor count 8`: {count8 * 1000:.0f} ms median "
            f"(bare `python -c pass`: {floor * 1000:.0f} ms; target well under 200 ms)"
        )
    else:
        print("start-up: `queens-tutor` is not installed (pip install -e .), skipped")


if __name__ == "__main__":
    run_main(main)
