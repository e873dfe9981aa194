"""A shorter way through Textual's line styling for the lines inside a pane's border.

Every line a widget shows passes through Textual's ``StylesCache.render_line``: it works out
the border, padding, hatch, tint, opacity and outline again for each line, about 50 µs of
Python per line. The panes repaint several lines on every tick, so that is a large part of a
frame. :class:`ContentLinesCache` takes a short way for a content line of a plain pane (no
tint, hatch, outline, text opacity or opacity: the panes' CSS sets none) and builds the same
strip: the content fitted to the content width, the padding, the left and right border. Every
other line (the border's top and bottom with the title, padding rows) and every pane that is
not plain take Textual's own way. ``tests/tui/test_content_lines.py`` checks, for each pane
and theme, that both ways give equal strips.

This builds on the private ``textual._styles_cache``, ``textual._border`` and
``textual._segment_tools`` of the pinned Textual version (see pyproject.toml).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.segment import Segment
from rich.terminal_theme import TerminalTheme
from textual._border import get_box
from textual._segment_tools import line_pad
from textual._styles_cache import StylesCache
from textual.color import Color
from textual.content import Content
from textual.css.styles import StylesBase
from textual.geometry import Size, Spacing
from textual.strip import Strip
from textual.style import Style

Label = tuple[Content, Color, Color, Style]


def is_plain(styles: StylesBase, opacity: float) -> bool:
    """True when nothing but border and padding styles a content line."""
    return (
        opacity == 1.0
        and styles.text_opacity == 1.0
        and not styles.tint.a
        and not (styles.has_rule("hatch") and styles.hatch != "none")
        and not any(edge for edge, _ in styles.outline)
    )


class ContentLinesCache(StylesCache):
    """Textual's styles cache with a short way for a plain pane's content lines."""

    def __init__(self) -> None:
        super().__init__()
        self._edges: dict[tuple[object, ...], tuple[Segment | None, Segment | None]] = {}

    def clear(self) -> None:
        super().clear()
        self._edges.clear()

    def render_line(
        self,
        styles: StylesBase,
        y: int,
        size: Size,
        content_size: Size,
        padding: Spacing,
        base_background: Color,
        background: Color,
        render_content_line: Callable[[int], Strip],
        border_title: Label | None,
        border_subtitle: Label | None,
        opacity: float,
        ansi_theme: TerminalTheme,
        native_ansi: bool,
    ) -> Strip:
        gutter = styles.gutter
        width, height = size
        content_y = y - gutter.top
        if (
            content_y < 0
            or y >= height - gutter.bottom
            or content_y >= content_size.height
            or not is_plain(styles, opacity)
        ):
            return super().render_line(
                styles,
                y,
                size,
                content_size,
                padding,
                base_background,
                background,
                render_content_line,
                border_title,
                border_subtitle,
                opacity,
                ansi_theme,
                native_ansi,
            )
        inner, _ = self.get_inner_outer(base_background, background)
        inner_style = inner.rich_style
        content = render_content_line(content_y).adjust_cell_length(content_size.width, inner_style)
        line: Sequence[Segment] = list(content)
        _, pad_right, _, pad_left = padding
        if pad_left or pad_right:
            line = line_pad(line, pad_left, pad_right, inner_style)
        left, right = self._edges_for(styles, base_background, background)
        if left is not None or right is not None:
            line = [
                *((left,) if left is not None else ()),
                *line,
                *((right,) if right is not None else ()),
            ]
        return Strip(line, width)

    def _edges_for(
        self, styles: StylesBase, base_background: Color, background: Color
    ) -> tuple[Segment | None, Segment | None]:
        """The left and right border segments of a content line, as Textual draws them."""
        border = styles.border
        key = (border, base_background, background)
        edges = self._edges.get(key)
        if edges is None:
            (_, _), (border_right, right_color), (_, _), (border_left, left_color) = border
            inner, outer = self.get_inner_outer(base_background, background)
            left = right = None
            if border_left:
                style = Style(foreground=base_background + left_color)
                left = get_box(border_left, inner, outer, style)[1][0]
            if border_right:
                style = Style(foreground=base_background + right_color)
                right = get_box(border_right, inner, outer, style)[1][2]
            edges = self._edges[key] = (left, right)
        return edges
