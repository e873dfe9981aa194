"""The lowest cost of the tutor's frame that Textual allows, for the key-to-frame benchmark
(``bench_tui_latency.py --panes``): the main screen's grid of panes (tui/styles/main.tcss), each
a Line API widget that changes one line per key, five lines a key, where a tick of the tutor
changes 8 to 14 (the tried square's rows, b[], the code line, the narration, the tick). Its
ratio to the one-Static floor is what the layout alone costs, before the tutor draws anything.

With ``--tutor-lines`` each pane changes as many lines a key as a tick of the tutor changes in it
(iterative -n 8, counted with Pilot: board 5, b[] 2, narration 2, status 1, code 1), and the
board's lines are styled as a board's are (a square's own background, light and dark by turns,
a coloured glyph): what the tutor's frame costs in Textual when everything our code does
before Textual draws (engine, view model, widget updates) is taken away.

Run by the benchmark as ``python benchmarks/six_panes_app.py [--tutor-lines]``; ``space`` adds
one, ``q`` quits.
"""

from __future__ import annotations

import sys
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

TUTOR_LINES = {"board": 5, "table": 2, "code": 1, "status": 1, "narration": 2}
"""Lines a tick of the tutor changes in each pane (iterative -n 8, ``--tutor-lines``)."""

LIGHT = Style(bgcolor="#3b4252")
DARK = Style(bgcolor="#2e3440")
QUEEN = Style(color="#ebcb8b", bold=True)


class Pane(Widget):
    """Shows ``count N`` on its first line; a bump repaints that line only (with
    ``lines``, that many lines, the first of them moving down one line a key)."""

    def __init__(self, *, id: str, lines: int = 1, board: bool = False) -> None:
        super().__init__(id=id)
        self.count = 0
        self.lines = lines
        self.board = board

    def bump(self, count: int) -> None:
        self.count = count
        width = self.size.width
        if self.lines == 1:
            self.refresh(Region(0, 0, width, 1))  # one line marked changed, no layout
            return
        # The first line always (it says the count), then lines-1 others that move each key.
        height = max(self.size.height - 1, 1)
        others = [1 + (count + step * 2) % height for step in range(self.lines - 1)]
        self.refresh(*(Region(0, y, width, 1) for y in [0, *others]))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y == 0:
            return Strip([Segment(f"count {self.count}".ljust(width))])
        if not self.board:
            return Strip([Segment(f"line {y} at {self.count}".ljust(width))])
        # Eight squares of three cells, each with its background; one holds a coloured queen.
        segments = [Segment(f"{y:>2} ")]
        for square in range(8):
            background = LIGHT if (square + y) % 2 else DARK
            if square == (self.count + y) % 8:
                segments += [Segment(" ", background), Segment("Q", background + QUEEN)]
                segments.append(Segment(" ", background))
            else:
                segments.append(Segment(" . ", background))
        return Strip(segments).adjust_cell_length(width)


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

    def __init__(self, tutor_lines: bool = False) -> None:
        super().__init__()
        self.tutor_lines = tutor_lines

    def compose(self) -> ComposeResult:
        self.count = 0
        for name in ("board", "table", "code", "status", "narration", "keys"):
            lines = TUTOR_LINES.get(name, 1) if self.tutor_lines else 1
            yield Pane(id=name, lines=lines, board=self.tutor_lines and name == "board")

    def action_bump(self) -> None:
        self.count += 1
        for pane in self.query(Pane):
            if pane.id != "keys":
                pane.bump(self.count)


if __name__ == "__main__":
    SixPanes(tutor_lines="--tutor-lines" in sys.argv[1:]).run()
