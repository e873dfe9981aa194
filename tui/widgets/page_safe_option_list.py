"""Textual's OptionList with page up / page down made safe (the lesson menu, quiz choices).

Textual 8.2's ``OptionList`` raises ``KeyError`` on page up / page down when its options were
replaced and the list has not been drawn since (its line index is rebuilt on render): a student
who presses page down just as the menu or a question's choices appear crashed the tutor. Until
Textual fixes it, a page move that fails that way moves the highlight by the list's height
instead.
"""

from __future__ import annotations

from textual.widgets import OptionList


class PageSafeOptionList(OptionList):
    """An OptionList whose page moves never fail."""

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
