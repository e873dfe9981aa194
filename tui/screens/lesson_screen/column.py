"""The board's column of a lesson page: the board, the solutions found, the state table, the code
and the search tree, sized to what they show, its rows shared out between them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from lessons.i18n import _, number
from lessons.model import Page
from lessons.model import Text as TextBlock
from solver.tree.view import TreeFrame
from solver.views.frame import BoardFrame, Frame, Status
from solver.views.widths import BORDER, GUTTER, board_whole, state_column, titled
from tui.glyphs import Glyphs
from tui.screens.lesson_screen.tree import LessonTree
from tui.widgets.board import Board
from tui.widgets.code_pane import CodePane
from tui.widgets.lesson_text import listing_width
from tui.widgets.lines_view import say_where_it_scrolls
from tui.widgets.state_table import StateTable

TEXT_MIN_WIDTH = 42
"""The narrowest the text pane gets beside the board's column."""
TEXT_FRAME = 3
"""The text pane's border and its scrollbar, around a code listing."""
LEFT_MIN_WIDTH = 24
"""The narrowest board column."""
TREE_MIN_WIDTH = 30
TREE_MAX_WIDTH = 46
"""The narrowest and widest the search tree's column gets."""
TREE_FRAME = 4
"""The tree pane's border and scrollbar, around its widest line."""
SOLUTIONS_LEAST = 4
"""The list of solutions shows two at least (with its border)."""
CODE_LEAST = 5
"""The code listing's least height with its border: the line run and one either side."""
TABLE_LEAST = 7
"""The state table's least height with its border."""


def solutions_title(status: Status) -> str:
    """The title of the list of solutions found on an all-solutions board ("" for none)."""
    if not status.all_mode or not status.found:
        return ""
    return _("solutions found: {count}").format(count=number(status.found))


@lru_cache(maxsize=64)
def _listings(texts: tuple[str, ...]) -> tuple[int, bool]:
    widest = max(map(listing_width, texts), default=0)
    return widest, any(listing_width(text, programs_only=True) for text in texts)


def page_listings(page: Page) -> tuple[int, bool]:
    """The columns of the page's widest code listing, and whether one is a program's."""
    return _listings(tuple(b.markdown for b in page.blocks if isinstance(b, TextBlock)))


@dataclass(frozen=True, slots=True)
class Needs:
    """The rows each pane of the column asks for (0: not shown)."""

    board: int
    table_cells: int
    """The table's arrays alone: a question about the board keeps them before the list."""
    table_least: int
    table: int
    code_least: int
    code: int
    solutions: int
    code_line: int = 0  # a short screen's code: the line kept first, with the border
    table_frame: int = 0  # of the table's cells, the call stack's top frame


def share(
    height: int,
    needs: Needs,
    short: bool,
    quoted: bool,
    asked: bool = False,
    board_first: bool = False,
    answered: bool = False,
) -> tuple[dict[str, int], int]:
    """The column's ``height`` shared out, in turn: the table (after the board beside a question
    on a short screen), the list and (tall screen) the code their least, and on a short screen
    the code the lines a question waiting is about (``asked``: the board gives way to them); the
    board whole; for a question about the board (``board_first``) the table's arrays with their
    indices and marker, one code line where it fits, the stack's top frame, the list and more
    code lines; once the question is ``answered`` (its feedback speaks of the board) the table's
    arrays or its least, the list's least, one whole code line where it fits and more; the table
    its arrays and top frames; the code where a short screen has the rows for its least; then
    the code, the list and the table whole (where the page's text quotes the program, the code
    last). The rows each pane gets, and those left to the board beyond its own. A question about
    the board leaves the list out where it has not its least."""
    rest = height
    rows = {"table": 0, "solutions": 0, "code": 0}

    def grow(name: str, to: int) -> None:
        nonlocal rest
        more = min(max(to - rows[name], 0), rest)
        rows[name] += more
        rest -= more

    waits = short and asked and not answered
    after = short and asked and answered  # its feedback speaks of the board: whole first
    board_first = waits and board_first
    if not board_first and not after:
        if not waits:  # a question waiting has the whole board before the table
            grow("table", min(needs.table, TABLE_LEAST))
        grow("solutions", min(needs.solutions, SOLUTIONS_LEAST))
    if not short:
        grow("code", min(needs.code, CODE_LEAST))
    elif waits and not board_first:
        grow("code", needs.code_least)
    rest -= min(needs.board, rest)
    if after:  # the table's arrays (or least), the list's least, a code line where it fits
        grow("table", min(needs.table, max(needs.table_cells, TABLE_LEAST)))
        grow("solutions", min(needs.solutions, SOLUTIONS_LEAST))
        if rest >= needs.code_line:
            grow("code", min(needs.code_least, needs.code_line))
    if board_first:  # the arrays and marker, a code line (or none), the top frame, the list
        grow("table", needs.table_cells - needs.table_frame)
        if rest >= needs.code_line:
            grow("code", min(needs.code_least, needs.code_line))
        grow("table", needs.table_cells)
        if rest >= min(needs.solutions, SOLUTIONS_LEAST):
            grow("solutions", min(needs.solutions, SOLUTIONS_LEAST))
    if board_first or after:
        grow("code", needs.code_least if rows["code"] else 0)
        grow("table", min(needs.table, TABLE_LEAST))
    grow("table", needs.table_least)
    if needs.code and (not short or rows["code"] > 0 or rest >= needs.code_least):
        grow("code", needs.code_least if quoted else needs.code)
    elif needs.code and rest > BORDER:  # a line run taller than the room: its first rows
        grow("code", rest)
    else:
        rows["code"] = -1  # no room for it: not shown
    if rows["solutions"] or not board_first:
        grow("solutions", needs.solutions)
    grow("table", needs.table)
    if quoted and rows["code"] >= 0:
        grow("code", needs.code)
    return rows, rest


def set_max_height(widget: Widget, rows: int | None) -> bool:
    """Give ``widget`` at most ``rows`` lines (None: its style's); whether that changed."""
    now = widget.styles.max_height
    if rows is None:
        widget.styles.max_height = None
        return now is not None
    rows = max(rows, 1)
    if now is not None and now.value == rows:
        return False
    widget.styles.max_height = rows
    return True


class BoardColumn(Vertical):
    """The column on the left of a lesson page (see the module's docstring)."""

    def __init__(self, glyphs: Glyphs, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.glyphs = glyphs
        self.lesson_tree = LessonTree(glyphs)
        self.tree_shown = False
        """The page shows the search tree: it has the column."""
        self.board_frame: BoardFrame | None = None
        """The board the column draws (the code keeps out of its rows)."""
        self.code_left_out = False
        """The page's code has no room in the column."""
        self.quotes_program = False
        """The page's text holds a program's listing."""
        self._code_rows = 0
        """The rows the code's share of the column gave it last."""
        self._core: tuple[int, int] | None = None
        """The code lines a short screen keeps whole at least (see :meth:`_window`)."""
        self.question_lines: tuple[int, ...] = ()
        """The lines of the board's code the waiting question is about: on a short screen the
        code shows them whole, the column as wide as they are where the text leaves the room."""
        self.waiting = False
        """A question waits unanswered: on a short screen the column widens to its lines, and
        they have rows before the table. Its feedback (in the text pane, which then has its
        width back) keeps the lines' label and its width; the table then has rows first."""
        self.board_first = False
        """The waiting question is about the board: on a short screen the board and the state
        stay whole beside it and the code gives way; else the board gives way to the code."""
        self._shared: tuple[object, ...] = ()
        self._solutions_page: int | None = None
        self._solutions_top = True
        self._solutions_count = 0
        self._solutions_wanted = False
        """The page lists its solutions now (:meth:`show_solutions`); shown where it has room."""
        self._solutions_rows = 0
        """The rows the last share gave the list of solutions."""
        self._say_solution_lines: Callable[[], None] = lambda: None
        """The list's border says the lines it shows (set up once mounted)."""

    def compose(self) -> ComposeResult:
        yield Board(self.glyphs, id="lesson-board")
        with VerticalScroll(id="lesson-solutions"):
            yield Static(id="lesson-solutions-text")
        yield StateTable(self.glyphs, id="lesson-table")
        yield CodePane(self.glyphs, id="lesson-code")

    def on_mount(self) -> None:
        table = self.query_one(StateTable)
        table.border_title = "b[]"
        self.query_one("#lesson-code").border_title = "queens()"
        box = self.solutions
        self._say_solution_lines = say_where_it_scrolls(box, self.screen.refresh_bindings)

    @property
    def board(self) -> Board:
        return self.query_one("#lesson-board", Board)

    @property
    def solutions(self) -> VerticalScroll:
        return self.query_one("#lesson-solutions", VerticalScroll)

    @property
    def short(self) -> bool:
        return self.screen.has_class("-short")

    # -- width -----------------------------------------------------------------------------

    def fit_width(self, frame: Frame, page: Page) -> None:
        """As wide as its panes need; the text the rest (:data:`TEXT_MIN_WIDTH` at least)."""
        if self.tree_shown:
            return
        listing, self.quotes_program = page_listings(page)
        text = max(TEXT_MIN_WIDTH, listing + TEXT_FRAME if listing else 0)
        width = self.app.size.width
        # a listing wider than the board leaves room for never takes the board's columns
        room = max(width - text, min(board_whole(frame.board), width - TEXT_MIN_WIDTH), 0)
        width = max(state_column(frame, room, code=not self.short), LEFT_MIN_WIDTH)
        if self.short and self.question_lines:
            # the text keeps its narrowest: its question's answer line is whole
            most = self.app.size.width - TEXT_MIN_WIDTH
            width = max(width, min(self._question_width(frame, self.waiting), most))
            width = self._width_for_all(frame, width, most)
        if frame.status.all_mode and frame.status.found:
            width = min(max(width, titled(0, solutions_title(frame.status))), max(room, width))
        if self.styles.width is None or self.styles.width.value != width:
            self.styles.width = width
            self.repaint_board()

    def _width_for_all(self, frame: Frame, width: int, most: int) -> int:
        """The narrowest width from ``width`` to ``most`` at which the whole board, the table's
        first rows, the list's least and the question's lines (a question about the board: one),
        wrapped to it, all fit the column's height; ``width`` where none does."""
        parent = self.parent
        height = self.content_region.height
        if height <= 0 and isinstance(parent, Widget):  # not laid out yet: as tall as its row
            height = parent.content_region.height
        if height <= 0:
            return width
        table, code = self.query_one(StateTable), self.query_one(CodePane)
        for columns in range(width, most + 1):
            needs = self._needs(frame.board, table, code, columns, height)
            # as :func:`share` gives the rows while the question waits
            kept = needs.table_cells if self.board_first else min(needs.table, TABLE_LEAST)
            lines = needs.code_line if self.board_first else needs.code_least
            listed = min(needs.solutions, SOLUTIONS_LEAST)
            if needs.board + kept + lines + listed <= height:
                return columns
        return width

    def _question_width(self, frame: Frame, whole: bool = True) -> int:
        """The columns the code pane needs for the lines the question is about, unwrapped,
        and for the border that names them ("question: lines 10-13 of 13") whole; where the
        text leaves too few for that, or not ``whole``, for the border's short label
        ("question: lines 10-13") alone, the lines wrapping."""
        code = frame.code
        lines = [code.lines[i] for i in self.question_lines if i < len(code.lines)]
        if not lines:
            return 0
        drawing = self.query_one(CodePane).drawing
        unwrapped = max(map(cell_len, code.lines)) + GUTTER + 1  # nothing wraps
        last = len(code.lines) - 1
        label = drawing.view_label(code, unwrapped, last, 1, asked=True) or ""
        unwrapped_width = titled(max(map(cell_len, lines)) + GUTTER + BORDER, label)
        if whole and unwrapped_width <= self.app.size.width - TEXT_MIN_WIDTH:
            return unwrapped_width
        return titled(0, drawing.view_label(code, unwrapped, last, 1, asked=True, room=1) or "")

    def repaint_board(self) -> None:
        """Draw the board's border again once the new layout has scrolled it."""
        board = self.board
        board.call_after_refresh(board.refresh)

    def lay_out_tree(self, tree: TreeFrame | None, board: BoardFrame | None) -> None:
        """A page that shows the search tree gives it the column; its board goes above the tree
        on a tall screen, else above the text (``tree_board``)."""
        tree_board = self.screen.query_one("#lesson-tree-board", Board)
        self.tree_shown = tree is not None
        self.set_class(tree is not None, "-tree")
        above_text = tree is not None and self.short
        tree_board.display = above_text
        tree_board.frame = board if above_text else None
        if tree is None:
            return
        widest = max((cell_len(line.text) for line in tree.lines), default=0)
        if board is not None:  # as wide as the tree gets on this board: it never jumps
            widest = max(widest, self.lesson_tree.widest(len(board.squares)))
        width = min(TREE_MAX_WIDTH, max(TREE_MIN_WIDTH, widest + TREE_FRAME))
        if self.styles.width is None or self.styles.width.value != width:
            self.styles.width = width

    # -- the list of solutions -------------------------------------------------------------

    def show_solutions(self, frame: Frame | None, page: int, hidden: bool) -> None:
        """List the solutions found (``hidden``: not now), the newest in view on the same page."""
        box = self.solutions
        title = solutions_title(frame.status) if frame is not None else ""
        self._solutions_wanted = bool(title) and not hidden and not self.tree_shown
        box.display = self._solutions_wanted and self._solutions_rows > 0  # else once shared
        if not title or frame is None or box.border_title == title:
            return
        box.border_title = title
        self._solutions_top, self._solutions_page = self._solutions_page != page, page
        self._solutions_count = len(frame.solutions)
        self.query_one("#lesson-solutions-text", Static).update(Text("\n".join(frame.solutions)))
        box.call_after_refresh(self._solutions_laid_out)

    def _solutions_laid_out(self) -> None:
        """The list at its first solution, or anchored at its end while it grows."""
        box = self.solutions
        if self._solutions_top:
            box.anchor(False)
            box.scroll_home(animate=False, immediate=True)
        else:
            box.anchor()
        self.screen.refresh_bindings()  # , and . only while the list is longer than its box

    def scroll_solutions(self, pages: int) -> None:
        box = self.solutions
        page = max(box.scrollable_content_region.height - 1, 1)
        box.scroll_relative(y=pages * page, animate=False)

    def solutions_scroll(self, up: bool) -> bool:
        """The list on screen scrolls that way."""
        box, end = self.solutions, 0 if up else self.solutions.max_scroll_y
        return bool(box.display) and box.max_scroll_y > 0 and box.scroll_y != end

    # -- rows ------------------------------------------------------------------------------

    def share_rows(self) -> None:
        """Share the column's rows between its panes (:func:`share`); a taller one scrolls."""
        if not self.is_mounted:
            return
        board, table = self.board_frame, self.query_one(StateTable)
        code = self.query_one(CodePane)
        if board is None or not self.display:
            return
        height, width = self.content_region.height, self.content_region.width
        if self.tree_shown:  # the board is the tree's, as tall as it is (lessons.tcss)
            set_max_height(self.board, None)
            self._shared = ()
        if height <= 0 or width <= 0 or self.tree_shown:
            return
        needs = self._needs(board, table, code, width, height)
        short = self.short
        key = (height, width, needs, short, self.question_lines, self.board_first, self.waiting)
        if key != self._shared:
            self._shared = key
            self._share(height, needs, short, table, code)
            # the list's border says the lines it shows at its new height (not at every tick)
            self.solutions.call_after_refresh(self._say_solution_lines)
        elif short and code.has_class("-room"):
            self._fit_code(code, self._code_rows)  # the line being run moved
        # the page may list its solutions anew: shown only where the share gave it rows
        self.solutions.display = self._solutions_wanted and self._solutions_rows > 0
        # with no room for the code, the table's border says the page's text holds the listing
        table.note = _("code: in the text") if self.code_left_out and self.quotes_program else None

    def _needs(
        self, board: BoardFrame, table: StateTable, code: CodePane, width: int, height: int
    ) -> Needs:
        inner = max(width - BORDER, 0)
        tabled, frame = (0, 0, 0), 0  # the arrays and marker, its least, all it asks; a frame
        if not table.has_class("-given") and table.tables is not None:
            scrollbar = table.styles.scrollbar_size_vertical
            least, asked = table.drawing.heights(table.tables, inner, height, scrollbar)
            cells, frame = table.drawing.cells_height(table.tables, inner, scrollbar)
            tabled = (cells + frame + BORDER, least + BORDER, asked + BORDER)
        listing = code.code if not code.has_class("-given") else None
        code_need = code_least = code_line = 0
        window = None
        if listing is not None and listing.lines:
            code_need = code.drawing.lines(listing, inner) + BORDER
            tallest = code.drawing.tallest(listing, inner)
            code_least = min(max(CODE_LEAST, tallest + 2 + BORDER), code_need)
            if self.short:  # whole lines: the question's, or the line being run and its two
                window = self._window(listing.ran, len(listing.lines))
                code_least = min(code.drawing.rows(listing, inner, window) + BORDER, code_need)
                line = self.question_lines[0] if self.question_lines else window[0]
                code_line = code.drawing.rows(listing, inner, (line, line)) + BORDER
        code.asked = bool(self.question_lines) and self.waiting  # its feedback: no question
        self._core = window
        solutions = self._solutions_count + BORDER if self._solutions_wanted else 0
        board_need = len(board.squares) + 1 + BORDER  # its rows, the column numbers, the border
        return Needs(board_need, *tabled, code_least, code_need, solutions, code_line, frame)

    def _window(self, ran: tuple[int, ...], count: int) -> tuple[int, int]:
        """The code lines a short screen keeps whole: the question's, else the line being run."""
        if self.question_lines:
            return min(self.question_lines), max(self.question_lines)
        line = min(ran[-1] if ran else 0, count - 1)
        return line, line

    def _fit_code(self, code: CodePane, rows: int) -> None:
        """On a short screen, the code pane ``rows`` tall at most shows whole lines only: the
        lines it keeps (:meth:`_window`) and as many after them, then before them, as fit; it
        is as tall as they are. Where the lines it keeps are taller, it keeps those nearest the
        line it keeps first (the question's first, else the line being run) that fit (one at
        least, its first rows where it is taller than ``rows``)."""
        listing, core = code.code, self._core
        if listing is None or core is None:
            code.window = None
            set_max_height(code, rows)
            return
        inner = max(self.content_region.width - BORDER, 0)
        first, last = core
        room = rows - BORDER
        count = len(listing.lines)
        line = self.question_lines[0] if self.question_lines else first
        while first < last and code.drawing.rows(listing, inner, (first, last)) > room:
            if last > line:
                last -= 1
            else:
                first += 1
        # the lines after first (the branches the next ticks may take), then those before
        while last + 1 < count and code.drawing.rows(listing, inner, (first, last + 1)) <= room:
            last += 1
        while first > 0 and code.drawing.rows(listing, inner, (first - 1, last)) <= room:
            first -= 1
        code.window = (first, last)
        set_max_height(code, min(code.drawing.rows(listing, inner, (first, last)) + BORDER, rows))

    def _share(
        self, height: int, needs: Needs, short: bool, table: StateTable, code: CodePane
    ) -> None:
        asked = short and bool(self.question_lines)
        rows, rest = share(
            height, needs, short, self.quotes_program, asked, self.board_first, not self.waiting
        )
        box = self.solutions
        self._solutions_rows = rows["solutions"]
        box.display = self._solutions_wanted and rows["solutions"] > 0
        # rows left once every pane has what it needs go empty under the board's own
        capped = set_max_height(self.board, needs.board if rest > 0 else None)
        if capped and box.display:  # the list's rows move: its end (or top) in view again
            box.call_after_refresh(self._solutions_laid_out)
        shown = rows["code"] >= 0 and needs.code > 0
        code.set_class(shown, "-room")  # a short screen shows it only then (lessons.tcss)
        self.code_left_out = needs.code > 0 and not shown
        self._code_rows = rows["code"]
        if shown and short:
            self._fit_code(code, rows["code"])
        elif shown:
            code.window = None
            set_max_height(code, rows["code"])
        if needs.table:
            set_max_height(table, rows["table"])
        if needs.solutions and set_max_height(box, rows["solutions"]):
            box.call_after_refresh(self._solutions_laid_out)
