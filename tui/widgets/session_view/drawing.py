"""What the session view's widgets draw with: their component styles, worked out once, and the
lines they hand the compositor, filtered and kept until they change."""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from tui.widgets.session_view.grid import BLANK
from tui.widgets.session_view.pane import Bars

TEXT = ("text",)
"""A narration line's own cells: the view's colours."""
LABELS = frozenset({"session-view--board-title", "session-view--board-subtitle"})


class ComponentStyles:
    """The Rich styles of ``widget``'s component classes (and its scrollbars' colours), kept
    until :meth:`forget` (the CSS or the theme changed)."""

    def __init__(self, widget: Widget) -> None:
        self._widget = widget
        self._styles: dict[tuple[str, ...], Style] = {}
        self._bars: Bars | None = None

    def forget(self) -> None:
        self._styles = {}
        self._bars = None

    def __call__(self, names: tuple[str, ...]) -> Style:
        """The first component class whole, then only what each later one sets itself (``()``:
        the widget's own style)."""
        style = self._styles.get(names)
        if style is None:
            base = self._styles.get(())
            if base is None:
                base = self._styles[()] = self._widget.rich_style
            if names == TEXT:
                style = base
            elif len(names) == 2 and names[1] in LABELS:
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
        """A border's title in its own colour (``names``: the border's component class, then
        the title's), as Textual colours a border title."""
        widget = self._widget
        styles = widget.get_component_styles(names[1])
        base_background, background = widget.background_colors
        color = styles.color
        if styles.auto_color:
            color = base_background.get_contrast_text(color.a)
        label = (base_background + background) + color
        return self((names[0],)) + Style(color=label.rich_color)

    def bars(self) -> Bars:
        """The scrollbars' colours, as Textual mixes them."""
        if self._bars is None:
            styles = self._widget.styles
            background = styles.scrollbar_background
            if background.a < 1:
                base_background, _ = self._widget.background_colors
                background = base_background + background
            color = background + styles.scrollbar_color
            corner = Style.from_color(bgcolor=styles.scrollbar_corner_color.rich_color)
            self._bars = Bars(background.rich_color, color.rich_color, self(()), corner)
        return self._bars


Pieces = tuple[Strip, ...]


class HandedLines:
    """A widget's lines as last handed to the compositor, filtered through the app's line
    filters, with what they were made for (width, filters, background) and the panes' lines
    they were made from: a line not marked stale since, or made again from the same panes'
    lines, is the strip handed then."""

    def __init__(self) -> None:
        self._shown: dict[int, tuple[object, Pieces, Strip]] = {}
        self._stale: set[int] = set()

    def forget(self) -> None:
        self._shown.clear()
        self._stale.clear()

    def mark(self, y: int, height: int) -> None:
        """Lines ``y`` to ``y + height`` are to be made again."""
        self._stale.update(range(y, y + height))

    def lines(
        self,
        widget: Widget,
        ys: range,
        width: int,
        pieces_of: Callable[[int], Pieces],
        join: Callable[[int, list[Strip]], Strip],
    ) -> list[Strip]:
        """Lines ``ys`` of ``widget`` (``width`` wide), each made of its pieces (``pieces_of``)
        filtered, then joined (``join``)."""
        filters = tuple(widget.get_line_filters())
        _base, background = widget.background_colors
        how = (width, filters, background)
        strips: list[Strip] = []
        for y in ys:
            last = self._shown.get(y)
            if last is not None and last[0] != how:
                last = None
            if last is not None and y not in self._stale:
                strips.append(last[2])
                continue
            self._stale.discard(y)
            pieces = pieces_of(y)
            if last is not None and _same(last[1], pieces):
                strips.append(last[2])
                continue
            parts = list(pieces)
            for line_filter in filters:
                parts = [part.apply_filter(line_filter, background) for part in parts]
            strip = join(y, parts)
            self._shown[y] = (how, pieces, strip)
            strips.append(strip)
        return strips


def _same(these: Pieces, those: Pieces) -> bool:
    """Whether two lines are made of the same strips (the very objects)."""
    return len(these) == len(those) and all(a is b for a, b in zip(these, those, strict=True))
