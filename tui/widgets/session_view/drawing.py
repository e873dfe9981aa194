"""What the session view's widgets draw with: their component styles and scrollbar colours,
worked out once, and the lines they hand the compositor, filtered and kept until they change."""

from __future__ import annotations

from collections.abc import Callable
from operator import is_

from rich.style import Style
from textual.strip import Strip
from textual.widget import Widget

from tui.widgets.rows import ComponentStyles
from tui.widgets.session_view.pane import Bars

LABELS = frozenset({"session-view--board-title", "session-view--board-subtitle"})
"""The component classes of the board's border labels."""


class ViewStyles(ComponentStyles):
    """The session view's component styles (its board's border labels coloured as Textual
    colours a border's title) and its scrollbars' colours, kept until :meth:`forget`."""

    def __init__(self, widget: Widget) -> None:
        super().__init__(widget, LABELS)
        self._bars: Bars | None = None

    def forget(self) -> None:
        super().forget()
        self._bars = None

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
    """A widget's lines as last handed to the compositor (through the app's line filters), with
    what they were made for and from: a line not stale since is handed again."""

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
        """Lines ``ys`` of ``widget`` (``width`` wide): its ``pieces_of`` filtered, then joined."""
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
            if last is not None and len(last[1]) == len(pieces) and all(map(is_, last[1], pieces)):
                strips.append(last[2])
                continue
            parts = list(pieces)
            for line_filter in filters:
                parts = [part.apply_filter(line_filter, background) for part in parts]
            strip = join(y, parts)
            self._shown[y] = (how, pieces, strip)
            strips.append(strip)
        return strips
