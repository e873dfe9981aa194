"""What the last tick did, in the plain words a teacher would use (the frame's narration)."""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip

from tui.widgets.lines_view import LinesView, Row
from tui.widgets.rows import BLANK, TEXT, Content

CUT_MARK = " …"
"""Ends the last line in view of a sentence longer than its pane."""


class NarrationPane(LinesView):
    """The teacher's sentence for the last tick, :attr:`text`, wrapped to the pane; cut with
    :data:`CUT_MARK` where the pane is too short."""

    BLANK_STYLE = BLANK
    text: reactive[str] = reactive("", repaint=False)
    """The sentence shown."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._drawn_size = (0, 0)
        """The size the sentence was last wrapped for."""

    def watch_text(self) -> None:
        self._redraw()

    def render_lines(self, crop: Region) -> list[Strip]:
        if self._drawn_size != self.scrollable_content_region.size:
            self._redraw()
        return super().render_lines(crop)

    def on_resize(self, event: events.Resize) -> None:
        self._redraw()

    def shown_text(self) -> str:
        """The text drawn: :attr:`text` (a subclass may add to it)."""
        return self.text

    def lines_needed(self, width: int) -> int:
        """The lines the sentence takes wrapped at ``width`` columns."""
        from tui.widgets.no_break import wrap_words

        return len(wrap_words(self.shown_text(), max(width, 1), cell_len))

    def _redraw(self) -> None:
        width, height = self.scrollable_content_region.size
        if width <= 0:
            return
        self._drawn_size = (width, height)
        from tui.widgets.no_break import wrap_words

        lines = wrap_words(self.shown_text(), width, cell_len)
        if len(lines) > height > 0:
            lines, last = lines[:height], lines[height - 1]
            while last and cell_len(last) > width - cell_len(CUT_MARK):
                last = last[:-1]  # the end gives way to CUT_MARK
            lines[-1] = last.rstrip() + CUT_MARK
        lines += [" " * width] * (height - len(lines))
        self.show(Content([Row((), ((line, TEXT),)) for line in lines], body_width=width))
