"""Rows of styled cells drawn as strips for every Line API pane: a fixed head and a body that
scrolls sideways, a footer row, a region kept in view."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip

if TYPE_CHECKING:
    from textual.widget import Widget

Cell = tuple[str, tuple[str, ...]]
"""Text and its component classes: the first whole, later ones for what they set."""

StyleOf = Callable[[tuple[str, ...]], Style]
"""The style of a cell's component classes (``()``: the pane's own)."""
TEXT = ("text",)
"""A line's own cells, in the widget's colours."""
BLANK = ("blank",)
"""The blank around rows: the widget's background only."""


class ComponentStyles:
    """The Rich styles of ``widget``'s component classes (a :data:`StyleOf`), kept until
    :meth:`forget`: the first class whole, then only what each later one sets itself;
    :data:`TEXT` the widget's own style, :data:`BLANK` its background, ``()`` the ``blank``
    classes' (by default the widget's own); a border's class then one of ``labels``: that
    border's title, coloured as Textual colours one."""

    def __init__(
        self, widget: Widget, labels: frozenset[str] = frozenset(), blank: tuple[str, ...] = ()
    ) -> None:
        self._widget = widget
        self._labels = labels
        self._blank = blank
        self._styles: dict[tuple[str, ...], Style] = {}

    def forget(self) -> None:
        self._styles = {}

    def __call__(self, names: tuple[str, ...]) -> Style:
        names = names or self._blank
        style = self._styles.get(names)
        if style is None:
            base = self._styles.get(())
            if base is None:
                base = self._styles[()] = self._widget.rich_style
            if names == TEXT:
                style = base
            elif len(names) == 2 and names[1] in self._labels:
                style = self._label(names)
            elif names == BLANK:
                style = Style.from_color(bgcolor=base.bgcolor)
            else:
                style = base
                for index, name in enumerate(names):
                    style += self._widget.get_component_rich_style(name, partial=index > 0)
            self._styles[names] = style
        return style

    def _label(self, names: tuple[str, ...]) -> Style:
        widget = self._widget
        styles = widget.get_component_styles(names[1])
        base_background, background = widget.background_colors
        color = styles.color
        if styles.auto_color:
            color = base_background.get_contrast_text(color.a)
        return self((names[0],)) + Style(color=((base_background + background) + color).rich_color)


@dataclass(frozen=True, slots=True)
class Row:
    """One row: a head that never scrolls sideways, and a body that does."""

    head: tuple[Cell, ...]
    body: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class Content:
    """What a pane shows: its rows, the footer row, the region of the body to keep in view (in
    body cells), the width sideways scrolling snaps to, and the widest body and head when the
    drawing knows them (else every cell is measured)."""

    rows: Sequence[Row]
    footer: Row | None = None
    keep: Region | None = None
    step: int = 1
    body_width: int | None = None
    head_width: int | None = None


NOTHING = Content(())


def width_of(cells: Sequence[Cell]) -> int:
    """Columns the cells take."""
    return sum(cell_len(text) for text, _ in cells)


def widths(content: Content) -> tuple[int, int]:
    """The head's and the body's widths: as the drawing says, or measured."""
    everything = [*content.rows, content.footer] if content.footer is not None else content.rows
    head = content.head_width
    if head is None:
        head = max((width_of(row.head) for row in everything), default=0)
    body = content.body_width
    if body is None:
        body = max((width_of(row.body) for row in everything), default=0)
    return head, body


def row_strip(
    row: Row,
    style_of: StyleOf,
    scroll_x: int,
    width: int,
    head_width: int,
    step: int,
    virtual_width: int,
) -> Strip:
    """``row`` as one strip ``width`` cells wide: the head, then the body from ``scroll_x`` (only
    cells in view styled; with ``step``, a cell cut at the right is left blank), neighbouring
    cells of the same component classes joined into one segment. ``virtual_width``: head and
    body with the blank columns after it."""
    base = style_of(())
    segments: list[Segment] = []
    x = 0
    for text, names in row.head:
        segments.append(Segment(text, style_of(names)))
        x += cell_len(text)
    if x != head_width:
        segments = Segment.adjust_line_length(segments, head_width, base)
    body_width = max(width - head_width, 0)
    shown = body_width
    if step > 1 and scroll_x + body_width < virtual_width - head_width:
        shown -= body_width % step
    drawn = _cut_body(row.body, style_of, segments, scroll_x, scroll_x + shown)
    if drawn < body_width:
        segments.append(Segment(" " * (body_width - drawn), base))
    segments = list(Segment.simplify(segments))
    if head_width + body_width != width:
        segments = Segment.adjust_line_length(segments, width, base)
    return Strip(segments, width)


def _cut_body(
    body: Sequence[Cell],
    style_of: StyleOf,
    segments: list[Segment],
    scroll_x: int,
    right: int,
) -> int:
    """The segments of the ``body`` cells in columns ``scroll_x`` to ``right`` appended to
    ``segments`` (a cell cut at either edge cut there); the columns drawn."""
    x = 0
    drawn = 0
    run: list[str] = []  # the texts of cells of run_names, to be one segment
    run_names: tuple[str, ...] = ()
    for text, names in body:
        end = x + cell_len(text)
        if end > scroll_x:
            if x >= right:
                break
            if x < scroll_x or end > right:  # cut on its left (or at the right edge)
                if run:
                    segments.append(Segment("".join(run), style_of(run_names)))
                    run = []
                cut = [max(scroll_x - x, 0), min(right, end) - x]
                segments.append(list(Segment.divide([Segment(text, style_of(names))], cut))[1][0])
            elif run and (names is run_names or names == run_names):
                run.append(text)
            else:
                if run:
                    segments.append(Segment("".join(run), style_of(run_names)))
                run, run_names = [text], names
            drawn += min(right, end) - max(x, scroll_x)
        x = end
    if run:
        segments.append(Segment("".join(run), style_of(run_names)))
    return drawn


def keep_in_view(
    region: Region,
    *,
    scroll: tuple[int, int],
    view: tuple[int, int],
    head_width: int,
    footer: bool,
    step: int,
    max_scroll_x: int,
    top: bool = False,
) -> tuple[int, int]:
    """The scroll (x, y) that shows ``region`` (body coordinates) in a ``view`` now scrolled to
    ``scroll``; an axis where it shows stays put. Sideways it comes to the middle; vertically,
    to the bottom line (``top``: a region taller than the view, its top line to the top)."""
    scroll_x, scroll_y = scroll
    width, height = view
    body_width = width - head_width
    rows_height = height - (1 if footer else 0)
    x, y = scroll_x, scroll_y
    if not (scroll_x <= region.x and region.right <= scroll_x + body_width):
        x = max(region.x + region.width // 2 - body_width // 2, 0)
    if not (scroll_y <= region.y and region.bottom <= scroll_y + rows_height):
        y = max(min(region.bottom - rows_height, region.y if top else region.bottom), 0)
    # in whole cells, not past the end of the body nor the region's left edge
    x = min(x, max(max_scroll_x - (step - 1), 0))
    return min(-(-x // step) * step, region.x), y


def row_at(
    rows: Sequence[Row], footer: Row | None, y: int, scroll_y: int, height: int
) -> Row | None:
    """The row drawn on line ``y`` of a view ``height`` lines tall scrolled down ``scroll_y``:
    the footer follows the last row, or sits on the bottom line when the rows scroll."""
    footer_y = height
    if footer is not None:
        footer_y = min(height - 1, len(rows) - scroll_y)
        if y == footer_y:
            return footer
    index = y + scroll_y
    return rows[index] if index < len(rows) and y < footer_y else None


def changed_lines(new: Sequence[Row], old: Sequence[Row], scroll_y: int, height: int) -> list[int]:
    """The lines of a view (``height`` lines from row ``scroll_y``) whose row differs between
    ``old`` and ``new`` (of the same length)."""
    end = scroll_y + height
    return [
        y
        for y, (row, before) in enumerate(zip(new[scroll_y:end], old[scroll_y:end], strict=True))
        if row is not before and row != before
    ]


def _cells_changed(old: Sequence[Cell], new: Sequence[Cell]) -> tuple[int, int] | None:
    """The columns (start, end) where ``new`` cells differ from ``old`` ones (None: the same);
    the end is -1 when the cells after a change do not line up any more (a last cell of
    another width ends the change where the longer ends)."""
    if old is new:
        return None
    count = len(old)
    if count != len(new):  # from the column where the first cell that differs starts
        x = 0
        for a, b in zip(old, new, strict=False):
            if a is not b and a != b:
                break
            x += cell_len(a[0])
        return x, -1
    first = 0
    while first < count:
        a, b = old[first], new[first]
        if a is not b and a != b:
            break
        first += 1
    else:
        return None
    last = count - 1
    while old[last] is new[last] or old[last] == new[last]:
        last -= 1
    start = x = sum(cell_len(text) for text, _ in old[:first])
    for index in range(first, last + 1):
        a, b = old[index], new[index]
        width = cell_len(a[0])
        if a is not b and a != b:
            other = cell_len(b[0])
            if other != width:
                if index == count - 1:
                    return start, x + max(width, other)
                return start, -1  # what follows has moved
        x += width
    return start, x


def changed_span(
    old: Row, new: Row, *, scroll_x: int, head_width: int, width: int
) -> tuple[int, int] | None:
    """The columns (start, end) of a view ``width`` wide, its body scrolled to ``scroll_x``,
    where ``new`` is drawn differently from ``old``; None when it is drawn the same."""
    spans = []
    head = _cells_changed(old.head, new.head)
    if head is not None:
        start, end = head
        spans.append((start, head_width if end < 0 else min(end, head_width)))
    body = _cells_changed(old.body, new.body)
    if body is not None:
        start, end = body
        end = width if end < 0 else head_width + end - scroll_x
        spans.append((max(head_width + start - scroll_x, head_width), min(end, width)))
    spans = [(start, end) for start, end in spans if end > start]
    if not spans:
        return None
    return min(start for start, _ in spans), max(end for _, end in spans)


def runs(lines: Sequence[int]) -> list[tuple[int, int]]:
    """Sorted line numbers as (first, count) runs of adjacent lines."""
    found: list[tuple[int, int]] = []
    start = 0
    for end in range(1, len(lines) + 1):
        if end == len(lines) or lines[end] != lines[end - 1] + 1:
            found.append((lines[start], lines[end - 1] - lines[start] + 1))
            start = end
    return found
