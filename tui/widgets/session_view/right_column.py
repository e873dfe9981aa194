"""The session view's right column (the state table over the code, or the search tree) as a
Line-API widget of its own, lying over the view's columns there.

Why a widget: a tick of the recursive method changes five lines there (the c[], a[] and b[]
rows whose read cell moves, the call stack's top line, the code's line), most of them on lines
whose board half did not change. Drawn by the view, each such line was the whole screen line,
board half included, put together again and then cut again by the compositor at the column's
edge (which a blank widget under the column, the "seam", made for it, so that only the changed
half was sent: docs/textual-upstream.md, 16). Drawn here, a change in this column is this
column's line only: no board half put together, none cut off again, and the compositor still
cuts every line at this widget's edge, so what is sent is what the seam sent. The view draws
the rest (the board, the status, the narration) and no longer these panes.

The panes stay the view's (:class:`~tui.widgets.session_view.view.SessionView`): their content,
styles and scroll, what changed on each line; this widget asks the view for the lines in its
box and repaints the regions the view hands it. The view places it (``place``).
"""

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


class RightColumn(Widget, can_focus=False):
    """On a layer of its own over the view's (the screen names the layers: ``layers: default
    right``), so it takes no room from the view; the view sets its box and draws its lines."""

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
        """Lie over the screen's columns ``x`` to ``x + width`` of lines ``y`` to
        ``y + height``."""
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
        """Whether the compositor gets this widget's lines from the view (kept there until
        the view says they changed), not from Textual's styles cache, which draws a line again
        only when the widget is refreshed there."""
        return self.view is not None and bool(self._plain)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._plain.forget()

    def render_line(self, y: int) -> Strip:
        view = self.view
        if view is None:
            return Strip.blank(self.size.width)
        return view.right_line(y)

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

    # -- the mouse wheel scrolls the pane under the pointer, as over the view -------------------

    def _wheel(self, event: events.MouseEvent, lines: int, sideways: bool = False) -> None:
        view = self.view
        offset = event.get_content_offset(self)
        if view is None or offset is None:
            return
        if view.wheel_at(offset + Offset(self.left, 0), lines, sideways):
            event.stop()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._wheel(event, 1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._wheel(event, -1)

    def on_mouse_scroll_right(self, event: events.MouseScrollRight) -> None:
        self._wheel(event, 1, sideways=True)

    def on_mouse_scroll_left(self, event: events.MouseScrollLeft) -> None:
        self._wheel(event, -1, sideways=True)
