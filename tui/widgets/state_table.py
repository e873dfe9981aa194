"""The state table in the lecture's shape: a row ``i`` and a row ``b[i]``, column k marked.

i    │  0  1  2  3
b[i] │  0  2 -1 -1
     │     ▶ k = 1
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

from textual.geometry import Region
from textual.reactive import reactive

from solver.iterative import Snapshot
from tui.widgets.lines_view import Cell, LinesView, Row

_HEAD = 5
"""Width of the row titles ``i`` and ``b[i]``."""


@lru_cache(maxsize=4096)
def _cell(kind: str, number: int, current: bool, width: int) -> tuple[Cell, Cell]:
    """A column's cell of row ``i`` (kind ``head``) or ``b[i]`` (``value``), with the space
    before it; kept, since a tick changes one or two of them."""
    style = f"state-table--{kind}"
    names = (style, "state-table--current") if current else (style,)
    return (" ", ()), (f"{number:>{width - 1}}", names)


class StateTable(LinesView):
    """``b[]`` drawn from :attr:`snapshot`; scrolls sideways to keep column k in view."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "state-table--head",
        "state-table--value",
        "state-table--current",
        "state-table--marker",
    }

    snapshot: reactive[Snapshot | None] = reactive(None, repaint=False)
    """The state to draw; None draws nothing. The watcher repaints only what changed."""

    def watch_snapshot(self, snapshot: Snapshot | None) -> None:
        if snapshot is None:
            self.show_rows(())
            return
        n, k = snapshot.n, snapshot.k
        width = max(len(str(n - 1)), 2) + 1
        rule = "|" if self.glyphs.ascii else "│"
        cell = _cell
        head = tuple(part for i in range(n) for part in cell("head", i, i == k, width))
        values = tuple(
            part for i, row in enumerate(snapshot.b) for part in cell("value", row, i == k, width)
        )
        if 0 <= k < n:
            marker = f"{' ' * (k * width + width - 1)}{self.glyphs.marker} k = {k}"
        elif k >= n:
            # Under the last columns, which are the ones in view when the table scrolls.
            marker = f"k = n = {n}: solved".rjust(n * width)
        else:
            marker = "k = -1: no column left"
        rows = [
            Row(((f"{'i':<{_HEAD}}{rule}", ("state-table--head",)),), head),
            Row(((f"{'b[i]':<{_HEAD}}{rule}", ("state-table--head",)),), values),
            Row(
                ((f"{'':<{_HEAD}}{rule}", ("state-table--head",)),),
                ((marker, ("state-table--marker",)),),
            ),
        ]
        column = min(max(k, 0), n - 1)
        self.show_rows(
            rows,
            keep=Region(column * width, 0, width + 8, 3),
            step=width,
            body_width=max(n * width, len(marker)),
            head_width=_HEAD + 1,
        )
