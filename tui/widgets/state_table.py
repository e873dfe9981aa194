"""The method's state in its notes' shape: each array a row of cells, a marker under the current
entry, the call stack under them (newest first); arrays wider than the pane go on in bands of
columns, nothing cut, and the pane scrolls."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from functools import lru_cache
from typing import ClassVar, NamedTuple

from textual.geometry import Region, Size
from textual.reactive import reactive

from solver.views.frame import CellMark, TableRow, Tables, array_name
from solver.views.widths import RULE, cell_width, label_width, table_width
from tui.glyphs import Glyphs
from tui.widgets.lines_view import LinesView, lines_label
from tui.widgets.rows import NOTHING, Cell, Content, Row

_STYLE = {
    CellMark.PLAIN: ("state-table--value",),
    CellMark.CURRENT: ("state-table--value", "state-table--current"),
    CellMark.READ: ("state-table--value", "state-table--read"),
    CellMark.CHANGED: ("state-table--value", "state-table--changed"),
    CellMark.STALE: ("state-table--stale",),
}
_HEAD = ("state-table--head",)
_MARKER = ("state-table--marker",)
_STACK = ("state-table--stack",)
_BLANK = Row((), ())


@lru_cache(maxsize=8192)
def _cell(text: str, mark: CellMark, width: int, brackets: tuple[str, str]) -> Cell:
    """One cell ``width`` columns wide, right-aligned: a cell the last tick read in brackets, a
    value left over from earlier in parentheses ("2   [4]", never "2[   4]")."""
    if mark is CellMark.READ:
        left, right = brackets
        return f"{left + text + right:>{width}}", _STYLE[mark]
    if mark is CellMark.STALE and width >= len(text) + 2:
        # A value C keeps from earlier (a removed queen's q[i]): in parentheses, not told by
        # its colour alone.
        return f"{'(' + text + ')':>{width}}", _STYLE[mark]
    return f"{text:>{width}}", _STYLE[mark]


ON = "{name}[{start}..]"
"""Heading the cells that go on with an array from index ``start`` (``a[6..]``: never read as
a row of its own, as a bare ``6..`` was)."""


INDICES = -1
"""The row of a band's line of indices (arrays that go on over more lines, see :func:`_arrays`)."""


class _Cells(NamedTuple):
    """A line of array cells: row ``row``'s cells from ``start`` to ``stop``; a line that goes
    on with a row is headed by its name and first index (``a[12..]``) when ``indexed``."""

    row: int
    start: int
    stop: int
    indexed: bool = False


class _Text(NamedTuple):
    """A line of text: the marker at column ``at`` of the cells, or a stack frame (``first``:
    the newest frame's first line, drawn after the marker glyph)."""

    text: str
    at: int = 0
    stack: bool = False
    first: bool = False


FRAMES_SHOWN = 3
"""The call-stack frames a state pane asks room for under its arrays, at the least; a taller
terminal gives it more (a fifth of the column's height), and deeper ones scroll."""


class Layout(NamedTuple):
    """The table laid out in a width: its lines (None: a blank kept for a deeper stack), the
    label column, the cell width, the lines to keep in view, and the lines of arrays and
    stack."""

    lines: list[_Cells | _Text | None]
    label: int
    cell: int
    keep: tuple[int, int]
    arrays: int
    stack: int


def lay_out(
    tables: Tables,
    width: int,
    marker: str = ">",
    headed: bool = True,
    indexed: bool = False,
    indices: bool = False,
) -> Layout:
    """The lines of ``tables`` in ``width`` columns (0: as wide as needed); ``marker`` points at
    the current entry. Arrays that go on over more lines do so in bands headed by their
    indices when ``headed``, else each continued line is headed by its first index (``b[8..]``);
    ``indexed`` and ``indices``: one line of the first band's indices over them."""
    cell = cell_width(tables)
    if width <= 0:
        width = table_width(tables)
    lengths = tuple(len(row.cells) for row in tables.rows)
    name = max((len(array_name(row.label)) for row in tables.rows), default=0)
    pointer = f"{marker} {tables.marker}" if tables.marker else ""
    label = label_width(tables)
    focus = tables.focus
    flags = (headed, indexed, indices)
    laid = _arrays(lengths, label, name, cell, width, tables.index_row, focus, pointer, *flags)
    if tables.reads:
        # A space before a read cell's brackets and a left-over value's parentheses ("0 (2)",
        # never "0(2)" nor "(5)(3)") where it costs no line.
        spaced = _arrays(
            lengths, label, name, cell + 1, width, tables.index_row, focus, pointer, *flags
        )
        if _cell_lines(spaced[0]) <= _cell_lines(laid[0]):  # the marker's lines move
            laid, cell = spaced, cell + 1
    arrays, label, keep, body = laid
    lines: list[_Cells | _Text | None] = list(arrays)
    stack = 0
    for index, frame in enumerate(tables.lines):
        for part, text in enumerate(_wrap(frame, body)):
            lines.append(_Text(text, stack=True, first=index == 0 and part == 0))
            stack += 1
    lines.extend([None] * (tables.room - stack))
    return Layout(lines, label, cell, keep, len(arrays), stack)


@lru_cache(maxsize=1024)
def _arrays(
    lengths: tuple[int, ...],
    label: int,
    name: int,
    cell: int,
    width: int,
    index_row: bool,
    focus: int | None,
    marker: str,
    headed: bool = True,
    indexed: bool = False,
    indices: bool = False,
) -> tuple[tuple[_Cells | _Text, ...], int, tuple[int, int], int]:
    """The array lines of ``lengths`` cells with the marker under ``focus``, the label column
    (the arrays' names ``name`` wide at most), the lines to keep in view and the body's width
    (worked out once per shape)."""
    most = max(lengths, default=0)
    per_line = max((width - label - RULE) // cell, 1)
    # A lone array keeps its "b[8..]" (a band would take two lines for each of its lines),
    # under one line of the first band's indices (regine[i] read by its index too).
    lone = not index_row and len(lengths) == 1 and most > per_line and (headed or indices)
    headed = (
        headed and not index_row and len(lengths) > 1 and (most > per_line or len(set(lengths)) > 1)
    )
    if most > per_line and not index_row and not headed:
        # A line that goes on with a row is headed by its first index: the label column must
        # hold it (which may leave room for fewer cells: settles in a step or two).
        for _ in range(3):
            start = (most - 1) // per_line * per_line
            label = max(label, len(ON.format(name="x" * name, start=start)) + 1)
            per_line = max((width - label - RULE) // cell, 1)
    body = max(width - label - RULE, cell)
    marker_at = 0 if focus is None else (focus % per_line) * cell + cell - 1
    lines: list[_Cells | _Text] = []
    keep = (0, 1)
    if index_row or headed:
        # Bands of columns one under the other, each with every row, the marker under its band.
        for start in range(0, max(most, 1), per_line):
            first = len(lines)
            if headed:
                lines.append(_Cells(INDICES, start, min(start + per_line, most)))
            for index, length in enumerate(lengths):
                if start < length or start == 0:
                    lines.append(_Cells(index, start, min(start + per_line, length)))
            if focus is not None and start <= focus < start + per_line:
                # an index row and its array in view before the marker: in a view of one
                # line, the array's (the marker's k is in the status line too)
                arrays_end = len(lines)
                lines.extend(_marker(marker, marker_at, body))
                keep = (first, (arrays_end if index_row else len(lines)) - first)
        if focus is None:
            lines.extend(_marker(marker, marker_at, body))
    else:
        if lone or (
            indexed
            and not index_row
            and len(lengths) > 1
            and (most > per_line or (indices and len(set(lengths)) > 1))
        ):
            # No line for a band's indices: the first band's still head the arrays (a[] and b[]
            # need an index to read a[i+j] by). Arrays of different lengths on one line each
            # are headed by it too where the pane has the line (``indices``).
            lines.append(_Cells(INDICES, 0, min(per_line, most)))
        for index, length in enumerate(lengths):
            for start in range(0, max(length, 1), per_line):
                if index == 0 and focus is not None and start <= focus < start + per_line:
                    keep = (len(lines), 1)
                lines.append(_Cells(index, start, min(start + per_line, length), start > 0))
        lines.extend(_marker(marker, marker_at, body))
    return tuple(lines), label, keep, body


def _cell_lines(lines: Sequence[_Cells | _Text | None]) -> int:
    return sum(isinstance(line, _Cells) for line in lines)


POINTER_BACK = {"▶": "◀", ">": "<"}
"""The marker's pointer turned the other way, for the words drawn before it."""


def _marker(text: str, at: int, body: int) -> list[_Text]:
    """The marker line: its pointer (``▶ k = 3``) under the current entry, its words before it
    where they do not fit after (``k = 3 ◀``), else moved left or wrapped."""
    if not text:
        return []
    room = body - 1  # a blank column before the pane's border (never "▶ k = 3│")
    if at + len(text) <= room:
        return [_Text(text, at)]
    pointer, _, words = text.partition(" ")
    if words and not pointer.isalnum() and len(words) < at and at + len(pointer) <= body:
        # The pointer stays under its entry, with its words before it (moved left whole it
        # pointed at another column): it touches the border only where the entry's own cell
        # does; turned towards its words, as "▶ k = 1" is ("k = 3 ▶" read as marking another
        # column).
        return [_Text(f"{words} {POINTER_BACK.get(pointer, pointer)}", at - len(words) - 1)]
    if len(text) <= room:
        return [_Text(text, room - len(text))]
    return [_Text(part) for part in _wrap(text, room)]


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width``, broken between a frame's parts, else at spaces."""
    if len(text) <= width:
        return [text]
    lines: list[str] = []
    for part in text.split("  "):
        if lines and len(lines[-1]) + 2 + len(part) <= width:
            lines[-1] += "  " + part
        elif len(part) <= width:
            lines.append(part)
        else:
            lines.extend(textwrap.wrap(part, max(width, 1), break_on_hyphens=False) or [part])
    return lines or [text]


class TableDrawing:
    """:class:`Tables` as rows ``width`` wide: every array whole, wrapped, the entry in view."""

    _shape: tuple[int, ...] = ()
    _high_lines = 0
    _board: tuple[int, ...] = ()
    _frames = 0
    """The stack lines the pane asks room for: none before the first stack, then the deepest the
    board can have (:attr:`Tables.room`), so it grows once."""
    _limit = FRAMES_SHOWN
    """The most stack lines the pane asks room for, for the column it is in."""
    _asked = 0
    """The height the pane last asked for (see :meth:`wanted_height`)."""
    marker_at: int | None = None
    """The line of the last content drawn that holds the marker (``▶ k = 3``), if any."""
    filled = 0
    """The lines of the last content drawn that hold an array, the marker or a frame."""

    def __init__(self, glyphs: Glyphs) -> None:
        self.glyphs = glyphs
        self._drawn: dict[tuple[_Cells, str, int, int, str], tuple[TableRow, Row]] = {}
        """The line drawn for each (array, first index) and its source: unchanged, not restyled."""

    def forget_lines(self) -> None:
        """No blank lines kept for an earlier search's table: each pane as tall as its own lines."""
        self._shape, self._high_lines = (), 0

    def _cells_row(self, tables: Tables, line: _Cells, label: int, cell: int, rule: str) -> Row:
        if line.row == INDICES:
            indices = tuple((f"{i:>{cell}}", _HEAD) for i in range(line.start, line.stop))
            return Row(((f"{'':<{label}}{rule}", _HEAD),), indices)
        row = tables.rows[line.row]
        drawn = self._drawn
        key = (line, row.label, label, cell, rule)
        before = drawn.get(key)
        if before is not None:
            old, shown = before
            if old is row or old.cells[line.start : line.stop] == row.cells[line.start : line.stop]:
                drawn[key] = (row, shown)
                return shown
        if line.indexed:
            name = array_name(row.label)  # b of b[i]; S[C] whole
            head = f"{ON.format(name=name, start=line.start):>{label - 1}} {rule}"
        else:
            head = f"{row.label:<{label}}{rule}"
        cells = row.cells[line.start : line.stop]
        brackets = self.glyphs.read
        shown = Row(((head, _HEAD),), tuple(_cell(c.text, c.mark, cell, brackets) for c in cells))
        drawn[key] = (row, shown)
        return shown

    _indices_for: tuple[tuple[int, ...], int, int] | None = None
    """The shape, width and height the compact layout's line of indices was decided for."""
    _indices_fit = False
    """Whether that compact layout heads arrays that do not wrap with the line of indices."""
    _compact: tuple[int, ...] | None = None
    """The shape of table (its arrays' lengths) that once had to do with one line of indices:
    it keeps that layout while the board does (see :meth:`_lay_out`)."""

    def _lay_out(self, tables: Tables, width: int, height: int, marker: str) -> Layout:
        """The table in ``width`` x ``height``: bands headed by their indices where the top
        frames of the stack still show (:data:`FRAMES_SHOWN`), else under one line of indices
        (room for the top frame); once the second, kept while the shape and width stay."""
        shape = tuple(len(row.cells) for row in tables.rows)
        if self._compact != shape:
            layout = lay_out(tables, width, marker)
            if height <= 0 or layout.arrays + min(layout.stack, FRAMES_SHOWN) <= height:
                return layout
            self._compact = shape
        # decided by the room for the top frames, not the stack of the moment: the line of
        # indices would come and go as the stack grew and shrank
        key = (shape, width, height)
        if self._indices_for != key:
            fuller = lay_out(tables, width, marker, headed=False, indexed=True, indices=True)
            self._indices_for = key
            # the line of indices leaves room for the stack's top frame (the rest scroll)
            self._indices_fit = height <= 0 or fuller.arrays + 1 <= height
            if self._indices_fit:
                return fuller
        return lay_out(tables, width, marker, headed=False, indexed=True, indices=self._indices_fit)

    def wanted_height(self, tables: Tables | None, width: int, column: int, scrollbar: int) -> int:
        """Every array line at ``width`` and room for the top frames of the stack seen so far
        (:data:`FRAMES_SHOWN`, or a fifth of ``column`` on a taller terminal), beside the
        ``scrollbar`` when the lines would not all fit."""
        if tables is None:
            return 0
        self._limit = max(FRAMES_SHOWN, column // 5)
        self._asked = self._height(tables, width, self._limit, scrollbar)
        return self._asked

    def heights(
        self, tables: Tables | None, width: int, column: int, scrollbar: int
    ) -> tuple[int, int]:
        """The lines the pane needs and those :meth:`wanted_height` would ask, asking nothing."""
        if tables is None:
            return 0, 0
        least = self._height(tables, width, FRAMES_SHOWN, scrollbar)
        return least, self._height(tables, width, max(FRAMES_SHOWN, column // 5), scrollbar)

    def cells_height(self, tables: Tables | None, width: int, scrollbar: int) -> tuple[int, int]:
        """The lines of the arrays under one line of indices with the marker's (``▶ k = 3``),
        ``width`` wide beside the scrollbar (see :meth:`_lay_out`), and the stack's top frame's
        (0 or 1)."""
        if tables is None:
            return 0, 0
        layout = lay_out(tables, width - scrollbar, headed=False, indexed=True, indices=True)
        return layout.arrays, min(self._frames, 1)

    def view_label(self, tables: Tables | None, top: int, height: int) -> str | None:
        """What is out of a view ``height`` lines tall from line ``top`` of the last content
        drawn, in words: the marker (``k = 3``) where its line is, else ``lines 2-4 of 6``."""
        label, at = lines_label(top, height, self.filled) if tables else None, self.marker_at
        if label and tables and at is not None and not top <= at < top + height:
            return tables.marker
        return label

    def _height(self, tables: Tables, width: int, limit: int, scrollbar: int) -> int:
        layout = lay_out(tables, width)
        if len(layout.lines) > layout.arrays + min(self._frames, limit):
            # It scrolls: laid out beside the scrollbar.
            layout = lay_out(tables, width - scrollbar)
        return layout.arrays + min(self._frames, limit)

    def content(
        self, tables: Tables | None, width: int, height: int, scrollbar: int
    ) -> tuple[Content, bool]:
        """The rows of ``tables`` in ``width`` x ``height`` (0: not laid out yet), the scrollbar
        ``scrollbar`` columns wide, and whether the pane should be laid out again."""
        if tables is None:
            return NOTHING, False
        marker = self.glyphs.marker
        if width and len(tables.rows) + max(tables.room, len(tables.lines)) > height > 0:
            # Sure to scroll (an array takes a line at least): laid out once, beside the
            # scrollbar, which takes a column.
            width -= scrollbar
            scrollbar = 0
        layout = self._lay_out(tables, width, height, marker)
        if width and scrollbar and len(layout.lines) > height > 0:
            # The scrollbar shows after all: the cells go in the columns left.
            width -= scrollbar
            layout = self._lay_out(tables, width, height, marker)
        label, cell = layout.label, layout.cell
        rule = "|" if self.glyphs.ascii else "│"
        rows = []
        self.marker_at, self.filled = None, sum(line is not None for line in layout.lines)
        for line in layout.lines:
            if line is None:
                rows.append(_BLANK)
            elif isinstance(line, _Cells):
                rows.append(self._cells_row(tables, line, label, cell, rule))
            elif line.stack:
                mark = f"{marker} " if line.first else "  "
                rows.append(Row(((mark, _MARKER),), ((line.text, _STACK),)))
            else:
                text = " " * line.at + line.text
                self.marker_at = len(rows)
                rows.append(Row(((f"{'':<{label}}{rule}", _HEAD),), ((text, _MARKER),)))
        # The call stack grows and shrinks on every tick: the view keeps room for the deepest
        # stack the method can reach on this board (blank lines under a shorter one), and the
        # most lines seen for this shape of table and width are kept, so a tick repaints lines
        # instead of laying the pane out again and drawing the new line a frame later. The
        # pane's own height grows with the first frames of a board's stack, then stays.
        board = (len(tables.rows), *(len(row.cells) for row in tables.rows))
        if board != self._board:
            self._board, self._frames = board, 0
        relayout = False
        if layout.stack > self._frames:
            # The first stack on this board (or one deeper than its room): a new layout, if
            # the pane would grow (it got what it asked for last time, and asks for more now).
            frames = max(layout.stack, tables.room)
            grows = min(frames, self._limit) > min(self._frames, self._limit)
            self._frames = frames
            relayout = grows and height >= self._asked
        # a table with no pointer line (a placement's b[], no k) keeps no line for one
        shape = (*board, label, cell, width, bool(tables.marker))
        if shape != self._shape:
            self._shape, self._high_lines = shape, 0
        self._high_lines = max(self._high_lines, len(rows))
        rows += [_BLANK] * (self._high_lines - len(rows))
        top, count = layout.keep
        content = Content(
            rows,
            keep=Region(0, top, 1, count),
            body_width=(width or table_width(tables)) - label - RULE,
            head_width=label + RULE,
        )
        return content, relayout


class StateTable(LinesView):
    """Draws :attr:`tables`: every array whole, wrapped; scrolls to keep the entry in view."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "state-table--head",
        "state-table--value",
        "state-table--current",
        "state-table--read",
        "state-table--changed",
        "state-table--stale",
        "state-table--marker",
        "state-table--stack",
    }

    tables: reactive[Tables | None] = reactive(None, repaint=False)
    """The state to draw; None draws nothing. The watcher repaints only what changed."""

    DRAWING = TableDrawing
    drawing: TableDrawing
    """The table's rows, made from :attr:`tables`."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Every array line at this width and room for the stack's top frames (``auto``, capped)."""
        return self.drawing.wanted_height(
            self.tables, width, container.height, self.styles.scrollbar_size_vertical
        )

    def view_label(self) -> str | None:
        """What is out of view, in words, as no scrollbar would say (see
        :meth:`TableDrawing.view_label`); else :attr:`note`."""
        height = self.scrollable_content_region.height
        return self.drawing.view_label(self.tables, round(self.scroll_y), height) or self.note

    def on_resize(self) -> None:
        if self.tables is not None:
            self.watch_tables(self.tables)

    def watch_tables(self, tables: Tables | None) -> None:
        # Before the first layout the width is not known: nothing wrapped until then.
        width, height = self.size  # the content, with the scrollbar's column
        scrollbar = self.styles.scrollbar_size_vertical
        content, relayout = self.drawing.content(tables, width, height, scrollbar)
        if relayout:
            self.refresh(layout=True)
        self.show(content)
