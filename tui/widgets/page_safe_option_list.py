"""Textual's OptionList with page moves, clicks and narrow widths made safe
(docs/textual-upstream.md), and the highlighted option marked by a glyph, not colour alone."""

from __future__ import annotations

from rich.segment import Segment
from textual import events
from textual.strip import Strip
from textual.widgets import OptionList

from tui.glyphs import UNICODE, Glyphs

MIN_WIDTH = 6
"""Columns an OptionList takes at least: its border and padding, and two for the options."""
MARK_WIDTH = 2
"""Columns of left padding every option keeps for the highlight's marker and a space."""


def option_of(strip: Strip) -> object:
    """The option index a rendered line of an OptionList belongs to (its segments' meta)."""
    for segment in strip:
        if segment.style is not None and "option" in segment.style.meta:
            return segment.style.meta["option"]
    return None


class PageSafeOptionList(OptionList):
    """An OptionList whose page moves and clicks never fail, at any width."""

    SCOPED_CSS = False  # the first rule is for every OptionList (the palette's too)
    DEFAULT_CSS = f"""
    OptionList {{
        min-width: {MIN_WIDTH};
    }}
    PageSafeOptionList > .option-list--option {{
        padding: 0 1 0 {MARK_WIDTH};
    }}
    """

    @property
    def glyphs(self) -> Glyphs:
        """The app's glyphs (Unicode or ASCII), for the highlight's marker."""
        glyphs = getattr(self.app, "glyphs", UNICODE)
        return glyphs if isinstance(glyphs, Glyphs) else UNICODE

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        highlighted = self.highlighted
        if highlighted is None or option_of(strip) != highlighted:
            return strip
        line = self.scroll_offset.y + y
        if line > 0 and option_of(super().render_line(y - 1)) == highlighted:
            return strip  # a continuation line of the highlighted option: marked once
        segments = list(strip.crop(0, 1))
        mark = Strip([Segment(self.glyphs.marker, segments[0].style if segments else None)], 1)
        return Strip.join([mark, strip.crop(1, strip.cell_length)])

    def _page(self, direction: int) -> None:
        count = self.option_count
        if not count:
            return
        step = max(self.scrollable_content_region.height, 1)
        current = self.highlighted if self.highlighted is not None else 0
        self.highlighted = min(max(current + direction * step, 0), count - 1)

    def action_page_down(self) -> None:
        try:
            super().action_page_down()  # type: ignore[no-untyped-call]
        except KeyError:  # the line index is not built yet
            self._page(1)

    def action_page_up(self) -> None:
        try:
            super().action_page_up()  # type: ignore[no-untyped-call]
        except KeyError:
            self._page(-1)

    def on_click(self, event: events.Click) -> None:
        option = event.style.meta.get("option")  # from the frame it hit: perhaps no option now
        if isinstance(option, int) and not 0 <= option < self.option_count:
            event.prevent_default()  # Textual's handler would raise IndexError
