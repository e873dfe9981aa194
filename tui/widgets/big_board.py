"""The projector's board: each square of the :class:`~solver.views.frame.BoardFrame` as large
as the widget allows (twice as many columns as lines), queens and tries filling it with their
glyph, the line from an attacker running across it."""

from __future__ import annotations

from textual.geometry import Offset, Region
from textual.strip import Strip

from solver.views.frame import BoardFrame, Mark
from solver.views.widths import square_width
from tui.glyphs import UNICODE, Glyphs
from tui.widgets.board import Board, cursor_square
from tui.widgets.lines_view import Cell, Row
from tui.widgets.rows import NOTHING, Content

_FILLED = frozenset(
    {
        Mark.QUEEN,
        Mark.CANDIDATE,
        Mark.TRYING,
        Mark.ATTACKER,
        Mark.PATH,
        Mark.HERE,
        Mark.DEAD_END,
    }
)
"""Marks that fill their square with their glyph (every other column of its inner lines)."""
_LINES = frozenset({Mark.LINE_ROW, Mark.LINE_COL, Mark.LINE_FALLING, Mark.LINE_RISING})
_MAX_LINES = 9
"""A square is at most this many lines tall (18 columns wide): a small board stays compact."""


def square_size(frame: BoardFrame, width: int, height: int, label_width: int) -> tuple[int, int]:
    """(columns, lines) of a square so that the board and its numbers fit ``width`` x
    ``height``: twice as wide as tall, or the main board's square when no larger one fits."""
    small = (square_width(frame), 1)
    if not frame.squares:
        return small
    lines = min((height - 1) // frame.height, (width - label_width) // (2 * frame.width))
    lines = min(lines, _MAX_LINES)
    return small if 2 * lines <= small[0] else (2 * lines, lines)


class BigBoard(Board):
    """A board of large squares, sized to the widget and centred in it."""

    def __init__(self, glyphs: Glyphs = UNICODE, *, id: str | None = None) -> None:
        super().__init__(glyphs, id=id)
        self._square = (3, 1)
        self._margin = (0, 0)
        """Blank columns left of the board and lines above it (it is centred)."""
        self._drawn_for: tuple[BoardFrame | None, tuple[int, int]] | None = None

    def cell_width(self) -> int:
        return self._square[0]

    def on_resize(self) -> None:
        self._redraw()

    def render_lines(self, crop: Region) -> list[Strip]:
        if self._drawn_for != (self.frame, self.scrollable_content_region.size):
            self._redraw()
        return super().render_lines(crop)

    def view_label(self) -> str | None:
        return None  # sized to fit

    def _redraw(self) -> None:
        frame = self.frame
        width, height = self.scrollable_content_region.size
        self._drawn_for = (frame, (width, height))
        if frame is None or not frame.squares or width <= 0:
            self.show(NOTHING)
            return
        label_width = max(len(label) for label in frame.row_labels) + 1
        columns, lines = self._square = square_size(frame, width, height, label_width)
        board_width = label_width + columns * frame.width
        board_height = lines * frame.height + 1
        left = max((width - board_width) // 2, 0)
        top = max((height - board_height) // 2, 0)
        self._margin = (left, top)
        rows = [Row(((" " * (left + label_width), ("board--label",)),), ())] * top
        middle = lines // 2
        for index, marks in enumerate(frame.squares):
            values = frame.values[index] if frame.values is not None else None
            for line in range(lines):
                label = frame.row_labels[index] if line == middle else ""
                head = ((" " * left + f"{label:>{label_width - 1}} ", ("board--label",)),)
                body = tuple(
                    self._big_cell(
                        col, index, mark, None if values is None else values[col], line, frame
                    )
                    for col, mark in enumerate(marks)
                )
                rows.append(Row(head, body))
        files = "".join(f"{label:^{columns}}" for label in frame.col_labels)
        footer = Row(((" " * (left + label_width), ()),), ((files, ("board--label",)),))
        col, line = frame.focus or (0, frame.height - 1)
        self.show(
            Content(
                rows,
                footer,
                Region(col * columns, top + line * lines, columns, lines),
                step=columns,
                body_width=columns * frame.width,
                head_width=left + label_width,
            )
        )

    def _big_cell(
        self, col: int, index: int, mark: Mark, value: int | None, line: int, frame: BoardFrame
    ) -> Cell:
        """One line of one square: its glyph in the middle, filling it, or crossing it."""
        columns, lines = self._square
        glyph = self.glyphs.of(mark.value)
        middle, centre = lines // 2, columns // 2
        text = [" "] * columns
        if mark is Mark.WALL:
            text = [glyph] * columns
        elif lines > 1 and mark in _FILLED:
            if 0 < line < lines - 1 or lines == 2:
                for x in range(centre % 2 or 2, columns - 1, 2):
                    text[x] = glyph
        elif lines > 1 and mark in _LINES:
            text = self._line_across(glyph, line)
        elif line == middle:
            text[centre] = glyph
        if frame.cursor == (col, index) and line == middle and columns >= 3:
            left, right = self.glyphs.cursor
            text[centre - 1 : centre + 2] = [left, glyph, right]
        if value is not None:
            shown = str(value)
            if lines == 1:  # as the main board: the value after the glyph
                text = list(f"{glyph}{shown:>{columns - 2}} "[:columns])
            elif line == (middle + 1 if middle + 1 < lines else middle - 1):
                first = max(centre - len(shown) // 2, 0)
                text[first : first + len(shown)] = list(shown[: columns - first])
        component = "board--line" if mark in _LINES else f"board--{mark.value}"
        if not frame.checkered:
            return "".join(text), (component,)
        shade = "board--dark" if (col + index) % 2 == 0 else "board--light"
        return "".join(text), (shade, component)

    def _line_across(self, glyph: str, line: int) -> list[str]:
        """The line from an attacker, across the whole square (its glyph says which way)."""
        columns, lines = self._square
        text = [" "] * columns
        if glyph in "─-":
            return [glyph] * columns if line == lines // 2 else text
        if glyph in "│|":
            text[columns // 2] = glyph
            return text
        down = glyph in "╲\\"
        step = columns / lines
        start = int((line if down else lines - 1 - line) * step)
        for x in range(start, min(int(start + step), columns)):
            text[x] = glyph
        return text

    def cursor_offset(self) -> Offset | None:
        """The middle of :func:`~tui.widgets.board.cursor_square`."""
        frame = self.frame
        square = None if frame is None or not frame.squares else cursor_square(frame)
        if square is None:
            return None
        col, index = square
        columns, lines = self._square
        _left, top = self._margin
        region = self.scrollable_content_region
        scroll_x, scroll_y = self.scroll_offset
        x = self._head_width + col * columns + columns // 2 - scroll_x
        y = top + index * lines + lines // 2 - scroll_y
        if not (self._head_width <= x < region.width and 0 <= y < region.height):
            return None
        return Offset(region.x + x, region.y + y)

    def square_at(self, x: int, y: int) -> tuple[int, int] | None:
        frame = self.frame
        if frame is None or not frame.squares:
            return None
        columns, lines = self._square
        _left, top = self._margin
        scroll_x, scroll_y = self.scroll_offset
        body_x = x - self._head_width
        if body_x < 0 or y + scroll_y < top:
            return None
        col = (body_x + scroll_x) // columns
        index = (y + scroll_y - top) // lines
        if 0 <= col < frame.width and 0 <= index < frame.height:
            return col, index
        return None
