"""The board: draws a :class:`~solver.views.frame.BoardFrame`, whatever the method, keeping
the square in focus in view."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from textual import events
from textual.cache import LRUCache
from textual.geometry import Offset, Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from lessons.i18n import _
from solver.views.frame import BoardFrame, Mark
from solver.views.widths import square_width
from tui.glyphs import Glyphs
from tui.top_screen import on_top
from tui.widgets.lines_view import LinesView
from tui.widgets.quiz_answer import AnswerField
from tui.widgets.rows import NOTHING, Cell, Content, Row

_MAZE_MARKS = frozenset(
    {Mark.WALL, Mark.FLOOR, Mark.PATH, Mark.HERE, Mark.DEAD_END, Mark.START, Mark.EXIT}
)
_LINES = frozenset({Mark.LINE_ROW, Mark.LINE_COL, Mark.LINE_FALLING, Mark.LINE_RISING})
_TRIED = frozenset({Mark.TRYING, Mark.CANDIDATE, Mark.HERE})
"""The marks of the square the search is trying (the maze: where it stands)."""


def _component(mark: Mark) -> str:
    return "board--line" if mark in _LINES else f"board--{mark.value}"


def cursor_square(frame: BoardFrame) -> tuple[int, int] | None:
    """(column, line) of the square the terminal cursor rests on: the learner's cursor when
    placing queens, else the square the frame marks as tried, else the frame's focus."""
    if frame.cursor is not None:
        return frame.cursor
    focus = frame.focus
    tried = [
        (col, line)
        for line, marks in enumerate(frame.squares)
        for col, mark in enumerate(marks)
        if mark in _TRIED
    ]
    return focus if focus in tried else next(iter(tried), focus)


def place_cursor(board: Widget, offset: Callable[[], Offset | None]) -> None:
    """Put the terminal cursor at ``offset()`` (None: leave it), when ``board`` may: it is
    mounted, its screen is on top and no answer field there has the focus."""
    if not board.is_mounted:
        return
    screen = board.screen
    if on_top(screen) and not isinstance(screen.focused, AnswerField):
        at = offset()
        if at is not None:
            board.app.cursor_position = at


class BoardDrawing:
    """A :class:`BoardFrame` as rows: each line's squares as cells (named by the component
    classes that colour them) after its row number, the file numbers as the footer, the square
    in focus kept in view. A line that did not change is the same :class:`Row` as before."""

    def __init__(self, glyphs: Glyphs) -> None:
        self.glyphs = glyphs
        self._cells: LRUCache[tuple[int, Mark, int | None, int, bool, str], Cell] = LRUCache(4096)
        self._line_cells: LRUCache[
            tuple[
                tuple[Mark, ...], tuple[int, ...] | None, int, int, int, tuple[tuple[int, str], ...]
            ],
            tuple[Cell, ...],
        ] = LRUCache(128)
        self._shape: tuple[int, int, int] = (0, 0, 0)
        self.labels: tuple[tuple[str, ...], tuple[str, ...], int, bool] | None = None
        """The row and file numbers (and the square width) the margins were made for."""
        self._margins = _rank_and_file((), (), 3, True)
        self._rows: dict[int, Row] = {}
        """The row drawn for each line, kept while its cells stay the same."""
        self.flag: tuple[int, int] | None = None
        """(column, line) of a queen whose square also shows the wrong-step glyph beside it
        (outside the cursor's brackets: ``[♕]!``, on the last column ``![♕]``)."""

    def content(self, frame: BoardFrame | None) -> Content:
        """The rows of ``frame`` (None, or no squares: nothing)."""
        if frame is None or not frame.squares:
            return NOTHING
        width = square_width(frame)
        shape = (frame.width, frame.height, width)
        if shape != self._shape:
            self._line_cells.clear()
            self._rows = {}
            self._shape = shape
        labels = (frame.row_labels, frame.col_labels, width, frame.checkered)
        if labels != self.labels:
            self.labels = labels
            self._margins = _rank_and_file(*labels)
            self._rows = {}
        margins = self._margins
        rows = []
        for i, head in enumerate(margins.heads):
            body = self._line(frame, i, width)
            row = self._rows.get(i)
            if row is None or row.body is not body:
                row = self._rows[i] = Row(head, body)
            rows.append(row)
        col, line = frame.focus or (0, frame.height - 1)
        return Content(
            rows,
            margins.footer,
            Region(col * width, line, width, 1),
            step=width,
            body_width=max(frame.width * width, margins.files_width),
            head_width=margins.head_width,
        )

    def _cell(
        self,
        col: int,
        line: int,
        mark: Mark,
        value: int | None,
        width: int,
        cursor: bool = False,
        flag: str = "",
    ) -> Cell:
        """One square's cell; ``flag``: the wrong-step glyph's column ("", ``last``, ``first``)."""
        key = ((col + line) % 2, mark, value, width, cursor, flag)
        cell = self._cells.get(key)
        if cell is None:
            glyph = self.glyphs.of(mark.value)
            if mark in _MAZE_MARKS or width == 2:  # a maze square: two columns
                text = glyph * 2 if mark is Mark.WALL else f"{glyph} "
                cell = (text, (_component(mark),))
            else:
                shade = "board--dark" if (col + line) % 2 == 0 else "board--light"
                text = f" {glyph} " if value is None else f"{glyph}{value:>{width - 2}} "
                names: tuple[str, ...] = (shade, _component(mark))
                if cursor:
                    left, right = self.glyphs.cursor
                    text = f"{left}{text[1:-1]}{right}" if value is None else text[:-1] + right
                    names = (*names, "board--cursor")
                if flag == "last" and value is None:  # the glyph after the queen
                    text = text[:-1] + self.glyphs.wrong
                elif flag == "first" and value is None:
                    text = self.glyphs.wrong + text[1:]
                cell = (text, names)
            self._cells[key] = cell
        return cell

    def _line(self, frame: BoardFrame, index: int, width: int) -> tuple[Cell, ...]:
        """A line's cells, kept by everything they show."""
        marks = frame.squares[index]
        cursor = frame.cursor[0] if frame.cursor is not None and frame.cursor[1] == index else -1
        flags = self._flags(index, cursor, len(marks))
        values = frame.values[index] if frame.values is not None else None
        key = (marks, values, index, width, cursor, tuple(flags.items()))
        cells = self._line_cells.get(key)
        if cells is None:
            cells = tuple(
                self._cell(
                    col,
                    index,
                    mark,
                    None if values is None else values[col],
                    width,
                    col == cursor,
                    flags.get(col, ""),
                )
                for col, mark in enumerate(marks)
            )
            self._line_cells[key] = cells
        return cells

    def _flags(self, index: int, cursor: int, width: int) -> dict[int, str]:
        """The cells of line ``index`` that draw the wrong-step glyph, and where in the cell."""
        if self.flag is None or self.flag[1] != index:
            return {}
        col = self.flag[0]
        if col != cursor:
            return {col: "last"}
        if col + 1 < width:
            return {col + 1: "first"}
        return {col - 1: "last"} if col > 0 else {}


class Board(LinesView):
    """A board drawn from :attr:`frame` (the glyphs: :class:`~tui.glyphs.Glyphs`), scrolled to
    keep the square in focus visible; a click on a square posts :class:`SquareClicked`."""

    @dataclass(eq=False)
    class SquareClicked(Message):
        """A square was clicked: ``col`` from the left, ``line`` from the top, as drawn."""

        col: int
        line: int

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "board--light",
        "board--dark",
        "board--label",
        "board--cursor",
        *(_component(mark) for mark in Mark),
    }

    frame: reactive[BoardFrame | None] = reactive(None, repaint=False)
    """The board to draw; None draws nothing."""

    DRAWING = BoardDrawing
    drawing: BoardDrawing
    """The board's rows, made from :attr:`frame`."""

    def watch_frame(self) -> None:
        self._redraw()

    def set_flag(self, square: tuple[int, int] | None) -> None:
        """Show the wrong-step glyph beside the queen of ``square`` (column, line), or on none."""
        if square != self.drawing.flag:
            self.drawing.flag = square
            self._redraw()

    def on_mount(self) -> None:
        # an answer field that loses the focus gives the cursor back
        self.watch(self.screen, "focused", self._place_cursor, init=False)

    def render_lines(self, crop: Region) -> list[Strip]:
        # the layout and the scroll are final here: the cursor is placed with the lines
        strips = super().render_lines(crop)
        self._place_cursor()
        return strips

    def cursor_offset(self) -> Offset | None:
        """Where on the screen the terminal cursor goes: on the glyph of :func:`cursor_square`;
        None when there is none or it is out of view."""
        region = self.scrollable_content_region
        at = cursor_at(self.frame, self.cell_width(), self.scroll_offset, self._head_width)
        if at is None:
            return None
        x, y = at
        if not (self._head_width <= x < region.width and 0 <= y < region.height):
            return None
        return Offset(region.x + x, region.y + y)

    def _place_cursor(self) -> None:
        place_cursor(self, self.cursor_offset)

    # no scrollbars: the bottom border says which part shows
    def watch_scroll_x(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_x(old_value, new_value)
        self._label_view()

    def on_resize(self) -> None:
        self._label_view()

    def cell_width(self) -> int:
        """Columns a square takes: 2 for a maze, 3 for a queens board (more with an overlay)."""
        frame = self.frame
        return 3 if frame is None else square_width(frame)

    def view_label(self) -> str | None:
        """``cols 3-12, rows 8-15 of 32``: the squares in view; None when the board all shows."""
        return view_label(
            self.frame,
            self.cell_width(),
            self.scroll_offset,
            self.scrollable_content_region.size,
            self._head_width,
        )

    def _redraw(self) -> None:
        self.show(self.drawing.content(self.frame))  # its border says again which part shows

    def square_at(self, x: int, y: int) -> tuple[int, int] | None:
        """(column, line) of the square drawn at (x, y) of the content region, or None."""
        return square_at(self.frame, self.cell_width(), self.scroll_offset, self._head_width, x, y)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        square = self.square_at(offset.x, offset.y)
        if square is not None:
            event.stop()
            self.post_message(self.SquareClicked(*square))


def cursor_at(
    frame: BoardFrame | None, width: int, scroll: tuple[int, int], head_width: int
) -> tuple[int, int] | None:
    """(x, y) in a board's view, scrolled to ``scroll``, of the glyph of :func:`cursor_square`
    (squares ``width`` columns wide after a head of ``head_width``); None when there is none."""
    square = None if frame is None or not frame.squares else cursor_square(frame)
    if frame is None or square is None:
        return None
    col, line = square
    # the glyph is a queens square's second character (" ♛ "), else its first ("♛10 ")
    glyph = 1 if frame.checkered and frame.values is None else 0
    scroll_x, scroll_y = scroll
    return head_width + col * width + glyph - scroll_x, line - scroll_y


def square_at(
    frame: BoardFrame | None, width: int, scroll: tuple[int, int], head_width: int, x: int, y: int
) -> tuple[int, int] | None:
    """(column, line) of the square at (x, y) of a view scrolled to ``scroll``, or None."""
    if frame is None or not frame.squares:
        return None
    scroll_x, scroll_y = scroll
    body_x = x - head_width
    if body_x < 0:
        return None
    col = (body_x + scroll_x) // width
    line = y + scroll_y
    if 0 <= col < frame.width and 0 <= line < frame.height:
        return col, line
    return None


def view_label(
    frame: BoardFrame | None,
    cell: int,
    scroll: tuple[int, int],
    view: tuple[int, int],
    head_width: int,
) -> str | None:
    """``cols 3-12, rows 8-15 of 32``: the squares in a view of ``view`` (columns, lines)
    scrolled to ``scroll`` when the board does not fit; None when it all shows."""
    width, height = view
    if frame is None or width <= 0 or not frame.squares:
        return None
    cols, lines = frame.width, frame.height
    scroll_x, scroll_y = scroll
    body_width = width - head_width
    first_col = min(-(-scroll_x // cell), cols - 1)  # the first whole square
    last_col = min(max((scroll_x + body_width) // cell, first_col + 1), cols) - 1
    top = min(scroll_y, lines - 1)
    bottom = min(max(scroll_y + height - 1, top + 1), lines) - 1  # 1: the file numbers
    if (first_col, last_col, top, bottom) == (0, cols - 1, 0, lines - 1):
        return None
    labels = frame.row_labels
    low, high = sorted((int(labels[top]), int(labels[bottom])))
    return _("cols {first}-{last}, rows {low}-{high} of {count}").format(
        first=first_col, last=last_col, low=low, high=high, count=lines
    )


class _Margins(NamedTuple):
    """The board's row numbers (a head a line), file numbers (the footer), and their widths."""

    heads: list[tuple[Cell, ...]]
    footer: Row
    head_width: int
    files_width: int


def _rank_and_file(
    row_labels: tuple[str, ...], col_labels: tuple[str, ...], width: int, checkered: bool
) -> _Margins:
    label_width = max((len(label) for label in row_labels), default=0) + 1
    heads: list[tuple[Cell, ...]] = [
        ((f"{label:>{label_width - 1}} ", ("board--label",)),) for label in row_labels
    ]
    # each number under its square's glyph
    if checkered:
        files = "".join(f"{label:^3}".ljust(width) for label in col_labels)
    else:
        files = _spaced_files(col_labels, width)
    footer = Row(((" " * label_width, ()),), ((files, ("board--label",)),))
    return _Margins(heads, footer, label_width, len(files))


def _spaced_files(col_labels: tuple[str, ...], width: int) -> str:
    """A maze's column numbers, each at the left of its square, only every second (third...)
    column numbered where they would touch."""
    longest = max((len(label) for label in col_labels), default=0)
    step = 1
    while longest >= step * width and step < len(col_labels):
        step += 1
    line = [" "] * (len(col_labels) * width)
    for index in range(0, len(col_labels), step):
        label = col_labels[index][: step * width - 1] if step > 1 else col_labels[index][:width]
        at = index * width
        line[at : at + len(label)] = label
    return "".join(line[: len(col_labels) * width])
