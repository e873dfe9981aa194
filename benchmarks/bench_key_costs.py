"""Where a key's time goes, in-process: the floor, six panes, and the tutor with and without
its widget updates.

The terminal benchmark (bench_tui_latency.py) measures wall time through a pseudo-terminal;
this one runs each app with ``App.run_test`` at 80x24 and presses ``space`` through Pilot,
and reports the process CPU time per key (best of ``--runs`` runs of ``--keys`` keys, after 10
keys not counted). Pilot adds a cost to every key that grows with the number of widgets (its
wait for the screen to settle posts a callback to every widget: 8 a key for the tutor, 2 for the
floor), so these figures overstate a many-pane app; the terminal benchmark's are the ones the
budget is about. What this one tells apart is where the tutor's own time goes:

* the floor: one ``Static`` showing ``count N`` (the terminal benchmark's floor);
* six panes: benchmarks/six_panes_app.py (the main screen's grid, one line changed per pane);
* the tutor (``QueensTutorApp``, each ``--methods`` method at ``-n 8``);
* the tutor whose ``MainScreen.show`` only computes the frame (the view model), updating no
  widget: what the widgets' updates and the lines they change cost is the difference.

Run: ``python benchmarks/bench_key_costs.py`` (or ``python -m benchmarks key_costs``).
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual.app import App

from benchmarks.floor_app import Floor
from benchmarks.harness import options
from benchmarks.home import run_main
from benchmarks.six_panes_app import SixPanes
from solver.views.views import narration_text
from tui.app import QueensTutorApp
from tui.screens.main_screen import MainScreen


async def cpu_per_key(make: Callable[[], App[None]], keys: int, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        async with make().run_test(size=(80, 24)) as pilot:
            for _ in range(10):
                await pilot.press("space")
            await pilot.pause()
            start = time.process_time()
            for _ in range(keys):
                await pilot.press("space")
            await pilot.pause()
            best = min(best, (time.process_time() - start) / keys)
    return best


def frame_only(screen: MainScreen) -> None:
    """``MainScreen.show`` without the widgets: the session's frame is computed, not shown."""
    narration_text(screen.session.frame())


async def measure(keys: int, runs: int, methods: list[str]) -> None:
    floor = await cpu_per_key(Floor, keys, runs)
    rows = [
        ("floor (one Static)", floor),
        ("six panes, 1 line each", await cpu_per_key(SixPanes, keys, runs)),
    ]
    shown = MainScreen.show
    for method in methods:

        def tutor(method: str = method) -> App[None]:
            return QueensTutorApp(n=8, method=method)

        rows.append((f"{method} -n 8", await cpu_per_key(tutor, keys, runs)))
        MainScreen.show = frame_only  # type: ignore[method-assign]
        try:
            rows.append((f"{method} -n 8, frame only", await cpu_per_key(tutor, keys, runs)))
        finally:
            MainScreen.show = shown  # type: ignore[method-assign]
    print(f"80x24, Pilot, CPU time per key (best of {runs} x {keys} keys):")
    for name, seconds in rows:
        print(f"  {name:<32} {seconds * 1000:6.2f} ms   ratio to floor {seconds / floor:.2f}")


def main(argv: list[str]) -> int:
    args = options(argv, __doc__, keys=400, runs=3, methods="iterative,recursive")
    asyncio.run(measure(args.keys, args.runs, args.methods.split(",")))
    return 0


if __name__ == "__main__":
    run_main(main)
