"""The main screen's grid of six Line API panes, for the key-to-frame benchmark's ``--panes``:
each pane changes one line a key; with ``--tutor-lines``, as many lines as a tick of the tutor
changes in it (iterative -n 8), the board's styled as a board's. ``space`` adds one, ``q``
quits."""

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
LIGHT = Style(bgcolor="#3b4252")
DARK = Style(bgcolor="#2e3440")
QUEEN = Style(color="#ebcb8b", bold=True)


class Pane(Widget):
    """Shows ``count N`` on its first line; a bump repaints ``lines`` lines: the first and
    others that move down a line a key."""

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
        height = max(self.size.height - 1, 1)
        others = [1 + (count + step * 2) % height for step in range(self.lines - 1)]
        self.refresh(*(Region(0, y, width, 1) for y in [0, *others]))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y == 0:
            return Strip([Segment(f"count {self.count}".ljust(width))])
        if not self.board:
            return Strip([Segment(f"line {y} at {self.count}".ljust(width))])
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
