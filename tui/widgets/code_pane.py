"""The lecture's loop as short pseudocode, the lines the last tick ran marked and highlighted."""

from __future__ import annotations

from typing import ClassVar

from textual.reactive import reactive

from solver.iterative import Snapshot
from solver.listing import LOOP, lines_run
from tui.widgets.lines_view import LinesView, Row


class CodePane(LinesView):
    """:data:`solver.listing.LOOP` with the lines of :attr:`snapshot`'s last tick marked.

    The deciding line (the last one the tick ran) gets the strongest highlight. Only the lines
    whose marking changed are repainted.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "code-pane--ran",
        "code-pane--decided",
        "code-pane--gutter",
    }

    snapshot: reactive[Snapshot | None] = reactive(None, repaint=False)
    """The state whose last tick is shown; None marks no line."""
    ran: reactive[tuple[int, ...]] = reactive((), repaint=False)
    """Indices into LOOP of the lines the last tick ran (set from :attr:`snapshot`); the pane
    changes only when they change, not on every tick."""

    def watch_snapshot(self, snapshot: Snapshot | None) -> None:
        self.ran = lines_run(snapshot.last_event) if snapshot is not None else ()

    def watch_ran(self, ran: tuple[int, ...]) -> None:
        decided = ran[-1] if ran else None
        gutter = ("code-pane--gutter",)
        rows = []
        for index, line in enumerate(LOOP):
            if index == decided:
                style: tuple[str, ...] = ("code-pane--decided",)
            elif index in ran:
                style = ("code-pane--ran",)
            else:
                style = ()
            mark = f"{self.glyphs.marker} " if index in ran else "  "
            rows.append(Row(((mark, gutter),), ((line, style),)))
        self.show_rows(rows)
