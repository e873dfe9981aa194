"""A Line API base for the board and the state table.

Each row is a fixed head (row titles, rank numbers) and a body that scrolls sideways; an
optional footer row (file numbers) stays at the bottom. A region of the body can be kept
in view, e.g. the square being tried.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui.glyphs import UNICODE, Glyphs

Cell = tuple[str, tuple[str, ...]]
"""Text and the component classes that style it: the first whole (colours, background), the
later ones only for what they set (a queen's colour over a dark square's background)."""


@dataclass(frozen=True, slots=True)
class Row:
    """One row: a head that never scrolls sideways, and a body that does."""

    head: tuple[Cell, ...]
    body: tuple[Cell, ...]


_STRIPS_KEPT = 128
"""Rendered rows kept, least recently used first out (by content, scroll, widths and step): a
row seen before is not styled again. More than any pane shows at once; few enough that a long
run on a large board does not fill memory with old rows."""


def _width(cells: Sequence[Cell]) -> int:
    return sum(cell_len(text) for text, _ in cells)


class LinesView(ScrollView, can_focus=False):
    """Draws rows given to :meth:`show_rows`; subclasses build them from their reactives.

    Not focusable: the screen owns the keys, so the arrows step the search instead of scrolling.
    """

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
        """The glyph set to draw with (Unicode, or the ASCII fallback)."""
        self._rows: Sequence[Row] = ()
        self._footer: Row | None = None
        self._head_width = 0
        self._step = 1
        self._styles: dict[tuple[str, ...], Style] = {}
        self._strips: LRUCache[tuple[Row, int, int, int, int, int], Strip] = LRUCache(_STRIPS_KEPT)
        self._pending_keep: Region | None = None
        self._frame_geometry: tuple[int, int, Size, int] | None = None
        """The scroll and sizes while a frame is being drawn (see :meth:`render_lines`)."""
        self._in_frame = False

    def show_rows(
        self,
        rows: Sequence[Row],
        footer: Row | None = None,
        keep: Region | None = None,
        step: int = 1,
        body_width: int | None = None,
        head_width: int | None = None,
    ) -> None:
        """Replace the content; scroll so ``keep`` (body coordinates: column, row) shows.

        Sideways scrolling snaps to multiples of ``step`` (a cell's width), so no cell is cut.
        When the size stays the same, only the rows that changed are repainted. A caller that
        knows the widest body (or head) passes ``body_width`` (``head_width``) instead of having
        every cell measured.
        """
        old_rows, old_footer, old_head_width = self._rows, self._footer, self._head_width
        self._rows = rows
        self._step = step
        self._footer = footer
        everything = [*rows, footer] if footer is not None else rows
        if head_width is None:
            head_width = max((_width(row.head) for row in everything), default=0)
        self._head_width = head_width
        if body_width is None:
            body_width = max((_width(row.body) for row in everything), default=0)
        # step - 1 blank columns after the body: a scroll rounded up to a whole cell is never
        # past the end, so at the far right no cell is cut on the left either.
        virtual_size = Size(self._head_width + body_width + step - 1, len(everything))
        laid_out = bool(self.size) and virtual_size == self.virtual_size
        if not laid_out:
            self.virtual_size = virtual_size
        # Asked once per call: Textual works it out from the styles each time it is asked.
        view = self.scrollable_content_region
        if laid_out and footer == old_footer and self._head_width == old_head_width:
            self._refresh_changed(old_rows, view)
        else:
            self.refresh()
        if keep is None:
            return
        if laid_out:
            # Same size as drawn before: scroll now, so the new rows and the scroll make one frame
            # (a scroll repaints the whole view). A scroll still waiting for a layout is stale.
            self._pending_keep = None
            self._keep(keep, view)
        else:
            # A new size: the scroll limits are known only after the next layout. Only the
            # latest region counts when it comes (newer rows may have been shown by then).
            if self._pending_keep is None:
                self.call_after_refresh(self._keep_pending)
            self._pending_keep = keep

    def _keep_pending(self) -> None:
        region, self._pending_keep = self._pending_keep, None
        if region is not None:
            self._keep(region, self.scrollable_content_region)

    def _refresh_changed(self, old_rows: Sequence[Row], region: Region) -> None:
        """Repaint the lines on screen (``region``: the scrollable content region) whose row
        differs from ``old_rows`` (same length)."""
        scroll_y = round(self.scroll_y)
        end = scroll_y + region.height
        changed = [
            y
            for y, (row, old) in enumerate(
                zip(self._rows[scroll_y:end], old_rows[scroll_y:end], strict=True)
            )
            if row is not old and row != old
        ]
        # One region for each run of adjacent lines (fewer, larger refreshes), in one call.
        regions = []
        start = 0
        for end in range(1, len(changed) + 1):
            if end == len(changed) or changed[end] != changed[end - 1] + 1:
                first = changed[start]
                regions.append(Region(0, first, region.width, changed[end - 1] - first + 1))
                start = end
        if regions:
            self.refresh(*regions)

    def _keep(self, region: Region, view: Region) -> None:
        """Scroll so ``region`` (body coordinates) shows; an axis on which it shows stays put.

        Out of view sideways, it comes to the middle. Out of view up or down, it comes to the
        bottom line: the tries climb a column, so the rows above it are the ones to show. Either
        way the next ticks need no scroll for a while (a scroll repaints the whole view).
        ``view`` is the scrollable content region.
        """
        footer_lines = 1 if self._footer is not None else 0
        scroll_x, scroll_y = self.scroll_offset
        width, height = view.size
        body_width = width - self._head_width
        rows_height = height - footer_lines
        x, y = scroll_x, scroll_y
        if not (scroll_x <= region.x and region.right <= scroll_x + body_width):
            x = max(region.x + region.width // 2 - body_width // 2, 0)
        if not (scroll_y <= region.y and region.bottom <= scroll_y + rows_height):
            y = max(region.bottom - rows_height, 0)
        step = self._step
        # Not past the end of the body (the view adds step - 1 blank columns, so rounding up to
        # a whole cell stays in range), in whole cells, and never past the region's left edge.
        x = min(x, max(round(self.max_scroll_x) - (step - 1), 0))
        x = min(-(-x // step) * step, region.x)
        if (x, y) != (scroll_x, scroll_y):
            self.scroll_to(x=x, y=y, animate=False, force=True, immediate=True)

    def _style(self, names: tuple[str, ...]) -> Style:
        """The first component class whole, then only what each later one sets itself.

        Kept until the styles change (a frame asks for the same few combinations hundreds of
        times, and ``rich_style`` walks every ancestor).
        """
        style = self._styles.get(names)
        if style is None:
            style = self._styles.get(())
            if style is None:
                style = self._styles[()] = self.rich_style
            for index, name in enumerate(names):
                style += self.get_component_rich_style(name, partial=index > 0)
            self._styles[names] = style
        return style

    def notify_style_update(self) -> None:
        """The CSS or the theme changed: forget the styles worked out so far."""
        super().notify_style_update()
        self._styles = {}
        self._strips.clear()

    def _segments(self, cells: Sequence[Cell]) -> list[Segment]:
        return [Segment(text, self._style(names)) for text, names in cells]

    def render_lines(self, crop: Region) -> list[Strip]:
        # Every line of one frame is drawn with the same scroll and size: ask Textual for them
        # once a frame, when the first changed line is drawn, not once a line (it works them
        # out from the styles each time); a frame with no changed line asks nothing.
        self._in_frame = True
        try:
            return super().render_lines(crop)
        finally:
            self._in_frame = False
            self._frame_geometry = None

    def _geometry(self) -> tuple[int, int, Size, int]:
        """Scroll x and y, the size of the scrollable content region, the virtual width."""
        if self._pending_keep is not None and self.size:
            # Laid out but not yet scrolled: the first frame comes before the scroll that was
            # waiting for the layout. Scroll now, so that the first frame already shows the
            # region (the bottom rows of a large board) instead of a second frame correcting it.
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
        index = y + scroll_y
        # The footer follows the last row, or sits on the bottom line when the rows scroll.
        footer_y = height
        if self._footer is not None:
            footer_y = min(height - 1, len(self._rows) - scroll_y)
        row: Row | None
        if self._footer is not None and y == footer_y:
            row = self._footer
        elif index < len(self._rows) and y < footer_y:
            row = self._rows[index]
        else:
            row = None
        if row is None:
            return Strip.blank(width, self._style(()))
        # Everything _render_row reads, besides the styles (a style change empties the store).
        key = (row, scroll_x, width, self._head_width, self._step, virtual_width)
        strip = self._strips.get(key)
        if strip is None:
            strip = self._strips[key] = self._render_row(row, scroll_x, width)
        return strip

    def _render_row(self, row: Row, scroll_x: int, width: int) -> Strip:
        """One row as one strip ``width`` cells wide: the head, then the body from column
        ``scroll_x`` (only the cells in view are styled). When the body scrolls in whole cells
        (``step``), a cell that would show only in part at the right is left blank."""
        base = self._style(())
        head_width = self._head_width
        head = Segment.adjust_line_length(self._segments(row.head), head_width, base)
        body_width = max(width - head_width, 0)
        shown = body_width
        if self._step > 1 and scroll_x + body_width < self.virtual_size.width - head_width:
            shown -= body_width % self._step
        cells, start = self._visible(row.body, scroll_x, scroll_x + shown)
        body = self._segments(cells)
        if scroll_x > start:  # the first cell in view is cut on its left
            body = list(Segment.divide(body, [scroll_x - start, scroll_x - start + shown]))[-1]
        body = Segment.adjust_line_length(body, shown, base)
        if shown < body_width:
            body.append(Segment(" " * (body_width - shown), base))
        # Neighbours of one style become one segment: a row of plain values is written to the
        # terminal as one run of text, not one colour code per cell.
        strip = Strip(Segment.simplify([*head, *body]))
        return strip if head_width + body_width == width else strip.crop(0, width)

    @staticmethod
    def _visible(cells: Sequence[Cell], left: int, right: int) -> tuple[Sequence[Cell], int]:
        """The cells that reach into columns ``left`` to ``right`` and the column of the first
        (a wide board draws only the squares in view)."""
        first = last = len(cells)
        start = x = 0
        for index, (text, _) in enumerate(cells):
            if x >= right:
                last = index
                break
            end = x + cell_len(text)
            if end > left and first == len(cells):
                first, start = index, x
            x = end
        if first == len(cells):
            return (), left
        return cells[first:last], start
