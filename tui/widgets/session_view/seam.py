"""An empty widget under the session view's right column, so that a line that changed there is
sent to the terminal from the column's edge, not from the screen's left edge.

Textual sends a changed line of a widget from the widget's left edge (more exactly, from the
start of the piece of the line between two widget edges, a "cut") to the end of the change:
its partial update crops a line on the right only (``ChopsUpdate`` in textual/_compositor.py,
at its ``TODO: crop to x extents``). The session view is one widget as wide as the screen, so
a change in b[] or the code would also send the board's part of the line: about 250 more bytes
a line at 256 colours, more with true colour, over SSH on a slow link. The compositor cuts
every line at every widget's edges, so this widget, placed exactly under the right column and
behind the view, gives it a cut there. It is never refreshed and never seen (the view covers
it); it costs the compositor a look at its cached lines. See docs/textual-upstream.md.
"""

from __future__ import annotations

from typing import Self

from textual.geometry import Region
from textual.widget import Widget


class Seam(Widget, can_focus=False):
    """Covered by the view, on a layer of its own under the view's (the screen names the
    layers: ``layers: seam default``), so it takes no room from the view; the view sets its
    box. Blank: the compositor asks it for its lines at every frame, and gets them at once."""

    BLANK = True

    DEFAULT_CSS = """
    Seam {
        layer: seam;
        width: 0;
        height: 0;
    }
    """

    _box = (0, 0, 0)

    def place(self, x: int, width: int, height: int) -> None:
        """Lie under the columns ``x`` to ``x + width`` of the screen's top ``height`` lines."""
        if (x, width, height) != self._box:
            self._box = (x, width, height)
            styles = self.styles
            styles.offset = (x, 0)
            styles.width = width
            styles.height = height

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        """Never repainted: the view covers it, so there is nothing of its own to draw. A
        change of its box still lays the screen out (``layout``); the repaint Textual asks for
        when its size changes (at the first layout, a resize) would send the lines of the
        view's right column again, unchanged: at start-up a second frame some 20 ms after the
        first at n=32 (issue 42, start-up)."""
        return super().refresh(repaint=False, layout=layout, recompose=recompose)
