"""The main screen's board session drawn by one Line API widget: the board, state table, code or
tree, status and narration, each a :class:`Pane`; only what changed is repainted."""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.style import Style
from textual import events
from textual.geometry import Offset, Region
from textual.strip import Strip

from lessons.i18n import _
from solver.views.frame import Frame
from solver.views.widths import side_column, square_width
from tui.glyphs import UNICODE, Glyphs
from tui.widgets.board import Board, BoardDrawing, cursor_at, place_cursor, square_at
from tui.widgets.board import view_label as board_view_label
from tui.widgets.code_pane import CodeDrawing, CodePane, code_width
from tui.widgets.guess_pane import AnswerKeys
from tui.widgets.rows import TEXT, Content, Row
from tui.widgets.run_status import RunStatus, StatusDrawing, StatusShown
from tui.widgets.session_view.drawing import HandedLines, ViewStyles
from tui.widgets.session_view.grid import (
    IN_COLUMN,
    LOOKS,
    NARRATION_HEIGHT,
    RIGHT_LEAST,
    RIGHT_MOST,
    TABLE_MOST,
    boxes,
    line_panes,
)
from tui.widgets.session_view.pane import ASCII, ROUND, Pane
from tui.widgets.session_view.plain import Plain
from tui.widgets.session_view.right_column import RightColumn, WheelScrolls
from tui.widgets.state_table import StateTable, TableDrawing
from tui.widgets.tree_pane import TreePane, tree_content

if TYPE_CHECKING:
    from solver.tree.view import TreeFrame

NOTICE_LINE = 4
"""The status line a notice starts on when it fits (a longer one higher, never the first)."""
_NOTICE = ("session-view--notice",)
_ERROR = ("session-view--error",)


class SessionView(WheelScrolls, AnswerKeys, can_focus=True):
    """A board session's panes in one widget, given the session's frame by :meth:`show`; it
    takes the guess mode's answer keys while focused. A click on a square posts
    :class:`Board.SquareClicked`; the mouse wheel scrolls the pane under the pointer."""

    DEFAULT_CSS = """
    SessionView {
        height: 1fr;
    }
    SessionView > .session-view--board-border { color: $primary; }
    SessionView > .session-view--board-title { color: $text; }
    SessionView > .session-view--board-subtitle { color: $text-muted; }
    SessionView > .session-view--table-border { color: $secondary; }
    SessionView > .session-view--code-border { color: $secondary; }
    SessionView > .session-view--tree-border { color: $secondary; }
    SessionView > .session-view--narration-border { color: $accent; }
    SessionView > .tree--cut { color: $text-error; }
    SessionView > .tree--left { color: $text-muted; }
    SessionView > .tree--solution { color: $text-success; text-style: bold; }
    SessionView > .tree--current { text-style: bold reverse; }
    SessionView > .session-view--notice { color: $text-warning; text-style: bold; }
    SessionView > .session-view--error { color: $text-error; text-style: bold; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *Board.COMPONENT_CLASSES,
        *StateTable.COMPONENT_CLASSES,
        *CodePane.COMPONENT_CLASSES,
        *RunStatus.COMPONENT_CLASSES,
        *TreePane.COMPONENT_CLASSES,
        "session-view--board-border",
        "session-view--board-title",
        "session-view--board-subtitle",
        "session-view--table-border",
        "session-view--code-border",
        "session-view--tree-border",
        "session-view--narration-border",
        "session-view--notice",
        "session-view--error",
    }

    def __init__(
        self,
        glyphs: Glyphs = UNICODE,
        *,
        id: str | None = None,
        right: RightColumn | None = None,
    ) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self.right = right
        """The widget over the right column that draws its panes (None: the view draws them)."""
        if right is not None:
            right.view = self
        self.board_drawing = BoardDrawing(glyphs)
        self.table_drawing = TableDrawing(glyphs)
        self.code_drawing = CodeDrawing(glyphs)
        self.status_drawing = StatusDrawing(glyphs)
        self._styles = ViewStyles(self)
        self.panes = {name: Pane(name, look, self._styles) for name, look in LOOKS.items()}
        for pane in self.panes.values():
            pane.glyphs = ASCII if glyphs.ascii else ROUND
        self._frame: Frame | None = None
        self._status = StatusShown()
        self._narration = ""
        self._narration_shown = ""
        """The narration last drawn (a new one is shown from its first line)."""
        self._tree: TreeFrame | None = None
        self._notice = ""
        self.notice_error = False
        """The notice says something went wrong (drawn in the error colour)."""
        self._shape: tuple[object, ...] = ()
        """What the grid was last worked out for."""
        self._grid: tuple[object, ...] = ()
        self._width = 0
        self._code_width = 0
        """The width the code was last wrapped to."""
        self._at: list[list[Pane]] = []
        """The panes the view draws on each line, left to right."""
        self._right_at: list[Pane | None] = []
        """The pane the right column's widget draws on each of its lines."""
        self._joined: dict[int, tuple[tuple[Strip, ...], Strip]] = {}
        """Each line as last put together, and the panes' lines it was put together from."""
        self._plain = Plain(self)
        self._handed = HandedLines()
        self._right_handed = HandedLines()

    # -- what the screen hands down ------------------------------------------------------------

    @property
    def frame(self) -> Frame | None:
        """The frame drawn."""
        return self._frame

    @property
    def status_shown(self) -> StatusShown:
        """What the status lines were last given to say."""
        return self._status

    @property
    def narration(self) -> str:
        """The narration drawn (the open question, in guess mode)."""
        return self._narration

    @property
    def notice(self) -> str:
        """The notice in the status pane, shown until the next key ("": none)."""
        return self._notice

    @notice.setter
    def notice(self, text: str) -> None:
        if text != self._notice:
            self._notice = text
            self._update()

    def notice_fits(self, text: str) -> bool:
        """Whether ``text``, as a notice, is whole in the status pane as it is laid out now."""
        from tui.widgets.no_break import wrap_words

        width, height = self.panes["status"].view
        return len(wrap_words(text, max(width, 1), cell_len)) <= max(height - 1, 1)

    def show(self, frame: Frame, status: StatusShown, narration: str) -> None:
        """Draw ``frame``, the status lines of ``status`` and the ``narration``."""
        self._frame, self._status, self._narration = frame, status, narration
        self._update()

    @property
    def tree_frame(self) -> TreeFrame | None:
        """The tree shown in the code's place, or None."""
        return self._tree

    def show_tree(self, tree: TreeFrame | None, subtitle: str | None = None) -> None:
        """Show ``tree`` in the code's place (None: the code again)."""
        self._tree = tree
        if tree is not None:
            self.panes["tree"].set_titles(tree.title, subtitle)
        self._update()

    def set_titles(self, board: str, narration: str) -> None:
        """The board's and the narration's border titles, in the language in use."""
        self.panes["board"].title = board
        self.panes["narration"].title = narration
        self.panes["board"].redraw()
        self.panes["narration"].redraw()
        self._update()

    # -- reading what is drawn -----------------------------------------------------------------

    def pane(self, name: str) -> Pane:
        """The pane ``name``: board, table, code, tree, status or narration."""
        return self.panes[name]

    def pane_lines(self, name: str) -> list[str]:
        """The text of pane ``name``'s viewport as drawn, line by line, trailing blanks removed."""
        pane = self.panes[name]
        width, height = pane.view
        return [pane.row_strip(y, width).text.rstrip() for y in range(height)]

    def content_width(self) -> int:
        """Columns the code takes with nothing wrapped."""
        return 0 if self._frame is None else code_width(self._frame.code)

    # -- the grid ----------------------------------------------------------------------------

    def _lay_out(self, again: bool = False) -> bool:
        """Work out the panes' boxes when the size or what sets them changed, or ``again`` (the
        state table asks for more lines); whether they changed."""
        width, height = self.size
        frame = self._frame
        shape: tuple[object, ...] = (width, height, self._tree is not None)
        if frame is not None:
            board = frame.board
            shape += (board.width, board.height, square_width(board), frame.code.lines)
            shape += (len(frame.tables.rows), frame.tables.room)
        if shape == self._shape and not again:
            return False
        self._shape = shape
        right = RIGHT_LEAST if frame is None else max(side_column(frame, RIGHT_MOST), RIGHT_LEAST)
        right = min(right, width)
        # the state table's height with its border: its lines, up to 40% of the terminal
        lines = self.table_drawing.wanted_height(
            None if frame is None else frame.tables, right - 2, height, LOOKS["table"].vertical
        )
        table = min(lines + 2, int(self.app.size.height * TABLE_MOST))
        grid = (width, height, right, table, self._tree is not None)
        if grid == self._grid:
            return False
        self._grid = grid
        self._width = width
        for name, box in boxes(width, height, right, table, self._tree is not None).items():
            self.panes[name].place(box)
        column = max(height - NARRATION_HEIGHT, 0) if self.right is not None else 0
        if self.right is not None:
            region = self.region  # the column's offset is the screen's
            self.right.place(region.x + width - right, region.y, right, column)
        self._at, self._right_at = line_panes(self.panes.values(), height, column)
        return True

    # -- updating ----------------------------------------------------------------------------

    def on_resize(self) -> None:
        self._update()

    def _update(self) -> None:
        """Hand what is shown to the panes and repaint the lines that changed."""
        if not self.size or not self.is_mounted:
            return
        frame = self._frame
        relaid = self._lay_out()
        panes = self.panes
        if frame is not None:
            board = panes["board"]
            board.show(self.board_drawing.content(frame.board))
            if self._show_table(frame) and self._lay_out(again=True):
                relaid = True
                self._show_table(frame)
            self._label_table()
            code = panes["code"]
            if self._tree is None:
                width, height = code.inner
                if width and self.code_drawing.lines(frame.code, width) > height:
                    width -= code.look.vertical
                code.show(self.code_drawing.content(frame.code, width))
                self._code_width = width
                code.set_titles(frame.code.title, self._code_label())
            else:
                panes["tree"].show(tree_content(self._tree))
            board.set_titles(board.title, self._board_label())
        self._show_status()
        self._show_narration()
        self._repaint(everything=relaid)

    def _show_table(self, frame: Frame) -> bool:
        """Draw the state table; whether it asks for more lines."""
        table = self.panes["table"]
        width, height = table.inner
        content, relayout = self.table_drawing.content(
            frame.tables, width, height, table.look.vertical
        )
        table.show(content)
        return relayout

    def _label_table(self) -> None:
        """The table's title, and in its bottom border what is out of view (no thumb)."""
        frame, table = self._frame, self.panes["table"]
        if frame is not None:
            label = self.table_drawing.view_label(frame.tables, table.scroll_y, table.view[1])
            table.set_titles(frame.table_title, label)

    def _code_label(self) -> str | None:
        """``lines 4-12 of 13`` in the code's bottom border while part of it is out of view."""
        frame, code = self._frame, self.panes["code"]
        if frame is None:
            return None
        return self.code_drawing.view_label(
            frame.code, self._code_width, code.scroll_y, code.view[1]
        )

    def _board_label(self) -> str | None:
        frame = self._frame
        board = self.panes["board"]
        if frame is None:
            return None
        return board_view_label(
            frame.board,
            square_width(frame.board),
            (board.scroll_x, board.scroll_y),
            board.view,
            board.head_width,
        )

    def _show_status(self) -> None:
        pane = self.panes["status"]
        width, height = pane.view
        lines = self.status_drawing.lines(self._status, width)
        if self._notice:
            from tui.widgets.no_break import wrap_words

            style = _ERROR if self.notice_error else _NOTICE
            notice = [(line, style) for line in wrap_words(self._notice, max(width, 1), cell_len)]
            notice = notice[: max(height - 1, 1)]
            start = max(1, min(NOTICE_LINE, height - len(notice)))
            lines = lines[:start] + notice + lines[start + len(notice) :]
        rows = [Row((), (line,)) for line in lines[: max(height, 1)]]
        pane.show(Content(rows, body_width=width, head_width=0))

    def _show_narration(self) -> None:
        """The narration whole: a longer one scrolls, its bottom border saying so."""
        pane = self.panes["narration"]
        width, height = pane.inner
        if width <= 0:
            return
        from tui.widgets.no_break import wrap_words

        text = self.with_typed(self._narration)
        lines = wrap_words(text, width, cell_len)
        if len(lines) > height:  # the scrollbar takes a column
            width = max(width - pane.look.vertical, 1)
            lines = wrap_words(text, width, cell_len)
        lines += [" " * width] * (height - len(lines))
        rows = [Row((), ((line, TEXT),)) for line in lines]
        pane.show(Content(rows, body_width=width, head_width=0))
        if text != self._narration_shown:
            self._narration_shown = text
            pane.scroll_to(y=0)  # a new sentence is read from its start
        self._mark_narration()

    def _mark_narration(self) -> None:
        """The narration's bottom border says when more of it is below (PgDn reads on)."""
        pane = self.panes["narration"]
        more = pane.scroll_y < pane.max_scroll[1]
        pane.set_titles(pane.title, _("PgDn: more") if more else None)

    def scroll_narration(self, pages: int) -> bool:
        """Scroll the narration by ``pages`` boxfuls (one line kept); whether it moved."""
        pane = self.panes["narration"]
        if not pane.scroll_to(y=pane.scroll_y + pages * max(pane.view[1] - 1, 1)):
            return False
        self._mark_narration()
        self._repaint()
        return True

    def typed_changed(self) -> None:
        self._update()

    def _repaint(self, everything: bool = False) -> None:
        """Refresh the lines the panes say changed, each only across the columns that changed
        (the right column's for its widget, in its coordinates)."""
        spans: list[list[int]] = []
        column: list[list[int]] = []
        right = self.right
        for pane in self.panes.values():
            dirty = pane.take_dirty()
            box = pane.box
            if not box.width or not box.height:
                continue
            into = spans
            if right is not None and pane.name in IN_COLUMN:
                into = column
            if dirty is None:
                into.append(list(box))
                continue
            # adjacent lines changed across the same columns are one region
            last: list[int] | None = None
            for line, (start, end) in sorted(dirty.items()):
                if 0 <= line < box.height and end > start:
                    x, y = box.x + start, box.y + line
                    if last is not None and (last[0], last[1] + last[3], last[2]) == (
                        x,
                        y,
                        end - start,
                    ):
                        last[3] += 1
                        continue
                    last = [x, y, end - start, 1]
                    into.append(last)
        if everything:
            self._forget_lines()
            self.refresh()
            if right is not None:
                right.refresh()
            return
        for _x, y, _w, h in spans:
            self._handed.mark(y, h)
        if right is not None and column:
            for _x, y, _w, h in column:
                self._right_handed.mark(y, h)
            if not right.hands_its_lines:
                left = right.left
                right.refresh(*(Region(x - left, y, w, h) for x, y, w, h in column))
                column = []
        # the view's refresh of the column's regions has the widget on top draw them too
        if spans or column:
            self.refresh(*(Region(*span) for span in chain(spans, column)))

    def _forget_lines(self) -> None:
        """Every line is to be made again when next asked for (here and by the right column)."""
        self._handed.forget()
        self._right_handed.forget()

    # -- drawing -----------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        """The CSS or the theme changed: forget the styles worked out so far."""
        super().notify_style_update()
        self._styles.forget()
        self._plain.forget()
        self._forget_lines()
        for pane in self.panes.values():
            pane.redraw()
        if self.right is not None:
            self.right.refresh()

    def _pieces(self, y: int) -> tuple[Strip, ...]:
        """The panes' lines that make line ``y``, left to right (none: a blank line)."""
        if y >= len(self._at):
            return ()
        bars = self._styles.bars()
        return tuple(pane.line(y - pane.box.y, bars) for pane in self._at[y])

    def render_line(self, y: int) -> Strip:
        pieces = self._pieces(y)
        if not pieces:
            return Strip.blank(self._width, self._styles(()))
        if len(pieces) == 1:
            return pieces[0]
        joined = self._joined.get(y)
        if (
            joined is not None
            and len(joined[0]) == len(pieces)
            and all(a is b for a, b in zip(joined[0], pieces, strict=True))
        ):
            return joined[1]
        strip = Strip(list(chain.from_iterable(pieces)))  # up to the right column's widget
        self._joined[y] = (pieces, strip)
        return strip

    def right_lines(self, lines: range, width: int) -> list[Strip]:
        """Lines ``lines`` of the right column (``width`` wide), filtered as the view's are."""
        return self._right_handed.lines(
            self, lines, width, lambda y: (self.right_line(y),), lambda _y, parts: parts[0]
        )

    def right_line(self, y: int) -> Strip:
        """Line ``y`` of the right column's widget, as its pane draws it (unfiltered)."""
        right_at = self._right_at
        pane = right_at[y] if y < len(right_at) else None
        if pane is None:
            return Strip.blank(0 if self.right is None else self.right.size.width, self._styles(()))
        return pane.line(y - pane.box.y, self._styles.bars())

    def render_lines(self, crop: Region) -> list[Strip]:
        # the layout and the scroll are final here: the cursor is placed with the lines
        strips = self._filtered_lines(crop) if self._plain else super().render_lines(crop)
        self._place_cursor()
        return strips

    def _filtered_lines(self, crop: Region) -> list[Strip]:
        """The lines of ``crop`` as Textual's styles cache draws them for a plain widget: each
        pane's line through the app's line filters, once, and kept while it is the same."""
        width = self.size.width
        strips = self._handed.lines(
            self,
            crop.line_range,
            width,
            lambda y: self._pieces(y) or (Strip.blank(self._width, self._styles(())),),
            self._join,
        )
        if crop.column_span != (0, width):
            x1, x2 = crop.column_span
            strips = [strip.crop(x1, x2) for strip in strips]
        return strips

    def _join(self, y: int, parts: list[Strip]) -> Strip:
        """Line ``y`` made of its panes' filtered lines, as wide as the view: the compositor
        drops a line that ends short of a widget's edge, such as the right column's edge where
        the column is still drawn until the next layout (a line laid out for another size, or
        left of a column about to widen, would leave its part of the screen blank)."""
        strip = parts[0] if len(parts) == 1 else Strip(list(chain.from_iterable(parts)))
        width = self.size.width
        if strip.cell_length != width:
            base, background = self.background_colors
            inner = Style.from_color(bgcolor=(base + background).rich_color)
            strip = strip.adjust_cell_length(width, inner)
        return strip

    # -- the cursor, the mouse ---------------------------------------------------------------

    def on_mount(self) -> None:
        # an answer field that loses the focus gives the cursor back
        self.watch(self.screen, "focused", self._place_cursor, init=False)

    def cursor_offset(self) -> Offset | None:
        """Where on the screen the terminal cursor goes: on the square the search is trying;
        None when there is none or it is out of view."""
        frame = self._frame
        if frame is None:
            return None
        board = self.panes["board"]
        scroll = (board.scroll_x, board.scroll_y)
        at = cursor_at(frame.board, square_width(frame.board), scroll, board.head_width)
        if at is None:
            return None
        x, y = at
        width, height = board.view
        if not (board.head_width <= x < width and 0 <= y < height):
            return None
        left, top = board.origin()
        region = self.content_region
        return Offset(region.x + left + x, region.y + top + y)

    def _place_cursor(self) -> None:
        place_cursor(self, self.cursor_offset)

    def on_click(self, event: events.Click) -> None:
        frame = self._frame
        offset = event.get_content_offset(self)
        if frame is None or offset is None:
            return
        board = self.panes["board"]
        at = board.view_of(offset.x, offset.y)
        if at is None:
            return
        scroll = (board.scroll_x, board.scroll_y)
        square = square_at(frame.board, square_width(frame.board), scroll, board.head_width, *at)
        if square is not None:
            event.stop()
            self.post_message(Board.SquareClicked(*square))

    def _wheel(self, event: events.MouseEvent, lines: int, sideways: bool = False) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and self.wheel_at(offset, lines, sideways):
            event.stop()

    def wheel_at(self, offset: Offset, lines: int, sideways: bool = False) -> bool:
        """The mouse wheel at the view's ``offset``: scroll the pane there by ``lines``
        (``sideways``: columns); whether a pane is there."""
        pane = next((pane for pane in self.panes.values() if pane.region.contains(*offset)), None)
        if pane is None:
            return False
        moved = (
            pane.scroll_to(x=pane.scroll_x + lines * pane.step)
            if sideways
            else pane.scroll_to(y=pane.scroll_y + lines)
        )
        if moved:
            if pane.name == "board":
                pane.set_titles(pane.title, self._board_label())
            if pane.name == "code":
                pane.set_titles(pane.title, self._code_label())
            if pane.name == "table":
                self._label_table()
            if pane.name == "narration":
                self._mark_narration()
            self._repaint()
        return True
