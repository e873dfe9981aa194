"""A scrolling box read as ``less`` reads a file: Enter shows the next boxful, and the box says
whenever how much of it is below the fold may have changed."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.events import Resize
from textual.geometry import Size
from textual.message import Message


class ReadOnScroll(VerticalScroll, can_focus=False):
    """A vertical scroll that posts its own :class:`Scrolled` whenever what is below its bottom
    may have changed, and reads on by a boxful."""

    class Scrolled(Message):
        """The box scrolled, resized or changed length: what is below the fold may have changed."""

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self.post_message(self.Scrolled())

    def on_resize(self, event: Resize) -> None:
        """A new height: how much is below the fold may have changed."""
        self.post_message(self.Scrolled())

    def watch_virtual_size(self, size: Size) -> None:
        """A new length of the content: how much is below the fold may have changed."""
        self.post_message(self.Scrolled())

    @property
    def more_below(self) -> bool:
        """Part of the content is below the box's bottom (a hidden box: none)."""
        return bool(self.display) and self.scroll_y < self.max_scroll_y

    def read_on(self) -> bool:
        """Show the next boxful, one line kept; False when the end is in view already."""
        return self.more_below and self._turn(1)

    def read_back(self) -> bool:
        """Show the boxful before, one line kept; False when the top is in view already."""
        return bool(self.display) and self.scroll_y > 0 and self._turn(-1)

    def _turn(self, way: int) -> bool:
        """Scroll a boxful, one line kept, down (``way`` 1) or up (-1); whether it moved."""
        before = self.scroll_y
        boxful = max(self.scrollable_content_region.height - 1, 1)
        self.scroll_relative(y=way * boxful, animate=False, immediate=True)
        return self.scroll_y != before
