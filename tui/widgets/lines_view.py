"""A Line API base for a pane that is a widget of its own: :class:`~tui.widgets.rows.Content`
drawn in a :class:`~textual.scroll_view.ScrollView`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from lessons.i18n import _
from tui.glyphs import UNICODE, Glyphs
from tui.widgets.rows import (
    Cell,
    ComponentStyles,
    Content,
    Row,
    changed_lines,
    keep_in_view,
    row_at,
    row_strip,
    runs,
    widths,
)

__all__ = ["Cell", "Content", "LinesView", "Row"]

_STRIPS_KEPT = 128
"""Rendered rows kept (more than any pane shows at once)."""


def lines_label(top: int, height: int, count: int) -> str | None:
    """``lines 4-12 of 13``: a view ``height`` tall from ``top`` of ``count`` (None: all show)."""
    if height <= 0 or (count <= height and not top):
        return None
    last = min(top + height, count)
    return _("lines {first}-{last} of {count}").format(first=top + 1, last=last, count=count)


def say_where_it_scrolls(
    box: Widget, moved: Callable[[], object] = lambda: None
) -> Callable[[], None]:
    """``box``'s bottom border says which lines show as it scrolls, then ``moved()`` is called;
    the saying is returned, for the owner of the box's height to call once it changes it."""

    def say() -> None:
        top, height = round(box.scroll_y), box.scrollable_content_region.height
        box.border_subtitle = lines_label(top, height, box.virtual_size.height)
        moved()

    box.watch(box, "scroll_y", say, init=False)
    box.watch(box, "virtual_size", say, init=False)
    return say


class LinesView(ScrollView, can_focus=False):
    """Draws the rows given to :meth:`show`; subclasses build them from their reactives. Not
    focusable: the screen owns the keys."""

    BLANK_STYLE: ClassVar[tuple[str, ...]] = ()
    """The component classes of the blank around the rows (``()``: the widget's own style)."""
    KEEP_TOP: ClassVar[bool] = False
    """A region to keep in view taller than the view shows its top (else its bottom)."""
    DRAWING: ClassVar[type | None] = None
    """What makes a subclass's rows from its reactives, made with the view's glyphs as
    :attr:`drawing` (none: the subclass gives :meth:`show` its rows itself)."""

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
        self.drawing: Any = None if self.DRAWING is None else self.DRAWING(glyphs)
        """Its :attr:`DRAWING`, for these glyphs."""
        self._rows: Sequence[Row] = ()
        self._footer: Row | None = None
        self._head_width = 0
        self._step = 1
        self._style = ComponentStyles(self, blank=self.BLANK_STYLE)
        self._strips: LRUCache[tuple[Row, int, int, int, int, int], Strip] = LRUCache(_STRIPS_KEPT)
        self._pending_keep: Region | None = None
        self._frame_geometry: tuple[int, int, Size, int] | None = None
        """The scroll and sizes while a frame is being drawn."""
        self._in_frame = False

    def show(self, content: Content) -> None:
        """Replace the content with ``content``'s rows, repainting only changed rows; scroll so
        its ``keep`` shows, sideways in multiples of its ``step``."""
        rows, footer, keep, step = content.rows, content.footer, content.keep, content.step
        old_rows, old_footer, old_head_width = self._rows, self._footer, self._head_width
        self._rows = rows
        self._step = step
        self._footer = footer
        head_width, body_width = widths(content)
        self._head_width = head_width
        lines = len(rows) + (footer is not None)
        virtual_size = Size(self._head_width + body_width + step - 1, lines)
        laid_out = bool(self.size) and virtual_size == self.virtual_size
        if not laid_out:
            self.virtual_size = virtual_size
        view = self.scrollable_content_region
        if laid_out and footer == old_footer and self._head_width == old_head_width:
            # the lines on screen whose row differs from old_rows (same length)
            changed = changed_lines(self._rows, old_rows, round(self.scroll_y), view.height)
            regions = [Region(0, first, view.width, count) for first, count in runs(changed)]
            if regions:
                self.refresh(*regions)
        else:
            self.refresh()
        self._label_view()
        if keep is None:
            return
        if laid_out:  # scroll now: the new rows and the scroll make one frame
            self._pending_keep = None
            self._keep(keep, view)
        else:  # the scroll limits are known after the next layout
            if self._pending_keep is None:
                self.call_after_refresh(self._keep_pending)
            self._pending_keep = keep

    def _keep_pending(self) -> None:
        region, self._pending_keep = self._pending_keep, None
        if region is not None:
            self._keep(region, self.scrollable_content_region)

    def _keep(self, region: Region, view: Region) -> None:
        """Scroll so ``region`` (body coordinates) shows in ``view``, the scrollable region."""
        scroll_x, scroll_y = self.scroll_offset
        x, y = keep_in_view(
            region,
            scroll=(scroll_x, scroll_y),
            view=view.size,
            head_width=self._head_width,
            footer=self._footer is not None,
            step=self._step,
            max_scroll_x=round(self.max_scroll_x),
            top=self.KEEP_TOP,
        )
        if (x, y) != (scroll_x, scroll_y):
            self.scroll_to(x=x, y=y, animate=False, force=True, immediate=True)

    note: reactive[str | None] = reactive(None, repaint=False)
    """What the bottom border says (None: nothing); a subclass may say it where all shows."""

    def watch_note(self) -> None:
        self._label_view()

    def view_label(self) -> str | None:
        """The bottom border's words: :attr:`note`, else the lines in view (``lines 4-9 of 13``)."""
        height = self.scrollable_content_region.height
        return self.note or lines_label(round(self.scroll_y), height, len(self._rows))

    # no scrollbar thumb in a pane (one reads as a value): the bottom border says where it is
    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._label_view()

    def _label_view(self) -> None:
        """Put :meth:`view_label` on the bottom border (while a frame is drawn, once it is done:
        Textual has drawn this frame's border already)."""
        label = self.view_label()
        if label == (None if self.border_subtitle is None else str(self.border_subtitle)):
            return
        if self._in_frame:
            self.call_later(self._label_view)
        else:
            self.border_subtitle = label

    def notify_style_update(self) -> None:
        """The CSS or the theme changed: forget the styles worked out so far."""
        super().notify_style_update()
        self._style.forget()
        self._strips.clear()

    def render_lines(self, crop: Region) -> list[Strip]:
        # the scroll and the sizes are asked of Textual once a frame (see render_line)
        self._in_frame = True
        try:
            return super().render_lines(crop)
        finally:
            self._in_frame = False
            self._frame_geometry = None

    def _geometry(self) -> tuple[int, int, Size, int]:
        """Scroll x and y, the size of the scrollable content region, the virtual width."""
        if self._pending_keep is not None and self.size:  # the first frame shows the region
            self._keep_pending()
        scroll_x, scroll_y = self.scroll_offset
        return scroll_x, scroll_y, self.scrollable_content_region.size, self.virtual_size.width

    def render_line(self, y: int) -> Strip:
        geometry = self._frame_geometry
        if geometry is None:
            geometry = self._geometry()
            if self._in_frame:
                self._frame_geometry = geometry
        scroll_x, scroll_y, (width, height), virtual_width = geometry
        row = row_at(self._rows, self._footer, y, scroll_y, height)
        if row is None:
            return Strip.blank(width, self._style(()))
        shape = (scroll_x, width, self._head_width, self._step, virtual_width)
        key = (row, *shape)
        strip = self._strips.get(key)
        if strip is None:
            strip = self._strips[key] = row_strip(row, self._style, *shape)
        return strip
