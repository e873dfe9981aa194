"""Textual's OptionList with page up / page down, clicks and narrow widths made safe (the
lesson menu, quiz choices).

Textual 8.2's ``OptionList`` (docs/textual-upstream.md):

* raises ``KeyError`` on page up / page down when its options were replaced and the list has
  not been drawn since (its line index is rebuilt on render): a student who presses page down
  just as the menu or a question's choices appear crashed the tutor. A page move that fails
  that way moves the highlight by the list's height instead;
* raises ``IndexError`` in its click handler when a click names an option by an index the
  list no longer has (the options changed after the frame that was clicked): such a click is
  ignored (``prevent_default`` keeps the base class's handler from running);
* fails to lay out its options when it is 4 columns wide or less (its border and padding
  leave no room, and Rich's ``chop_cells`` is asked for width 0): every OptionList of the
  tutor is at least :data:`MIN_WIDTH` wide, and clipped in a narrower terminal.
"""

from __future__ import annotations

from textual import events
from textual.widgets import OptionList

MIN_WIDTH = 6
"""Columns an OptionList takes at least: its border and padding, and two for the options."""


def stale_option(list_: OptionList, style_meta: dict[str, object]) -> bool:
    """Whether a mouse event's ``option`` (from the frame it hit) is no option of ``list_``."""
    option = style_meta.get("option")
    return isinstance(option, int) and not 0 <= option < list_.option_count


class PageSafeOptionList(OptionList):
    """An OptionList whose page moves and clicks never fail, at any width."""

    SCOPED_CSS = False  # the rule below is for every OptionList (the palette's too)
    DEFAULT_CSS = f"""
    OptionList {{
        min-width: {MIN_WIDTH};
    }}
    """

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
        except KeyError:  # the line index is not built yet (see the module docstring)
            self._page(1)

    def action_page_up(self) -> None:
        try:
            super().action_page_up()  # type: ignore[no-untyped-call]
        except KeyError:  # the line index is not built yet (see the module docstring)
            self._page(-1)

    def on_click(self, event: events.Click) -> None:
        if stale_option(self, event.style.meta):
            event.prevent_default()  # Textual's handler would raise IndexError
