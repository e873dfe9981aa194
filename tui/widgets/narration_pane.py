"""What the last tick did, in the plain words a teacher would use (solver.narration)."""

from __future__ import annotations

from rich.style import Style
from textual import events
from textual.content import Content
from textual.reactive import reactive

from solver.iterative import Snapshot
from solver.narration import describe
from tui.widgets.lines_view import LinesView, Row

IDLE_TEXT = (
    "b[i] = -1 in every column: all queens are under the board. "
    "The first tick runs b[0]=0; k=1: a queen in the bottom-left corner."
)

_TEXT = ("text",)
"""The style key of the sentence's own cells (the widget's colours)."""
_BLANK = ("blank",)
"""The key under which the blank's style (background only) is kept."""


class NarrationPane(LinesView):
    """The teacher's sentence for :attr:`snapshot`'s last tick (``idle_text`` before any).

    The sentence is wrapped at word boundaries to the pane's width and drawn line by line: a
    tick repaints only the lines whose text changed, never the border and its title.
    """

    snapshot: reactive[Snapshot | None] = reactive(None, repaint=False)
    """The state whose last tick is narrated."""

    def __init__(
        self,
        idle_text: str = IDLE_TEXT,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.idle_text = idle_text
        self.text = idle_text
        """The sentence shown."""

    def watch_snapshot(self, snapshot: Snapshot | None) -> None:
        if snapshot is None or snapshot.last_event is None:
            text = self.idle_text
        else:
            text = describe(snapshot.last_event, snapshot.n)
        if text != self.text:
            self.text = text
            self._redraw()

    def on_resize(self, event: events.Resize) -> None:
        self._redraw()

    def _redraw(self) -> None:
        width, height = self.scrollable_content_region.size
        if width <= 0:
            return  # not laid out yet: drawn on the first resize
        # What does not fit is cut off; the lines under the sentence are blank in the widget's
        # colours, as a text widget's are.
        lines = [line.plain for line in Content(self.text).wrap(width)][:height]
        lines += [" " * width] * (height - len(lines))
        self.show_rows([Row((), [(line, _TEXT)]) for line in lines], body_width=width)

    def _style(self, names: tuple[str, ...]) -> Style:
        """The sentence in the widget's colours; the blank after it only in its background
        (as a text widget pads its lines)."""
        if names == _TEXT:
            return super()._style(())
        blank = self._styles.get(_BLANK)
        if blank is None:
            blank = self._styles[_BLANK] = Style.from_color(bgcolor=super()._style(()).bgcolor)
        return blank
