"""The main screen's board session drawn by one Line API widget: the board, the state table, the
code (or the search tree), the status and the narration, each a pane of :class:`SessionView`
with its border and title drawn as text.

Why one widget: a tick changes a dozen lines across five panes, and in Textual every widget
that repaints costs a round of messages (its idle check, an update to the screen) and a pass
of its own styles, whatever it draws. One widget repaints the lines that changed, and only
those: each pane says which of its lines changed (a row that is the same object as before is
not drawn again), and the view refreshes those lines, each only across its pane. Rows become
strips once and are kept by content (an ``LRUCache`` per pane), so a line that comes back
(the tried square moving on) is not styled again.

The right column's panes (the table over the code, or the tree) are the view's, but their lines
are drawn by a second Line-API widget lying over that column (:mod:`.right_column`), so that a
tick that changes b[] or the code does not draw the board's half of those lines again (nor the
compositor cut it off again). The view hands the compositor its lines itself, through the app's
line filters, each pane's line filtered once (``_filtered_lines``).

The view keeps the look of the widgets it replaces: the same component classes (``board--*``,
``state-table--*``, ``code-pane--*``, ``run-status--*``, ``tree--*``) styled by
styles/widgets.tcss, Textual's ``round`` border (``ascii`` with the ASCII glyphs) in the
panes' colours, its border titles, and its scrollbars (textual.scrollbar.ScrollBarRender).
The grid is main.tcss's old one: two columns (the right one as wide as the frame's table and
code ask, 44 to 52 columns), the board over the status, the table over the code, the
narration across.
"""

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
from tui.widgets.board import Board, BoardDrawing, cursor_at, square_at, takes_the_cursor
from tui.widgets.board import view_label as board_view_label
from tui.widgets.code_pane import CodeDrawing, CodePane, code_width
from tui.widgets.guess_pane import AnswerKeys
from tui.widgets.rows import Content, Row
from tui.widgets.run_status import RunStatus, StatusDrawing, StatusShown
from tui.widgets.session_view.pane import ASCII, ROUND, Bars, Box, Look, Pane
from tui.widgets.session_view.plain import Plain
from tui.widgets.session_view.right_column import RightColumn
from tui.widgets.state_table import StateTable, TableDrawing
from tui.widgets.tree_pane import TreePane, tree_content

if TYPE_CHECKING:
    from solver.tree.view import TreeFrame

RIGHT_MOST = 52
RIGHT_LEAST = 44
"""The right column's width: as the frame's table and code ask, within these."""
STATUS_HEIGHT = 6
NARRATION_HEIGHT = 5
NOTICE_LINE = 4
"""The status line a notice starts on when it fits under it: the numbers, the mode, the overlay
and "ready" (or the run) stay; a longer notice takes lines upwards from there."""
TABLE_MOST = 0.4
"""The state table takes at most this share of the terminal's height, and scrolls beyond."""

_TEXT = ("text",)
"""A narration line's own cells: the view's colours."""
_BLANK = ("blank",)
"""The blank around rows (padding, the end of a narration line): the background only."""
_LABELS = frozenset({"session-view--board-title", "session-view--board-subtitle"})
"""The component classes that colour a border's title or subtitle."""
_NOTICE = ("session-view--notice",)
_ERROR = ("session-view--error",)

LOOKS = {
    "board": Look(
        border="session-view--board-border",
        title="session-view--board-title",
        subtitle="session-view--board-subtitle",
    ),
    "table": Look(border="session-view--table-border", vertical=1),
    "code": Look(border="session-view--code-border", vertical=1, horizontal=1),
    "tree": Look(border="session-view--tree-border", vertical=2, horizontal=1),
    "status": Look(padding=(0, 0, 0, 1), blank=()),
    "narration": Look(
        border="session-view--narration-border",
        subtitle="session-view--board-subtitle",
        padding=(0, 1, 0, 1),
        vertical=1,
        blank=_BLANK,
    ),
}
"""Each pane's frame, as main.tcss framed the widget it replaces."""
IN_COLUMN = frozenset({"table", "code", "tree"})
"""The panes of the right column, drawn by its widget when there is one (:mod:`.right_column`)."""


def name_in_column(pane: Pane) -> bool:
    return pane.name in IN_COLUMN


class SessionView(AnswerKeys, can_focus=True):
    """A board session's panes in one widget. The screen hands it the session's frame
    (:meth:`show`); in guess mode it takes the answer keys (:class:`AnswerKeys`) while it has
    the focus. A click on a square posts :class:`Board.SquareClicked`; the mouse wheel scrolls
    the pane under the pointer."""

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
        """The widget over the right column that draws its panes (see :mod:`.right_column`),
        placed by the view (None: the view draws them)."""
        if right is not None:
            right.view = self
        self.board_drawing = BoardDrawing(glyphs)
        self.table_drawing = TableDrawing(glyphs)
        self.code_drawing = CodeDrawing(glyphs)
        self.status_drawing = StatusDrawing(glyphs)
        self.panes = {name: Pane(name, look, self._style) for name, look in LOOKS.items()}
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
        self._styles: dict[tuple[str, ...], Style] = {}
        self._bars: Bars | None = None
        self._shape: tuple[object, ...] = ()
        """What the grid was last worked out for (the size, the board, the code, the arrays)."""
        self._grid: tuple[object, ...] = ()
        """The grid worked out (size, columns, table height)."""
        self._width = 0
        self._code_width = 0
        """The width the code was last drawn at (its lines wrapped to it)."""
        self._at: list[list[Pane]] = []
        """The panes the view draws on each line, left to right."""
        self._right_at: list[Pane | None] = []
        """The pane the right column's widget draws on each of its lines."""
        self._widths: list[int] = []
        """How wide each of the view's lines is drawn: the screen's, or up to the right
        column's widget, which covers the rest."""
        self._joined: dict[int, tuple[tuple[Strip, ...], Strip]] = {}
        """Each line as last put together, and the panes' lines it was put together from."""
        self._plain = Plain(self)
        """Whether the view's styles leave its lines as drawn (see :mod:`.plain`)."""
        self._shown: dict[int, tuple[object, tuple[Strip, ...], Strip]] = {}
        """Each line as last handed to the compositor (filtered), with what it was made for
        (the width, the line filters and the background) and the panes' lines it was made
        from."""
        self._stale: set[int] = set()
        """The view's lines refreshed since they were last handed (see :meth:`_repaint`): the
        compositor asks for every line of the widget at every frame, and a line not in here
        is the one handed last time (when it was made for the same width, filters and
        background)."""
        self._right_shown: dict[int, tuple[object, Strip]] = {}
        """The right column's lines as last handed to its widget (filtered), with what they
        were made for (see :meth:`right_lines`)."""
        self._right_stale: set[int] = set()
        """The right column's lines (its widget's coordinates) refreshed since last handed."""

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
        """Whether ``text``, as a notice, is whole in the status pane as it is laid out now
        (a longer one is cut at the pane's foot)."""
        from tui.widgets.no_break import wrap_words  # loaded with the first notice

        width, height = self.panes["status"].view
        return len(wrap_words(text, max(width, 1), cell_len)) <= max(height - 1, 1)

    def show(self, frame: Frame, status: StatusShown, narration: str) -> None:
        """Draw ``frame``, the status lines of ``status`` and the ``narration``."""
        self._frame, self._status, self._narration = frame, status, narration
        self._update()

    def show_tree(self, tree: TreeFrame | None, subtitle: str | None = None) -> None:
        """Show ``tree`` in the code's place (None: the code again)."""
        self._tree = tree
        if tree is not None:
            self.panes["tree"].set_titles(tree.title, subtitle)
        self._update()

    @property
    def tree_shown(self) -> bool:
        return self._tree is not None

    def set_titles(self, board: str, narration: str) -> None:
        """The board's and the narration's border titles, in the language in use."""
        self.panes["board"].title = board  # drawn with the next update
        self.panes["narration"].title = narration
        self.panes["board"].redraw()
        self.panes["narration"].redraw()
        self._update()

    # -- reading what is drawn (the tests, and the screen) ---------------------------------------

    def pane(self, name: str) -> Pane:
        """The pane ``name``: board, table, code, tree, status or narration."""
        return self.panes[name]

    def pane_lines(self, name: str) -> list[str]:
        """The text of pane ``name``'s viewport as drawn, line by line (trailing blanks
        removed): what a student reads in it."""
        pane = self.panes[name]
        width, height = pane.view
        return [pane.row_strip(y, width).text.rstrip() for y in range(height)]

    def content_width(self) -> int:
        """Columns the code takes with nothing wrapped (a screen may size by it)."""
        frame = self._frame
        if frame is None:
            return 0
        return code_width(frame.code)

    # -- the grid ----------------------------------------------------------------------------

    def _table_height(self, width: int, screen_height: int) -> int:
        """The state table's height with its border: its lines, up to 40% of the terminal."""
        frame = self._frame
        scrollbar = LOOKS["table"].vertical
        lines = self.table_drawing.wanted_height(
            None if frame is None else frame.tables, width - 2, self.size.height, scrollbar
        )
        return min(lines + 2, int(screen_height * TABLE_MOST))

    def _lay_out(self, again: bool = False) -> bool:
        """Work out the panes' boxes when the size or what sets them changed (the board, the
        code, the number of arrays: not a tick), or ``again`` (the state table asks for more
        lines); whether they changed."""
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
        screen_height = self.app.size.height
        table = self._table_height(right, screen_height)
        grid = (width, height, right, table, self._tree is not None)
        if grid == self._grid:
            return False
        self._grid = grid
        self._width = width
        left = width - right
        top = max(height - STATUS_HEIGHT - NARRATION_HEIGHT, 0)
        table = min(table, top)
        boxes = {
            "board": Box(0, 0, left, top),
            "status": Box(0, top, left, min(STATUS_HEIGHT, height - top)),
            "table": Box(left, 0, right, table),
            "code": Box(left, table, right, max(height - NARRATION_HEIGHT - table, 0)),
            "narration": Box(0, height - NARRATION_HEIGHT, width, NARRATION_HEIGHT),
        }
        shown = "tree" if self._tree is not None else "code"
        hidden = "code" if shown == "tree" else "tree"
        boxes[shown], boxes[hidden] = boxes["code"], Box(0, 0, 0, 0)
        for name, box in boxes.items():
            self.panes[name].place(box)
        column = max(height - NARRATION_HEIGHT, 0)
        if self.right is not None:
            region = self.region  # the column's offset is the screen's; the view's is at its top
            self.right.place(region.x + left, region.y, right, column)
        at: list[list[Pane]] = [[] for _ in range(height)]
        right_at: list[Pane | None] = [None] * column
        for pane in sorted(self.panes.values(), key=lambda pane: pane.box.x):
            box = pane.box
            if box.width and box.height:
                for y in range(max(box.y, 0), min(box.y + box.height, height)):
                    if self.right is not None and name_in_column(pane) and y < column:
                        right_at[y] = pane
                    else:
                        at[y].append(pane)
        self._at = at
        self._right_at = right_at
        covered = self.right is not None
        self._widths = [left if covered and y < column else width for y in range(height)]
        return True

    # -- updating ----------------------------------------------------------------------------

    def on_resize(self) -> None:
        self._update()

    def _update(self) -> None:
        """Hand what is shown to the panes and repaint the lines that changed."""
        if not self.size or not self.is_mounted:
            return  # drawn when first laid out
        frame = self._frame
        relaid = self._lay_out()
        panes = self.panes
        if frame is not None:
            board = panes["board"]
            board.show(self.board_drawing.content(frame.board))
            table = panes["table"]
            width, height = table.inner
            content, relayout = self.table_drawing.content(
                frame.tables, width, height, table.look.vertical
            )
            table.show(content)
            if relayout and self._lay_out(again=True):
                relaid = True
                width, height = table.inner
                content, _ = self.table_drawing.content(
                    frame.tables, width, height, table.look.vertical
                )
                table.show(content)
            table.set_titles(frame.table_title)
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

    def _code_label(self) -> str | None:
        """``lines 4-12 of 13`` in the code's bottom border while part of it is out of view (at
        80x24 the Turin notes' placeQueens shows 9 of its 13 lines beside the state table:
        student walk 10, F2)."""
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
            # In place of the lines under the mode and the overlay ("ready" and the legend),
            # or of more of them when it needs more: never over the numbers on the first.
            from tui.widgets.no_break import wrap_words  # loaded with the first notice

            style = _ERROR if self.notice_error else _NOTICE
            notice = [(line, style) for line in wrap_words(self._notice, max(width, 1), cell_len)]
            notice = notice[: max(height - 1, 1)]
            start = max(1, min(NOTICE_LINE, height - len(notice)))
            lines = lines[:start] + notice + lines[start + len(notice) :]
        rows = [Row((), (line,)) for line in lines[: max(height, 1)]]
        pane.show(Content(rows, body_width=width, head_width=0))

    def _show_narration(self) -> None:
        """The narration whole: a sentence longer than the pane scrolls in it (PgDn, PgUp, the
        wheel), its scrollbar showing and its bottom border saying so (student walk 5, en F26:
        the recursive method's first sentence was cut after three lines, with no mark)."""
        pane = self.panes["narration"]
        width, height = pane.inner
        if width <= 0:
            return
        from tui.widgets.no_break import wrap_words  # not before the first frame's imports

        text = self.with_typed(self._narration)
        lines = wrap_words(text, width, cell_len)
        if len(lines) > height:  # the scrollbar takes a column
            width = max(width - pane.look.vertical, 1)
            lines = wrap_words(text, width, cell_len)
        lines += [" " * width] * (height - len(lines))
        rows = [Row((), ((line, _TEXT),)) for line in lines]
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
        step = max(pane.view[1] - 1, 1)
        if not pane.scroll_to(y=pane.scroll_y + pages * step):
            return False
        self._mark_narration()
        self._repaint()
        return True

    def typed_changed(self) -> None:
        self._update()

    def _repaint(self, everything: bool = False) -> None:
        """Refresh the lines the panes say changed, each only across the columns that changed
        (Textual sends a changed line from its widget's left edge to the end of the change);
        the right column's panes' lines to the widget that draws them
        (:class:`~tui.widgets.session_view.right_column.RightColumn`), in its coordinates."""
        spans: list[list[int]] = []
        column: list[list[int]] = []
        right = self.right
        for pane in self.panes.values():
            dirty = pane.take_dirty()
            box = pane.box
            if not box.width or not box.height:
                continue
            into = spans
            if right is not None and name_in_column(pane):
                into = column
            if dirty is None:
                into.append(list(box))
                continue
            # Adjacent lines changed across the same columns (the call stack's lines, the
            # narration's) are one region: the same cells, fewer regions for Textual to place.
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
        stale = self._stale
        for _x, y, _w, h in spans:
            stale.update(range(y, y + h))
        if right is not None and column:
            stale = self._right_stale
            for _x, y, _w, h in column:
                stale.update(range(y, y + h))
            if not right.hands_its_lines:
                left = right.left
                right.refresh(*(Region(x - left, y, w, h) for x, y, w, h in column))
                column = []
        # The right column's widget hands the compositor its lines itself, kept until they are
        # stale (see right_lines), and the compositor asks every widget over a region that is
        # repainted for its lines there: the view's refresh of the column's regions (screen
        # regions the view covers too) has them drawn by the widget on top, without a refresh
        # of its own (its idle check and update message to the screen at every tick).
        if spans or column:
            self.refresh(*(Region(*span) for span in chain(spans, column)))

    def _forget_lines(self) -> None:
        """Every line is to be made again when next asked for (by the view and by the right
        column's widget)."""
        self._shown.clear()
        self._stale.clear()
        self._right_shown.clear()
        self._right_stale.clear()

    # -- drawing -----------------------------------------------------------------------------

    def _style(self, names: tuple[str, ...]) -> Style:
        """The first component class whole, then only what each later one sets itself; kept
        until the styles change."""
        style = self._styles.get(names)
        if style is None:
            base = self._styles.get(())
            if base is None:
                base = self._styles[()] = self.rich_style
            if names == _TEXT:
                style = base
            elif len(names) == 2 and names[1] in _LABELS:
                style = self._label_style(names)
            elif names == _BLANK:
                style = Style.from_color(bgcolor=base.bgcolor)
            else:
                style = base
                for index, name in enumerate(names):
                    style += self.get_component_rich_style(name, partial=index > 0)
            self._styles[names] = style
        return style

    def _label_style(self, names: tuple[str, ...]) -> Style:
        """A border's title in its own colour (``names``: the border's component class, then
        the title's), as Textual colours a border title: an ``auto`` colour is the text that
        contrasts with the background."""
        border = self._style((names[0],))
        styles = self.get_component_styles(names[1])
        base_background, background = self.background_colors
        color = styles.color
        if styles.auto_color:
            color = base_background.get_contrast_text(color.a)
        label = (base_background + background) + color
        return border + Style(color=label.rich_color)

    def _scrollbar_colours(self) -> Bars:
        bars = self._bars
        if bars is None:
            styles = self.styles
            background = styles.scrollbar_background
            if background.a < 1:
                base_background, _ = self.background_colors
                background = base_background + background
            color = background + styles.scrollbar_color
            corner = Style.from_color(bgcolor=styles.scrollbar_corner_color.rich_color)
            base = self._style(())
            bars = self._bars = Bars(background.rich_color, color.rich_color, base, corner)
        return bars

    def notify_style_update(self) -> None:
        """The CSS or the theme changed: forget the styles worked out so far."""
        super().notify_style_update()
        self._styles = {}
        self._bars = None
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
        bars = self._scrollbar_colours()
        return tuple(pane.line(y - pane.box.y, bars) for pane in self._at[y])

    def _line_width(self, y: int) -> int:
        """How wide line ``y`` is drawn (see ``_widths``)."""
        widths = self._widths
        return widths[y] if y < len(widths) else self._width

    def render_line(self, y: int) -> Strip:
        width = self._line_width(y)
        pieces = self._pieces(y)
        if not pieces:
            return Strip.blank(width, self._style(()))
        if len(pieces) == 1:
            return pieces[0]
        joined = self._joined.get(y)
        if (
            joined is not None
            and len(joined[0]) == len(pieces)
            and all(a is b for a, b in zip(joined[0], pieces, strict=True))
        ):
            return joined[1]  # the panes' lines are those joined last time
        # The panes' lines side by side (each pane's runs of one style are joined already).
        strip = Strip(list(chain.from_iterable(pieces)), width)
        self._joined[y] = (pieces, strip)
        return strip

    def right_lines(self, lines: range, width: int) -> list[Strip]:
        """Lines ``lines`` of the right column's widget (``width`` columns), filtered as the
        view's lines are (see :meth:`_filtered_lines`): each a pane's line, which keeps what
        a filter made of it."""
        filters = tuple(self.get_line_filters())
        _base, background = self.background_colors
        how = (width, filters, background)
        shown = self._right_shown
        stale = self._right_stale
        bars = self._scrollbar_colours()
        right_at = self._right_at
        strips: list[Strip] = []
        for y in lines:
            last = shown.get(y)
            if last is not None and y not in stale and last[0] == how:
                strips.append(last[1])  # not refreshed since it was handed
                continue
            stale.discard(y)
            pane = right_at[y] if y < len(right_at) else None
            strip = (
                Strip.blank(width, self._style(()))
                if pane is None
                else pane.line(y - pane.box.y, bars)
            )
            for line_filter in filters:
                strip = strip.apply_filter(line_filter, background)
            shown[y] = (how, strip)
            strips.append(strip)
        return strips

    def right_line(self, y: int) -> Strip:
        """Line ``y`` of the right column's widget, as its pane draws it (unfiltered)."""
        right_at = self._right_at
        pane = right_at[y] if y < len(right_at) else None
        if pane is None:
            return Strip.blank(0 if self.right is None else self.right.size.width, self._style(()))
        return pane.line(y - pane.box.y, self._scrollbar_colours())

    def render_lines(self, crop: Region) -> list[Strip]:
        # Drawn: the layout and the scroll are final, so this is where the cursor is placed;
        # the terminal gets it with the lines drawn (Textual moves the cursor after each frame).
        plain = bool(self._plain)
        strips = self._filtered_lines(crop) if plain else super().render_lines(crop)
        self._place_cursor()
        return strips

    def _filtered_lines(self, crop: Region) -> list[Strip]:
        """The lines of ``crop`` as Textual's styles cache draws them for a widget with no
        border or padding (:meth:`_drawn_plain`): :meth:`render_line`'s line through the app's
        line filters (the colours a terminal is told: true colour, NO_COLOR's monochrome),
        cropped. Each filter goes over each pane's line once, not over the whole screen line
        at every change of one of its panes: a tick that changes b[] on a line filters the
        state table's line, and the board's line beside it keeps its filtered strip (a strip
        keeps what a filter made of it). A line whose panes' lines are those of the last frame
        is the strip handed then."""
        width = self.size.width
        filters = tuple(self.get_line_filters())
        _base, background = self.background_colors
        how = (width, filters, background)
        shown = self._shown
        stale = self._stale
        strips: list[Strip] = []
        for y in crop.line_range:
            last = shown.get(y)
            if last is not None and y not in stale and last[0] == how:
                strips.append(last[2])  # not refreshed since it was handed
                continue
            stale.discard(y)
            pieces = self._pieces(y)
            if (
                last is not None
                and last[0] == how
                and len(last[1]) == len(pieces)
                and all(a is b for a, b in zip(last[1], pieces, strict=True))
            ):
                strips.append(last[2])
                continue
            line_width = self._line_width(y)
            if pieces:
                parts = list(pieces)
                for line_filter in filters:
                    parts = [part.apply_filter(line_filter, background) for part in parts]
                strip = (
                    parts[0]
                    if len(parts) == 1
                    else Strip(list(chain.from_iterable(parts)), line_width)
                )
            else:
                strip = Strip.blank(line_width, self._style(()))
                for line_filter in filters:
                    strip = strip.apply_filter(line_filter, background)
            if line_width == self._width and strip.cell_length != width:
                # Laid out for another size (drawn again at the next); a line the right
                # column covers the rest of is as wide as the view's part.
                inner = Style.from_color(bgcolor=(_base + background).rich_color)
                strip = strip.adjust_cell_length(width, inner)
            shown[y] = (how, pieces, strip)
            strips.append(strip)
        if crop.column_span != (0, width):
            x1, x2 = crop.column_span
            strips = [strip.crop(x1, x2) for strip in strips]
        return strips

    # -- the cursor, the mouse ---------------------------------------------------------------

    def on_mount(self) -> None:
        # An answer field that loses the focus (the question answered) gives the cursor back.
        self.watch(self.screen, "focused", self._place_cursor, init=False)

    def cursor_offset(self) -> Offset | None:
        """Where on the screen the terminal cursor goes: on the glyph of the square the search
        is trying; None when there is none or it is out of view."""
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
        if not self.is_mounted or not takes_the_cursor(self):
            return
        offset = self.cursor_offset()
        if offset is not None:
            self.app.cursor_position = offset

    def _pane_at(self, x: int, y: int) -> Pane | None:
        for pane in self.panes.values():
            box = pane.box
            if box.x <= x < box.x + box.width and box.y <= y < box.y + box.height:
                return pane
        return None

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
        pane = self._pane_at(offset.x, offset.y)
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
            if pane.name == "narration":
                self._mark_narration()
            self._repaint()
        return True

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._wheel(event, 1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._wheel(event, -1)

    def on_mouse_scroll_right(self, event: events.MouseScrollRight) -> None:
        self._wheel(event, 1, sideways=True)

    def on_mouse_scroll_left(self, event: events.MouseScrollLeft) -> None:
        self._wheel(event, -1, sideways=True)
