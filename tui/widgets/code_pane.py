"""The lecture's loop as short pseudocode, the lines the last tick ran marked and highlighted."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from solver.iterative import Snapshot
from solver.listing import LOOP, lines_run
from tui.glyphs import UNICODE, Glyphs


class CodePane(Widget):
    """:data:`solver.listing.LOOP` with the lines of :attr:`snapshot`'s last tick marked.

    The deciding line (the last one the tick ran) gets the strongest highlight.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "code-pane--ran",
        "code-pane--decided",
        "code-pane--gutter",
    }

    snapshot: reactive[Snapshot | None] = reactive(None, repaint=False)
    """The state whose last tick is shown; None marks no line."""
    ran: reactive[tuple[int, ...]] = reactive(())
    """Indices into LOOP of the lines the last tick ran (set from :attr:`snapshot`); the pane
    repaints only when they change, not on every tick."""

    def __init__(
        self,
        glyphs: Glyphs = UNICODE,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.glyphs = glyphs

    def watch_snapshot(self, snapshot: Snapshot | None) -> None:
        self.ran = lines_run(snapshot.last_event) if snapshot is not None else ()

    def render(self) -> Text:
        ran = self.ran
        decided = ran[-1] if ran else None
        text = Text(no_wrap=True, overflow="ellipsis")
        for index, line in enumerate(LOOP):
            if index:
                text.append("\n")
            if index == decided:
                style = self.get_component_rich_style("code-pane--decided")
            elif index in ran:
                style = self.get_component_rich_style("code-pane--ran")
            else:
                style = None
            gutter = f"{self.glyphs.marker} " if index in ran else "  "
            text.append(gutter, self.get_component_rich_style("code-pane--gutter"))
            text.append(line, style or "")
        return text
