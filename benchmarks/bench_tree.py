"""The search tree beside the board (key t): what one tick costs the view model.

Each tick the main screen hands the engine's snapshot to the tree's follower, which replays
the tick on its own engine and rebuilds the tree's lines. Measured over the whole all-solutions
search of n = 6 (1,048 ticks, 894 nodes at the end): forward tick by tick, then back.

Run: ``python benchmarks/bench_tree.py`` (or ``python -m benchmarks tree``).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness import p95
from benchmarks.home import run_main
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.registry import stepped
from solver.tree.view import TreeFollower
from tui.widgets.tree_pane import UNICODE_CHARS


def per_tick(n: int = 6) -> tuple[list[float], list[float], int]:
    engine = IterativeEngine(n, Mode.ALL)
    follower = TreeFollower(UNICODE_CHARS)
    kit = stepped("iterative")
    follower.frame(kit, engine.snapshot())
    forward: list[float] = []
    while engine.step() is not None:
        started = time.perf_counter()
        frame = follower.frame(kit, engine.snapshot())
        forward.append(time.perf_counter() - started)
    assert frame is not None
    nodes = len(frame.lines) - 1
    backward: list[float] = []
    while engine.back():
        started = time.perf_counter()
        follower.frame(kit, engine.snapshot())
        backward.append(time.perf_counter() - started)
    return forward, backward, nodes


def main(_argv: list[str]) -> None:
    forward, backward, nodes = per_tick()
    for name, times in (("forward", forward), ("back", backward)):
        ms = [t * 1000 for t in times]
        print(
            f"n=6 all, {name}: {len(ms)} ticks, median {statistics.median(ms):.2f} ms, "
            f"p95 {p95(ms):.2f} ms, max {max(ms):.2f} ms (tree of {nodes} nodes at the end)"
        )


if __name__ == "__main__":
    run_main(main)
