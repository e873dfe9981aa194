"""The method's code as its notes write it, the lines the last tick ran marked and highlighted;
a line too wide goes on over marked continuations (tui/widgets/code_lines.py)."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from textual.content import Content as Text
from textual.geometry import Region, Size
from textual.reactive import reactive

from lessons.i18n import _
from solver.views.frame import CodeFrame
from solver.views.widths import GUTTER, TITLE_FRAME
from tui.glyphs import Glyphs
from tui.widgets.code_lines import continuation, widest, wrap_code
from tui.widgets.lines_view import LinesView
from tui.widgets.rows import NOTHING, Content, Row

_GUTTER = ("code-pane--gutter",)
_DECIDED = ("code-pane--decided",)
_RAN = ("code-pane--ran",)


def code_width(code: CodeFrame | None) -> int:
    """Columns a listing takes with nothing wrapped: its gutter and its widest line."""
    return GUTTER + widest(code.lines) if code is not None else 0


class CodeDrawing:
    """A :class:`CodeFrame` as rows ``width`` columns wide: the line that decided carries the
    arrow and the strongest highlight and is kept in view; the other lines the last tick ran
    get a dot in the gutter and a lighter highlight."""

    def __init__(self, glyphs: Glyphs) -> None:
        self.glyphs = glyphs
        self._pieces: dict[tuple[str, int], list[tuple[str, bool]]] = {}
        """Each line's drawn pieces at a width."""
        self._rows: dict[tuple[str, str, tuple[str, ...]], Row] = {}
        """Each drawn line's row by its gutter, text and highlight."""

    def pieces(self, line: str, width: int) -> list[tuple[str, bool]]:
        """The drawn lines of a code line in ``width`` columns, each with whether it goes on."""
        key = (line, width)
        found = self._pieces.get(key)
        if found is None:
            glyph = self.glyphs.wrap
            found = [
                (continuation(piece, glyph) + line[piece.start : piece.end], piece.continued)
                for piece in wrap_code(line, width, glyph)
            ]
            if len(self._pieces) > 4096:
                self._pieces.clear()
            self._pieces[key] = found
        return found

    def _row(self, gutter: str, text: str, style: tuple[str, ...]) -> Row:
        key = (gutter, text, style)
        row = self._rows.get(key)
        if row is None:
            if len(self._rows) > 4096:
                self._rows.clear()
            row = self._rows[key] = Row(((gutter, _GUTTER),), ((text, style),))
        return row

    def lines(self, code: CodeFrame, width: int) -> int:
        """How many lines ``code`` takes in a pane ``width`` columns wide (0: nothing wraps)."""
        body = width - GUTTER if width else 0
        return sum(len(self.pieces(line, body)) for line in code.lines)

    def tallest(self, code: CodeFrame, width: int) -> int:
        """The most lines one code line takes in a pane ``width`` columns wide (it wraps)."""
        body = width - GUTTER if width else 0
        return max((len(self.pieces(line, body)) for line in code.lines), default=0)

    def rows(self, code: CodeFrame, width: int, window: tuple[int, int]) -> int:
        """The rows the code lines ``window`` (first, last) take ``width`` columns wide."""
        body = width - GUTTER if width else 0
        first, last = window
        return sum(len(self.pieces(line, body)) for line in code.lines[first : last + 1])

    def view_label(
        self,
        code: CodeFrame | None,
        width: int,
        top: int,
        height: int,
        asked: bool = False,
        room: int = 0,
    ) -> str | None:
        """``lines 4-12 of 13``: the listing's lines in a view ``height`` rows tall from ``top``,
        ``width`` columns wide; None when every row shows. ``asked``: the lines are a
        question's (``question: lines 4-12``, without the count, where ``room`` columns, if
        given, are too few for it)."""
        if code is None or height <= 0 or not code.lines:
            return None
        body = width - GUTTER if width else 0
        counts = [len(self.pieces(line, body)) for line in code.lines]
        if sum(counts) <= height:
            return None
        first = last = 0
        row = 0
        seen = False
        for index, count in enumerate(counts):
            if row + count > top and row < top + height:  # a row of it is in view
                if not seen:
                    first, seen = index, True
                last = index
            row += count
        said = _("lines {first}-{last} of {count}")
        if asked:
            said = _("question: lines {first}-{last} of {count}")
        numbers = {"first": first + 1, "last": last + 1, "count": len(code.lines)}
        label = said.format(**numbers)
        if asked and room and cell_len(label) > room:
            label = _("question: lines {first}-{last}").format(**numbers)
        return label

    def content(
        self, code: CodeFrame | None, width: int, window: tuple[int, int] | None = None
    ) -> Content:
        """The rows of ``code`` in ``width`` columns, the gutter included (0: not laid out
        yet, nothing wrapped), the deciding line kept in view (or the lines ``window``)."""
        if code is None:
            return NOTHING
        ran = code.ran
        decided = ran[-1] if ran else None
        body = width - GUTTER if width else 0
        marker = self.glyphs.ran  # the line that decided: the only one with it
        passed = f"{self.glyphs.free} "  # the other lines the tick ran through (a bar would
        # read as a second border beside the pane's own)
        rows: list[Row] = []
        keep = Region(0, 0, 1, 1)  # no line ran (the search not begun): its top
        for index, line in enumerate(code.lines):
            if index == decided:
                style: tuple[str, ...] = _DECIDED
            elif index in ran:
                style = _RAN
            else:
                style = ()
            mark = marker if index == decided else passed if index in ran else "  "
            pieces = self.pieces(line, body)
            if window is None and index == decided:
                keep = Region(0, len(rows), 1, len(pieces))
            elif window is not None and index == window[0]:
                keep = Region(0, len(rows), 1, self.rows(code, width, window))
            for text, continued in pieces:
                rows.append(self._row("  " if continued else mark, text, style))
        return Content(rows, keep=keep, body_width=body or widest(code.lines), head_width=GUTTER)


class CodePane(LinesView):
    """Draws :attr:`code`: the deciding line (the last one the tick ran) gets the strongest
    highlight. A listing taller than the pane scrolls to keep that line in view; a line wider
    than the pane wraps."""

    KEEP_TOP = True  # a line run taller than the pane: its first rows, with its mark
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "code-pane--ran",
        "code-pane--decided",
        "code-pane--gutter",
    }

    code: reactive[CodeFrame | None] = reactive(None, repaint=False)
    """The listing and the lines the last tick ran; None shows nothing."""
    window: reactive[tuple[int, int] | None] = reactive(None, repaint=False)
    """The lines (first, last) kept in view (None: the deciding line)."""
    asked: reactive[bool] = reactive(False, repaint=False)
    """The :attr:`window` is the lines a question is about: the view's label says so."""

    def watch_asked(self) -> None:
        self._label_view()

    _title = ""
    _drawn_width = 0
    """The width the listing was last drawn at (its lines wrapped to it)."""

    DRAWING = CodeDrawing
    drawing: CodeDrawing
    """The listing's rows, made from :attr:`code`."""

    def content_width(self) -> int:
        """Columns the listing takes with nothing wrapped: its gutter and its widest line."""
        return code_width(self.code)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.content_width()

    def on_resize(self) -> None:
        self.watch_code(self.code)

    def watch_window(self) -> None:
        self.watch_code(self.code)

    def watch_code(self, code: CodeFrame | None) -> None:
        if code is not None and self._title != code.title:
            self._title = code.title
            self.border_title = Text(code.title)  # code, not markup
        width, height = self.size  # with the scrollbar's column
        if width and code is not None:
            scrollbar = self.styles.scrollbar_size_vertical
            if self.drawing.lines(code, width) > height:
                width -= scrollbar  # it scrolls: the lines wrap beside the scrollbar
        self._drawn_width = width
        self.show(self.drawing.content(code, width, self.window))

    def view_label(self) -> str | None:
        """``lines 4-12 of 13`` while part of the listing is out of view; None otherwise."""
        top, height = round(self.scroll_y), self.scrollable_content_region.height
        asked = self.asked and self.window is not None
        room = self.size.width - TITLE_FRAME
        return self.drawing.view_label(self.code, self._drawn_width, top, height, asked, room)
