"""The method's code as its notes write it, the lines the last tick ran marked and highlighted."""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content
from textual.geometry import Region
from textual.reactive import reactive

from solver.views.frame import CodeFrame
from tui.widgets.lines_view import LinesView, Row


class CodePane(LinesView):
    """Draws :attr:`code`: the deciding line (the last one the tick ran) gets the strongest
    highlight. A listing taller than the pane scrolls to keep that line in view."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "code-pane--ran",
        "code-pane--decided",
        "code-pane--gutter",
    }

    code: reactive[CodeFrame | None] = reactive(None, repaint=False)
    """The listing and the lines the last tick ran; None shows nothing."""

    _title = ""

    def watch_code(self, code: CodeFrame | None) -> None:
        if code is None:
            self.show_rows(())
            return
        if self._title != code.title:
            self._title = code.title
            self.border_title = Content(code.title)  # code, not markup
        ran = code.ran
        decided = ran[-1] if ran else None
        gutter = ("code-pane--gutter",)
        rows = []
        for index, line in enumerate(code.lines):
            if index == decided:
                style: tuple[str, ...] = ("code-pane--decided",)
            elif index in ran:
                style = ("code-pane--ran",)
            else:
                style = ()
            mark = f"{self.glyphs.marker} " if index in ran else "  "
            rows.append(Row(((mark, gutter),), ((line, style),)))
        keep = None if decided is None else Region(0, decided, 1, 1)
        self.show_rows(rows, keep=keep)
