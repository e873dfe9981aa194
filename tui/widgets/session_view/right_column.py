"""The session view's right column as a Line API widget of its own lying over the view, so that a
change there repaints only its lines; the panes stay the view's."""

from __future__ import annotations

from typing import Protocol

from textual import events
from textual.geometry import Offset, Region
from textual.strip import Strip
from textual.widget import Widget

from tui.widgets.session_view.plain import Plain


class Column(Protocol):
    """What the column asks of the view that owns its panes (the session view)."""

    @property
    def region(self) -> Region: ...

    def right_line(self, y: int) -> Strip:
        """Line ``y`` of the column, as its pane draws it."""
        ...

    def right_lines(self, lines: range, width: int) -> list[Strip]:
        """Lines ``lines`` of the column, ``width`` cells wide, filtered as the view's are."""
        ...

    def wheel_at(self, offset: Offset, lines: int, sideways: bool = False) -> bool:
        """The mouse wheel at the view's ``offset``; whether a pane is there."""
        ...


class WheelScrolls:
    """The mouse wheel's four ways, handed to ``_wheel(event, lines, sideways)``."""

    def _wheel(self, event: events.MouseEvent, lines: int, sideways: bool = False) -> None:
        raise NotImplementedError

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._wheel(event, 1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._wheel(event, -1)

    def on_mouse_scroll_right(self, event: events.MouseScrollRight) -> None:
        self._wheel(event, 1, sideways=True)

    def on_mouse_scroll_left(self, event: events.MouseScrollLeft) -> None:
        self._wheel(event, -1, sideways=True)


class RightColumn(WheelScrolls, Widget, can_focus=False):
    """On a layer of its own over the view's (``layers: default right``), taking no room from
    it; the view sets its box and draws its lines."""

    DEFAULT_CSS = """
    RightColumn {
        layer: right;
        width: 0;
        height: 0;
    }
    """

    _box = (0, 0, 0, 0)

    def __init__(self) -> None:
        super().__init__()
        self.view: Column | None = None
        """The view whose right column this is (it sets itself here)."""
        self._plain = Plain(self)

    def place(self, x: int, y: int, width: int, height: int) -> None:
        """Lie over columns ``x`` to ``x + width`` of lines ``y`` to ``y + height``."""
        if (x, y, width, height) != self._box:
            self._box = (x, y, width, height)
            styles = self.styles
            styles.offset = (x, y)
            styles.width = width
            styles.height = height

    @property
    def left(self) -> int:
        """The view's column this widget's first column lies over."""
        return self._box[0] - (0 if self.view is None else self.view.region.x)

    @property
    def hands_its_lines(self) -> bool:
        """Whether the compositor gets these lines from the view, not Textual's cache."""
        return self.view is not None and bool(self._plain)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._plain.forget()

    def render_line(self, y: int) -> Strip:
        view = self.view
        return Strip.blank(self.size.width) if view is None else view.right_line(y)

    def render_lines(self, crop: Region) -> list[Strip]:
        view = self.view
        if view is None or not self.hands_its_lines:
            return super().render_lines(crop)
        width = self.size.width
        strips = view.right_lines(crop.line_range, width)
        strips = [
            strip if strip.cell_length == width else strip.adjust_cell_length(width)
            for strip in strips
        ]
        if crop.column_span != (0, width):
            x1, x2 = crop.column_span
            strips = [strip.crop(x1, x2) for strip in strips]
        return strips

    def _wheel(self, event: events.MouseEvent, lines: int, sideways: bool = False) -> None:
        view = self.view
        offset = event.get_content_offset(self)
        if view is None or offset is None:
            return
        if view.wheel_at(offset + Offset(self.left, 0), lines, sideways):
            event.stop()
