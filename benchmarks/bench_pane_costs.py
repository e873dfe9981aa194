"""Where a key's time goes on the main screen: the cost of each pane in one frame.

The key-to-frame benchmark (bench_tui_latency.py) gives the whole; this one splits the part
that grows with the screen. Textual draws every pane of the screen in every frame, from its
cache of lines for the lines that did not change, and styles again (border, padding, colours)
each line a pane marked as changed. So a frame costs a fixed amount per pane plus an amount per
changed line, on top of our own ``render_line``.

Measured in-process (``App.run_test`` at 80x24, the recursive method on n = 8 after 30 ticks),
for each pane, through Textual's public API (``refresh`` with a region, ``render_lines``):

* a frame of the pane with nothing changed (``render_lines`` over the whole pane);
* the same with one content line marked changed (``refresh(region)`` first): the extra is what
  one changed line costs, Textual's styling of it and our ``render_line``, which finds the row
  in its cache of drawn rows here;
* our ``render_line`` alone, for that line.

Then the view model and the widgets for one tick (``MainScreen.show``), the mean over a run of
300 ticks played 7 times (the quickest of the 7 means).

Run: ``python benchmarks/bench_pane_costs.py`` (or ``python -m benchmarks pane_costs``).
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual.geometry import Region
from textual.widget import Widget

from benchmarks.home import run_main
from tui.app import QueensTutorApp
from tui.screens.main_screen import MainScreen

REPEATS = 3000


def per_call(action: object, repeats: int = REPEATS) -> float:
    """Microseconds per call of ``action`` (a function of no arguments)."""
    assert callable(action)
    started = time.perf_counter()
    for _ in range(repeats):
        action()
    return (time.perf_counter() - started) / repeats * 1e6


def pane_costs(pane: Widget) -> tuple[float, float, float]:
    """(a frame of the pane with nothing changed, the extra for one changed line, our
    render_line for that line), in microseconds."""
    width, height = pane.outer_size
    whole = Region(0, 0, width, height)
    line = Region(0, 1, width, 1)
    clean = per_call(lambda: pane.render_lines(whole))

    def one_changed() -> None:
        pane.refresh(line)
        pane.render_lines(whole)

    changed = per_call(one_changed)
    return clean, changed - clean, per_call(lambda: pane.render_line(0))


async def measure() -> None:
    app = QueensTutorApp(8, method="recursive")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MainScreen)
        for _ in range(30):
            screen.session.tick_forward()
        screen.show()
        await pilot.pause()
        print("recursive -n 8 at 80x24, microseconds (mean of 3,000 calls)")
        print(
            f"  {'pane':10} {'size':>6}  {'frame, unchanged':>16}  {'+ one changed line':>18}  "
            f"{'our render_line':>15}"
        )
        total = 0.0
        for pane in screen.children:
            assert isinstance(pane, Widget)
            clean, line, ours = pane_costs(pane)
            total += clean
            size = f"{pane.outer_size.width}x{pane.outer_size.height}"
            name = pane.id or type(pane).__name__
            print(f"  {name:10} {size:>6}  {clean:16.1f}  {line:18.1f}  {ours:15.1f}")
        print(f"  every pane, nothing changed: {total:.0f} us a frame")

        means = []
        for _ in range(7):
            screen.session.reset()
            spent = 0.0
            for _ in range(300):
                screen.session.tick_forward()
                started = time.perf_counter()
                screen.show()
                spent += time.perf_counter() - started
                await pilot.pause()
            means.append(spent / 300 * 1e6)
        print(f"  view model and widgets for one tick (MainScreen.show): {min(means):.0f} us")


if __name__ == "__main__":
    run_main(lambda _argv: asyncio.run(measure()))
