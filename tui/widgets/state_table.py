"""The method's state in its notes' shape: each array a row of cells, a marker under the current
entry, and the call stack under them (newest frame first).

i    │  0  1  2  3
b[i] │  0  2 -1 -1
     │     ▶ k = 1
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

from textual.geometry import Region
from textual.reactive import reactive

from tui.viewmodel.frame import CellMark, TableRow, Tables
from tui.widgets.lines_view import Cell, LinesView, Row

_STYLE = {
    CellMark.PLAIN: ("state-table--value",),
    CellMark.CURRENT: ("state-table--value", "state-table--current"),
    CellMark.READ: ("state-table--value", "state-table--read"),
    CellMark.CHANGED: ("state-table--value", "state-table--changed"),
    CellMark.STALE: ("state-table--stale",),
}


@lru_cache(maxsize=8192)
def _cell(text: str, mark: CellMark, width: int, brackets: tuple[str, str]) -> Cell:
    """One cell ``width`` columns wide; a cell the last tick read stands in brackets."""
    if mark is CellMark.READ:
        left, right = brackets
        return f"{left}{text:>{width - 2}}{right}", _STYLE[mark]
    return f"{text:>{width}}", _STYLE[mark]


class StateTable(LinesView):
    """Draws :attr:`tables`; scrolls sideways to keep the focus column in view."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "state-table--head",
        "state-table--value",
        "state-table--current",
        "state-table--read",
        "state-table--changed",
        "state-table--stale",
        "state-table--marker",
        "state-table--stack",
    }

    tables: reactive[Tables | None] = reactive(None, repaint=False)
    """The state to draw; None draws nothing. The watcher repaints only what changed."""

    _shape: tuple[int, int, int] = (0, 0, 0)
    _high_lines = 0
    _high_width = 0
    _drawn: dict[int, tuple[TableRow, int, int, str, Row]] | None = None
    """The row drawn at each position and what it was drawn with: a tick changes one or two
    arrays, and a view hands the same row object again for an array that did not change."""

    def _row(self, at: int, row: TableRow, head: int, width: int, rule: str) -> Row:
        drawn = self._drawn
        if drawn is None:
            drawn = self._drawn = {}
        before = drawn.get(at)
        if (
            before is not None
            and before[1:4] == (head, width, rule)
            and (before[0] is row or before[0] == row)
        ):
            return before[4]
        brackets = self.glyphs.read
        shown = Row(
            ((f"{row.label:<{head}}{rule}", ("state-table--head",)),),
            tuple(_cell(c.text, c.mark, width, brackets) for c in row.cells),
        )
        drawn[at] = (row, head, width, rule, shown)
        return shown

    def watch_tables(self, tables: Tables | None) -> None:
        if tables is None:
            self.show_rows(())
            return
        rule = "|" if self.glyphs.ascii else "│"
        head = max((len(row.label) for row in tables.rows), default=0) + 1
        width = max((len(c.text) for row in tables.rows for c in row.cells), default=1)
        width += 2 if tables.reads else 1
        title = ("state-table--head",)
        rows = [self._row(at, row, head, width, rule) for at, row in enumerate(tables.rows)]
        focus = tables.focus
        widest = max((len(row.cells) for row in tables.rows), default=0) * width
        keep_x = 0 if focus is None else focus * width
        keep_width = width + 8
        if tables.marker:
            # Under the focus column; a marker that would run past the last column ends there
            # instead (the columns in view when the table is scrolled to its end).
            text = f"{self.glyphs.marker} {tables.marker}"
            at = 0 if focus is None else focus * width + width - 1
            if at + len(text) > widest:
                at = max(widest - len(text), 0)
                keep_x, keep_width = at, len(text)
            marker = ((" " * at + text, ("state-table--marker",)),)
            rows.append(Row(((f"{'':<{head}}{rule}", title),), marker))
        for index, line in enumerate(tables.lines):
            mark = f"{self.glyphs.marker} " if index == 0 else "  "
            rows.append(
                Row(((mark, ("state-table--marker",)),), ((line, ("state-table--stack",)),))
            )
        # The call stack grows and shrinks on every tick: the view keeps room for the deepest
        # stack the method can reach on this board (blank lines under a shorter one), and for
        # the largest size seen for this shape of table, so a tick repaints lines instead of
        # laying the pane out again and drawing the new line a frame later.
        shape = (len(tables.rows), widest, head)
        if shape != self._shape:
            self._shape, self._high_lines, self._high_width = shape, 0, 0
        body_width = max(
            widest, *(len(line) + 2 for line in tables.lines), len(tables.marker) + width + 2
        )
        self._high_width = max(self._high_width, body_width)
        self._high_lines = max(
            self._high_lines, len(rows), len(rows) - len(tables.lines) + tables.room
        )
        rows += [Row((), ())] * (self._high_lines - len(rows))
        self.show_rows(
            rows,
            keep=Region(keep_x, 0, keep_width, 1),
            step=width,
            body_width=self._high_width,
            head_width=head + 1,
        )
