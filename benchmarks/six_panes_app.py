"""The lowest cost of the tutor's frame that Textual allows, for the key-to-frame benchmark
(``bench_tui_latency.py --panes``): the main screen's grid of panes (tui/styles/main.tcss), each
a Line API widget that changes one line per key, five lines a key, where a tick of the tutor
changes 8 to 14 (the tried square's rows, b[], the code line, the narration, the tick). Its
ratio to the one-Static floor is what the layout alone costs, before the tutor draws anything.

Run by the benchmark as ``python benchmarks/six_panes_app.py``; ``space`` adds one, ``q`` quits.
"""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


class Pane(Widget):
    """Shows ``count N`` on its first line; a bump repaints that line only."""

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self.count = 0

    def bump(self, count: int) -> None:
        self.count = count
        self.refresh(Region(0, 0, self.size.width, 1))  # one line marked changed, no layout

    def render_line(self, y: int) -> Strip:
        text = f"count {self.count}" if y == 0 else ""
        return Strip([Segment(text.ljust(self.size.width))])


class SixPanes(App[None]):
    CSS = """
    Screen { layout: grid; grid-size: 2 4; grid-columns: 1fr 44; grid-rows: auto 1fr 6 5; }
    #board { row-span: 2; height: 100%; border: round $primary; }
    #table { height: 5; border: round $secondary; }
    #code { row-span: 2; height: 100%; border: round $secondary; }
    #status { height: 6; }
    #narration { column-span: 2; height: 5; border: round $accent; }
    #keys { column-span: 2; height: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [("space", "bump", "bump"), ("q", "quit", "quit")]

    def compose(self) -> ComposeResult:
        self.count = 0
        for name in ("board", "table", "code", "status", "narration", "keys"):
            yield Pane(id=name)

    def action_bump(self) -> None:
        self.count += 1
        for pane in self.query(Pane):
            if pane.id != "keys":
                pane.bump(self.count)


if __name__ == "__main__":
    SixPanes().run()
