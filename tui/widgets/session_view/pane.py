"""One pane of the session view (not a widget): a box with its border, title, padding and
scrollbars drawn as text around a viewport onto :class:`~tui.widgets.rows.Content`; it draws
its lines as strips and says which of them changed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import ceil
from typing import NamedTuple

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual.cache import LRUCache
from textual.geometry import Region
from textual.scrollbar import ScrollBarRender
from textual.strip import Strip

from tui.widgets.rows import (
    NOTHING,
    Content,
    Row,
    changed_lines,
    changed_span,
    keep_in_view,
    row_at,
    row_strip,
    widths,
)

_STRIPS_KEPT = 256
"""Rendered rows kept per pane (more than a pane shows at once)."""

ROUND = (("╭", "─", "╮"), ("│", " ", "│"), ("╰", "─", "╯"))
ASCII = (("+", "-", "+"), ("|", " ", "|"), ("+", "-", "+"))
"""The border's characters: Textual's ``round`` border, and its ``ascii`` one."""


class Box(NamedTuple):
    """Where a pane is: its left column, top line, width and height (border included)."""

    x: int
    y: int
    width: int
    height: int


NO_BOX = Box(0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class Look:
    """How a pane is framed: the component classes of its border (None: none), title and
    subtitle, its padding (top, right, bottom, left), the thickness of its vertical and
    horizontal scrollbars (0: none), and the component class of the blank around its rows."""

    border: str | None = None
    title: str | None = None
    subtitle: str | None = None
    padding: tuple[int, int, int, int] = (0, 0, 0, 0)
    vertical: int = 0
    horizontal: int = 0
    blank: tuple[str, ...] = ()


class Bars(NamedTuple):
    """The scrollbars' colours: the track and the thumb, the style they draw over, the corner."""

    back: RichColor | None
    thumb: RichColor | None
    base: Style
    corner: Style


StyleOf = Callable[[tuple[str, ...]], Style]
"""The style of a pane's component classes (``()``: the view's own)."""

PADDING = ("blank",)
"""The style name of a pane's padding: the background only."""


class Pane:
    """A framed viewport: :meth:`show` content, :meth:`place` it, draw its :meth:`line`."""

    def __init__(self, name: str, look: Look, style_of: StyleOf) -> None:
        self.name = name
        self.look = look
        self._style_of = style_of
        self.box = NO_BOX
        self.title = ""
        self.subtitle: str | None = None
        self.glyphs = ROUND
        self.rows: Sequence[Row] = ()
        self.footer: Row | None = None
        self.head_width = 0
        self.step = 1
        self.body_width = 0
        self.scroll_x = 0
        self.scroll_y = 0
        self.keep: Region | None = None
        """The region last asked to be kept in view (kept again after a resize)."""
        self._dirty: dict[int, tuple[int, int]] | None = None
        """Lines of the box to draw again, each with its changed columns (None: whole)."""
        self._strips: LRUCache[tuple[Row, int, int, int, int, int], Strip] = LRUCache(_STRIPS_KEPT)
        self._edges: dict[tuple[object, ...], Strip] = {}
        self._drawn_lines: dict[int, Strip] = {}
        """Lines of the box drawn since they last changed (see :meth:`_mark`)."""
        self._boxed: LRUCache[tuple[int, Segment | None], tuple[Strip, Strip]] = LRUCache(
            _STRIPS_KEPT
        )
        """A row's strip boxed (border, padding, scrollbar cell), by the row strip's id and the
        cell: a row that comes back is the same strip."""
        self._sides: dict[int, Segment] = {}
        self._bars_drawn: dict[tuple[object, ...], list[Segment]] = {}
        self._measured: tuple[object, ...] = ()
        """What the sizes were last worked out from (see :meth:`_measure`)."""
        self._measure()

    # -- geometry ------------------------------------------------------------------------------

    def _measure(self) -> None:
        """Work out the pane's sizes from its box and its content, when they changed."""
        lines = len(self.rows) + (self.footer is not None)
        key = (self.box, lines, self.head_width, self.body_width, self.step)
        if key == self._measured:
            return
        self._measured = key
        border = 2 if self.look.border is not None else 0
        top, right, bottom, left = self.look.padding
        width = max(self.box.width - border - left - right, 0)
        height = max(self.box.height - border - top - bottom, 0)
        virtual_width = self.head_width + self.body_width + self.step - 1
        vertical = self.look.vertical if lines > height else 0
        horizontal = self.look.horizontal if virtual_width > width - vertical else 0
        if horizontal and not vertical and lines > height - horizontal:
            vertical = self.look.vertical
        view = (max(width - vertical, 0), max(height - horizontal, 0))
        self.inner = (width, height)
        """Columns and lines inside the border and the padding (scrollbars included)."""
        self.virtual = (virtual_width, lines)
        """Columns and lines of everything the pane holds (``step - 1`` blank columns after)."""
        self.bars = (vertical, horizontal)
        """The vertical and the horizontal scrollbar's thickness as they show now (0: hidden)."""
        self.view = view
        """Columns and lines of the viewport: inside the border, padding and scrollbars."""
        self.max_scroll = (max(virtual_width - view[0], 0), max(lines - view[1], 0))
        self._origin = (self.box.x + border // 2 + left, self.box.y + border // 2 + top)

    def place(self, box: Box) -> None:
        """Put the pane at ``box``: everything is drawn again, scrolled to keep its region."""
        if box != self.box:
            self.box = box
            self._measure()
            self._invalidate()
            self._edges.clear()
            self._boxed.clear()
            if self.keep is not None:
                self._keep(self.keep)
            self._clamp()

    def view_of(self, x: int, y: int) -> tuple[int, int] | None:
        """(x, y) in the viewport of the view's point (x, y), None when outside it."""
        border = 1 if self.look.border is not None else 0
        top, _right, _bottom, left = self.look.padding
        vx, vy = x - self.box.x - border - left, y - self.box.y - border - top
        width, height = self.view
        if 0 <= vx < width and 0 <= vy < height:
            return vx, vy
        return None

    def origin(self) -> tuple[int, int]:
        """The view's (x, y) of the viewport's top left corner."""
        return self._origin

    # -- content ---------------------------------------------------------------------------

    def show(self, content: Content) -> None:
        """Show ``content``; only the lines whose rows changed are drawn again."""
        head_width, body_width = widths(content)
        old_rows, old_footer = self.rows, self.footer
        old = (self.head_width, self.body_width, self.step, len(old_rows))
        bars = self.bars
        scroll = (self.scroll_x, self.scroll_y)
        self.rows, self.footer = content.rows, content.footer
        self.head_width, self.body_width, self.step = head_width, body_width, content.step
        self._measure()
        if content.keep is not None:
            self.keep = content.keep
            self._keep(content.keep)
        self._clamp()
        same = (
            old == (head_width, body_width, content.step, len(content.rows))
            and old_footer == content.footer
            and scroll == (self.scroll_x, self.scroll_y)
            and bars == self.bars
        )
        if not same or self._dirty is None:
            self._invalidate()
        else:
            width, height = self.view
            left, top = self.origin()
            left, top = left - self.box.x, top - self.box.y
            for y in changed_lines(self.rows, old_rows, self.scroll_y, height):
                index = self.scroll_y + y
                span = changed_span(
                    old_rows[index],
                    self.rows[index],
                    scroll_x=self.scroll_x,
                    head_width=self.head_width,
                    width=width,
                )
                if span is not None:
                    self._mark(top + y, left + span[0], left + span[1])

    def clear(self) -> None:
        self.show(NOTHING)

    def scroll_to(self, x: int | None = None, y: int | None = None) -> bool:
        """Scroll (within the limits); whether the view moved."""
        before = (self.scroll_x, self.scroll_y)
        if x is not None:
            self.scroll_x = x
        if y is not None:
            self.scroll_y = y
        self._clamp()
        if (self.scroll_x, self.scroll_y) != before:
            self._invalidate()
            return True
        return False

    def _invalidate(self) -> None:
        """Every line is to be drawn again."""
        self._dirty = None
        self._drawn_lines.clear()

    def _keep(self, region: Region) -> None:
        width, height = self.view
        if not width or not height:
            return
        self.scroll_x, self.scroll_y = keep_in_view(
            region,
            scroll=(self.scroll_x, self.scroll_y),
            view=(width, height),
            head_width=self.head_width,
            footer=self.footer is not None,
            step=self.step,
            max_scroll_x=self.max_scroll[0],
        )

    def _clamp(self) -> None:
        most_x, most_y = self.max_scroll
        self.scroll_x = min(max(self.scroll_x, 0), most_x)
        self.scroll_y = min(max(self.scroll_y, 0), most_y)

    def set_titles(self, title: str, subtitle: str | None = None) -> None:
        """The title in the top border and the subtitle in the bottom one."""
        if title != self.title:
            self.title = title
            self.touch(0)
        if subtitle != self.subtitle:
            self.subtitle = subtitle
            self.touch(self.box.height - 1)

    def touch(self, line: int) -> None:
        """Draw line ``line`` of the box again, whole."""
        self._mark(line, 0, self.box.width)

    def _mark(self, line: int, start: int, end: int) -> None:
        self._drawn_lines.pop(line, None)
        dirty = self._dirty
        if dirty is None:
            return
        before = dirty.get(line)
        if before is not None:
            start, end = min(start, before[0]), max(end, before[1])
        dirty[line] = (start, end)

    def redraw(self) -> None:
        """Draw every line again (the styles changed)."""
        self._invalidate()
        self._strips.clear()
        self._edges.clear()
        self._boxed.clear()
        self._sides.clear()
        self._bars_drawn.clear()

    def take_dirty(self) -> dict[int, tuple[int, int]] | None:
        """The lines of the box to draw again since the last call, with the columns that
        changed on each (None: all of them, whole)."""
        dirty, self._dirty = self._dirty, {}
        return dirty

    def row(self, y: int) -> Row | None:
        """The row on line ``y`` of the viewport."""
        return row_at(self.rows, self.footer, y, self.scroll_y, self.view[1])

    # -- reading what is drawn -----------------------------------------------------------------

    @property
    def display(self) -> bool:
        """Whether the pane is on screen (the code and the tree share a place)."""
        return bool(self.box.width and self.box.height)

    @property
    def region(self) -> Region:
        """The pane's box in the view, border included."""
        return Region(*self.box)

    @property
    def content_region(self) -> Region:
        """The viewport in the view: where the rows are drawn."""
        x, y = self.origin()
        return Region(x, y, *self.view)

    @property
    def border_title(self) -> str:
        return self.title

    @property
    def border_subtitle(self) -> str | None:
        return self.subtitle

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the viewport, as drawn."""
        return self.row_strip(y, self.view[0])

    # -- drawing ---------------------------------------------------------------------------

    def line(self, y: int, bars: Bars) -> Strip:
        """Line ``y`` of the box, as wide as the box (kept until the line changes)."""
        strip = self._drawn_lines.get(y)
        if strip is None:
            strip = self._drawn_lines[y] = self._draw(y, bars)
        return strip

    def _draw(self, y: int, bars: Bars) -> Strip:
        look = self.look
        width, height = self.box.width, self.box.height
        border = look.border is not None
        if border and (y == 0 or y == height - 1):
            return self._edge(y == 0)
        inner_height = self.inner[1]
        iy = y - (1 if border else 0) - look.padding[0]
        if iy < 0 or iy >= inner_height:
            return self._boxed_line(None, None)
        view_width, view_height = self.view
        if iy >= view_height:  # the horizontal scrollbar
            segments = list(self._bar(view_width, bars))
            vertical = self.bars[0]
            if vertical:
                segments.append(Segment(" " * vertical, bars.corner))
            return Strip(self._boxed_segments(segments), width)
        row = self.row_strip(iy, view_width)
        vertical = self.bars[0]
        cell = self._bar_cell(iy, view_height, vertical, bars) if vertical else None
        return self._boxed_line(row, cell)

    def _boxed_line(self, row: Strip | None, cell: Segment | None) -> Strip:
        """The box's line around ``row`` (None: a line of padding) and the scrollbar's ``cell``."""
        key = (id(row), cell)
        kept = self._boxed.get(key)
        if kept is not None and kept[0] is row:
            return kept[1]
        if row is None:
            inner = [Segment(" " * self.inner[0], self._style_of(PADDING))]
        else:
            inner = list(row)
            if cell is not None:
                inner.append(cell)
        strip = Strip(self._boxed_segments(inner), self.box.width)
        if row is not None:
            self._boxed[key] = (row, strip)
        return strip

    def _boxed_segments(self, inner: list[Segment]) -> list[Segment]:
        """``inner`` (the line inside the padding) with the padding and the border around."""
        look = self.look
        border = look.border is not None
        _top, right, _bottom, left = look.padding
        blank = self._style_of(PADDING)
        segments: list[Segment] = []
        if border:
            segments.append(self._side(0))
        if left:
            segments.append(Segment(" " * left, blank))
        segments += inner
        if right:
            segments.append(Segment(" " * right, blank))
        if border:
            segments.append(self._side(2))
        return segments

    def row_strip(self, y: int, width: int) -> Strip:
        """Line ``y`` of the viewport, ``width`` columns wide (kept by content)."""
        row = self.row(y)
        style_of = self._pane_style
        if row is None:
            return Strip.blank(width, style_of(()))
        virtual_width = self.virtual[0]
        shape = (self.scroll_x, width, self.head_width, self.step, virtual_width)
        key = (row, *shape)
        strip = self._strips.get(key)
        if strip is None:
            strip = self._strips[key] = row_strip(row, style_of, *shape)
        return strip

    def _pane_style(self, names: tuple[str, ...]) -> Style:
        return self._style_of(names or self.look.blank)

    def _bar_cell(self, y: int, height: int, thickness: int, bars: Bars) -> Segment:
        """Line ``y`` of the vertical scrollbar, as Textual's ScrollBar draws it."""
        key = ("vbar", height, self.virtual[1], self.scroll_y, thickness)
        cells = self._bars_drawn.get(key)
        if cells is None:
            cells = _bar_segments(
                height, self.virtual[1], height, self.scroll_y, thickness, True, bars
            )
            if len(self._bars_drawn) > 8:
                self._bars_drawn.clear()
            self._bars_drawn[key] = cells
        return cells[y] if y < len(cells) else Segment(" " * thickness, bars.base)

    def _bar(self, size: int, bars: Bars) -> list[Segment]:
        key = ("hbar", size, self.virtual[0], self.scroll_x)
        cells = self._bars_drawn.get(key)
        if cells is None:
            cells = _bar_segments(size, self.virtual[0], size, self.scroll_x, 1, False, bars)
            self._bars_drawn[key] = cells
        return cells

    def _side(self, index: int) -> Segment:
        """The left (0) or right (2) border's character."""
        side = self._sides.get(index)
        if side is None:
            assert self.look.border is not None
            glyph = self.glyphs[1][index]
            side = self._sides[index] = Segment(glyph, self._style_of((self.look.border,)))
        return side

    def _edge(self, top: bool) -> Strip:
        """The top border with the title, or the bottom one with the subtitle (at its right),
        as Textual draws a ``round`` (or ``ascii``) border's labels."""
        label = self.title if top else self.subtitle
        key = ("edge", top, label, self.box.width)
        strip = self._edges.get(key)
        if strip is not None:
            return strip
        look = self.look
        assert look.border is not None
        left, line, right = self.glyphs[0 if top else 2]
        border = self._style_of((look.border,))
        width = self.box.width
        segments = [Segment(left, border)]
        space = width - 2
        names = look.title if top else look.subtitle
        if label and space > 4:
            text = label if len(label) <= space - 2 else label[: space - 3] + "…"
            text = f" {text} "
            label_style = self._style_of((look.border, names) if names else (look.border,))
            rest = space - len(text)
            if top:
                segments += [Segment(line, border), Segment(text, label_style)]
                segments.append(Segment(line * (rest - 1), border))
            else:
                segments.append(Segment(line * (rest - 1), border))
                segments += [Segment(text, label_style), Segment(line, border)]
        else:
            segments.append(Segment(line * space, border))
        segments.append(Segment(right, border))
        # an empty segment would still send a colour and a reset
        strip = self._edges[key] = Strip([segment for segment in segments if segment.text], width)
        return strip


def _bar_segments(
    size: int,
    virtual_size: int,
    window_size: int,
    position: int,
    thickness: int,
    vertical: bool,
    bars: Bars,
) -> list[Segment]:
    """A scrollbar's cells, as Textual's ScrollBar renders them (ScrollBarRender)."""
    window = ceil(window_size) if window_size < virtual_size else 0
    rendered = ScrollBarRender.render_bar(
        size=size,
        virtual_size=ceil(virtual_size),
        window_size=window,
        position=position,
        thickness=thickness,
        vertical=vertical,
        back_color=bars.back,  # type: ignore[arg-type]
        bar_color=bars.thumb,  # type: ignore[arg-type]
    )
    segments = [segment for segment in rendered.segments if segment.text != "\n"]
    return list(Segment.apply_style(segments, bars.base))
