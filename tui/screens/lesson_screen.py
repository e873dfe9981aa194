"""One lesson: its text, the board it drives, and its questions, worked by keyboard alone.

Attributes down: after every change the screen hands the runner's state to its widgets
(:meth:`LessonScreen.show`). Messages up: the quiz panel posts the student's answers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from lessons.answers.checking import Verdict
from lessons.course.model import LatePolicy
from lessons.course.words import handed_in_late
from lessons.fallback import page_notice
from lessons.i18n import N_, _, number
from lessons.model import Lesson
from lessons.model import Text as TextBlock
from lessons.progress.store import ProgressStore
from lessons.quiz.guess import GuessResult
from lessons.quiz.place import PlaceResult
from lessons.quiz.pose import QuizError
from lessons.review.words import literal
from lessons.runner import LessonRun
from lessons.safe_text import visible
from lessons.stage import StageError
from solver.messages import render
from solver.session.board import BoardSession, Told
from solver.tree.view import TreeFrame, refusal
from solver.views.frame import BoardFrame, Frame, Status
from solver.views.hidden import given_placement, given_tables, with_asked, without_answers
from solver.views.views import narration_text
from solver.views.widths import BORDER, TITLE_FRAME, board_whole, state_column, titled
from tui import style_files
from tui.found_store import store_of
from tui.glyphs import UNICODE, Glyphs
from tui.screens.board_screen import STEP_BINDINGS, WHOLE_TREE, BoardScreen
from tui.screens.closing import dismiss_once
from tui.screens.guess_question import GuessQuestionScreen
from tui.screens.help_screen import HelpScreen
from tui.screens.lesson_tree import LessonTree
from tui.screens.place_screen import PlaceOutcome, PlaceScreen
from tui.top_screen import on_top
from tui.widgets.board import Board
from tui.widgets.code_pane import CodePane
from tui.widgets.key_bar import KeyBar, taken_as_text
from tui.widgets.lesson_pane import LessonPage, LessonPane
from tui.widgets.lesson_text import listing_width
from tui.widgets.no_break import KEY
from tui.widgets.quiz_answer import AnswerField
from tui.widgets.quiz_choices import QuizChoices
from tui.widgets.quiz_panel import FeedbackBox, QuizPanel
from tui.widgets.session_panes import SessionPanes
from tui.widgets.state_table import StateTable
from tui.widgets.word_wrapped import WordWrapped

if TYPE_CHECKING:
    from textual.timer import Timer

    from lessons.runner_answers import Asked
    from tui.lesson_context import LessonDates

CODE_MIN_HEIGHT = 36
"""Terminals at least this tall always show the code pane (a shorter one, where the board's
column has the room for it: :meth:`LessonScreen._size_column`)."""
TEXT_MIN_WIDTH = 42
"""The narrowest the text pane gets beside the board's column (a page with a code listing
gets as many columns as its widest listing needs, where the terminal has them)."""
TEXT_FRAME = 3
"""The text pane's border and its scrollbar, around a code listing."""
LEFT_MIN_WIDTH = 24
"""The narrowest board column: below it a small board's pane titles ("scacchiera") and its
state table's marker line ("▶ k = 1") no longer read whole."""
TREE_MIN_WIDTH = 30
"""The narrowest the search tree's column gets."""
TREE_MAX_WIDTH = 46
"""The widest the search tree's column gets (the text keeps the rest at 80 columns)."""
TREE_FRAME = 4
"""The tree pane's border and scrollbar, around its widest line."""
DATES_SECONDS = 2.0
"""How often an open page of an assignment's lesson looks whether the course's calendar
changed (a ``stat`` of its files; they are read again only when they did)."""
FEEDBACK_SHARE = 0.45
"""The share of the screen's height a feedback box has at least (lessons.tcss, 45vh)."""
FEEDBACK_BACK_LEAST = 4
"""The lines a feedback keeps under the page's text the student brought back (PgUp, Up, Home):
the text has the rest (student walk 10, F5: 4 lines of text above a 10-line feedback box)."""
READING_LEAST = 3
"""The rows the board's narration keeps at least beside a page being read on a short screen
(LessonScreen._reading_rows)."""
SOLUTIONS_LEAST = 4
"""The list of solutions shows two at least (with its border), however little room is left."""
CODE_LEAST = 5
"""The code listing shows three lines at least (with its border): the line being run and one
either side."""
TABLE_LEAST = 7
"""The state table keeps five lines at least (with its border): the Turin notes' indices and
their four arrays, or the Wrocław lecture's i, b[i] and its marker; a taller table scrolls to
the entry being read."""
REPAINT_AFTER = 0.1
"""Seconds after a layout change of the lesson pane before the whole screen is drawn again
(LessonScreen._repaint_soon)."""


def shortened(title: str, keep: int) -> str:
    """``title`` in ``keep`` columns and an ellipsis, cut after a whole word where one fits
    ("Diagonals: col+row, row-col and the…", not "...and the arra…": student walk 6, F15)."""
    cut = title[: max(keep, 0)]
    if len(cut) < len(title) and not title[len(cut)].isspace() and " " in cut.strip():
        cut = cut[: cut.rstrip().rfind(" ")]
    return cut.rstrip(" ,;:-") + "…"


def solutions_title(status: Status) -> str:
    """The title of the list of solutions found on an all-solutions board ("" for none)."""
    if not status.all_mode or not status.found:
        return ""
    return _("solutions found: {count}").format(count=number(status.found))


def _result(outcome: PlaceOutcome) -> PlaceResult:
    """What the place board's models say of the learner's board, as the lesson grades it."""
    return PlaceResult(
        outcome.n,
        outcome.found,
        outcome.exhausted,
        outcome.driven,
        outcome.right,
        outcome.asked,
        outcome.missed,
        len(outcome.queens),
        outcome.ticks,
    )


class LessonScreen(BoardScreen):
    """A lesson: text on the right, the board on the left, questions below the text.

    | Key | Action |
    | --- | --- |
    | enter | check the answer; after feedback, go on; at the end of a page, the next page |
    | enter | (text below the fold) the next screenful first |
    | space, right / left, backspace | the page's board one tick forward / back |
    | i | one iteration of the page's board |
    | s / b | run the page's board to the next solution / backtrack (escape stops) |
    | r | the board as the lesson left it (beside a question's own placement: the page's board) |
    | n / p | next / previous page |
    | f4 | the previous page while an answer is typed (p is a letter of it then) |
    | f2 (h) | a hint for the question (h where no answer is being typed) |
    | f3 (s) | show the answer (the question then scores nothing) |
    | o | open the place board, or the board in guess mode, for a question answered there |
    | T | the search tree on a screen of its own, the page's board stepped there (n <= 6) |
    | up / down, pageup / pagedown | scroll the text |
    | , / . | scroll the list of solutions up / down (when it is longer than its box) |
    | R | start the lesson again (in the key bar at the lesson's end) |
    | escape, l | back to the lessons |
    | ?, f1 | every key |
    | q | quit |
    """

    lessons_open: ClassVar[bool] = True
    """The app's ``l`` (the lessons) opens nothing over this screen: not offered (tui/app.py)."""

    CSS_PATH = style_files.LESSONS  # the app's path for it (tui/style_files.py)
    AUTO_FOCUS = ""
    """No widget takes the focus by itself: a question focuses its answer widget."""
    BINDINGS: ClassVar[list[BindingType]] = [
        # Beside "p Prev page", "← Back" read as a page back: "← Undo" says it undoes a tick
        # (student walk 14, en 3).
        *(
            Binding(b.key, b.action, N_("Undo"), tooltip=b.tooltip)
            if isinstance(b, Binding) and b.action == "back"
            else b
            for b in STEP_BINDINGS
        ),
        # While a question's own placement stands on the board, r shows the page's board in its
        # place, in the key bar (the step keys are not offered until then); else, once the
        # student has stepped the board, r brings it back to where the lesson left it.
        Binding(
            "r",
            "page_board",
            N_("Lesson's board"),
            tooltip=N_("The board as the lesson left it"),
        ),
        Binding(
            "r",
            "reset",
            N_("Lesson's board"),
            show=False,
            tooltip=N_("The board as the lesson left it"),
        ),
        # At the lesson's end Enter goes back to the lessons, as the end says: the bar says so
        # ("⏎ Next" there: student walk 10, en, #11; it/pl #29).
        Binding("enter", "finish", N_("Lessons"), tooltip=N_("Back to the list of lessons")),
        # Where Enter shows more of the text first, the bar says so as the line under it does
        # ("More below. Enter: read on." over "⏎ Next": student walk 10, en, #11).
        Binding("enter", "read_on", N_("Read on"), tooltip=N_("Show the text that goes on below")),
        Binding("enter", "go_on", N_("Next"), tooltip=N_("Go on: the next question or page")),
        Binding("n", "next_page", N_("Next page"), show=False),
        Binding("p", "previous_page", N_("Prev page")),
        # While an answer is typed p is a letter of it: F4 turns back then (never a letter).
        Binding("f4", "back_page", N_("Prev page"), priority=True),
        # F2 and F3: never part of a typed answer (every letter is, while a question waits).
        Binding("f2", "hint", N_("Hint"), tooltip=N_("A hint for the question")),
        Binding("h", "hint", N_("Hint"), show=False, tooltip=N_("A hint for the question")),
        Binding("f3", "reveal", N_("Show answer"), tooltip=N_("Show the answer (no point)")),
        Binding(
            "s", "reveal", N_("Show answer"), show=False, tooltip=N_("Show the answer (no point)")
        ),
        Binding("o", "open_board", N_("Open board"), tooltip=N_("Place the queens by hand")),
        WHOLE_TREE,
        # The list of solutions under the board, when it is longer than its box.
        Binding(
            "comma", "solutions(-1)", N_("Solutions up"), tooltip=N_("Scroll the solutions up")
        ),
        Binding(
            "full_stop",
            "solutions(1)",
            N_("Solutions down"),
            tooltip=N_("Scroll the solutions down"),
        ),
        Binding("up", "scroll(-1)", N_("Scroll up"), show=False),
        Binding("down", "scroll(1)", N_("Scroll down"), show=False),
        # The page's text scrolls with these at all times, a waiting question included (the
        # answer keeps every other key): the screen takes them before the focused widget.
        Binding("pageup", "scroll_page(-1)", N_("Page up"), show=False, priority=True),
        Binding("pagedown", "scroll_page(1)", N_("Page down"), show=False, priority=True),
        Binding("home", "scroll_to_end(False)", N_("Top"), show=False, priority=True),
        Binding("end", "scroll_to_end(True)", N_("Bottom"), show=False, priority=True),
        # R at the lesson's end, in the key bar as the last page says it; before, in the help.
        Binding("R", "restart_at_end", N_("Restart"), tooltip=N_("Start the lesson again")),
        Binding("R", "restart", N_("Restart"), show=False, tooltip=N_("Start the lesson again")),
        Binding("escape,l", "menu", N_("Lesson menu"), tooltip=N_("Back to the list of lessons")),
        # ? (or F1) is never part of an answer: the help opens while a question waits too.
        Binding(
            "question_mark,f1",
            "help",
            N_("Help"),
            show=False,
            tooltip=N_("Every key"),
            priority=True,
        ),
        Binding("q", "app.quit", N_("Quit"), show=False, tooltip=N_("Quit the tutor")),
    ]

    def __init__(
        self,
        lesson: Lesson,
        store: ProgressStore | None,
        glyphs: Glyphs = UNICODE,
        run: LessonRun | None = None,
        notice: str = "",
        due: datetime | None = None,
        late: LatePolicy | None = None,
        dates: Callable[[], LessonDates] | None = None,
    ) -> None:
        """``run``: the lesson already under way (the review's: lessons/review/run.py), else
        ``lesson`` opened where the student left it; ``notice``: what the status line says
        until the first key (a late lesson's word from the course); ``due``: the student's
        due date of the lesson's assignment (its end says when it was handed in late), ``late``
        her late policy (and what late work counts); ``dates``: where they are read again as
        the course's files say now (an extension given while the page is open: teacher walk
        5, M1), at the lesson's end and while the late word shows."""
        super().__init__()
        self.due = due
        self.late = late
        self._dates = dates
        self.lesson = lesson
        self.glyphs = glyphs
        self.lesson_run = run if run is not None else LessonRun(lesson, store)
        self.menu_later: Screen[None] | None = None
        """The lesson menu this screen goes back to when it is not under it (a lesson the tutor
        was started on: ``--lesson N``): it is built then, in this screen's place."""
        self.panes = SessionPanes()
        self._tree = LessonTree(glyphs)
        self._notice = ""
        """A notice shown in the status line until the next key (see :meth:`say`)."""
        self._opening_notice = notice
        self._frame: Frame | None = None
        self._tree_shown = False
        """Whether the page shows the search tree (it then has the board's column)."""
        self._off_board = False
        """Whether the question on screen is about other notes' arrays (the board hides)."""
        self._solutions_count = 0
        """How many solutions the list under the board holds."""
        self._code_left_out = False
        """Whether the board's column has the page's code but no room to show it."""
        self._keys_named: tuple[int, frozenset[str]] = (-1, frozenset())
        """The page whose text's marked keys were read, and those keys (key_bar_adds)."""
        self._solutions_page: int | None = None
        """The page whose board the list was last filled from."""
        self._solutions_top = True
        """Whether the list shows from its first solution (a page's list, as it opens) or its
        last (another found by a step on the same page)."""
        self._column_shared: tuple[object, ...] = ()
        """What the board's column was last shared out for (see :meth:`_size_column`)."""
        self._column_board: BoardFrame | None = None
        """The board the left column draws (the code listing keeps out of its rows)."""
        self._listing: tuple[object, int, bool] | None = None
        """The page whose listings were measured, the widest one's width and whether one is a
        program's (see _listings)."""
        self._read_past: tuple[int, int] | None = None
        """The page and the board's tick whose narration the student read on past (Enter on
        text below the fold): it stays closed, the text has its room, until the next step."""
        self._yielded: tuple[int, str] | None = None
        """The page and the answer's feedback that the page's text yields the pane to (the
        feedback is longer than the room under the text: lesson 5's ten ticks took four boxes
        of ten lines beside empty lines of text, student walk 6 F19)."""
        self._text_back: tuple[int, str] | None = None
        """The same for a feedback whose text the student brought back (PgUp, Up, Home)."""
        self._text_more = False
        """Whether the yielded text had rows never in view (Enter shows them after the
        feedback); text read before the answer is not shown again under it."""
        self._seen: tuple[int, int] = (-1, 0)
        """The page and how many rows of its text have been in view, from its top: text below
        them is unread (Enter reads it on after an answer, before the page goes on)."""
        self._read_to_end: tuple[int, tuple[str, ...]] = (-1, ())
        """The page and its text blocks whose end has been in view: read, whatever their rows
        become when the pane's width changes (lesson 4 p1's answer widened the board for its
        col+row numbers and the text, rewrapped to more rows, read as unread: student walk 14,
        it 3)."""
        self._about: Asked | None = None
        """The question whose board or words the page shows (waiting, answered, or kept)."""
        self._given = False
        """Whether the board shows a placement or maze that is not the page's board's state (a
        question's own, or the one the student drove to): the step keys would step another
        board, hidden behind it, so they are not offered; r shows the page's board."""
        self._given_after = False
        """Whether that is only a placement an answered question shows (``shows:``): the step
        keys then step the page's board, which shows from the first step."""
        self._finished_for: object | None = None
        """The lesson run whose finish was drawn (and the screen repainted after it)."""
        self._put_aside: Asked | None = None
        """The answered question whose own board r put aside for the page's board."""
        self._reading: int | None = None
        """The page whose text went on below the fold while its board's narration showed: on a
        short screen the narration keeps to a few lines there (lessons.tcss, ``-reading``),
        the text the rest (lesson 3's tree page kept 4 lines of text, student walk 5 F7)."""

    @property
    def session(self) -> BoardSession | None:
        """The page's board (a page without one: None)."""
        return self.lesson_run.session

    def board_action_allowed(self, action: str) -> bool:
        """The page's board steps only while no question waits (a question about the board is
        answered, not stepped to), forward only while its search goes on, back only once a
        tick has been played (issue 39, the student's path, L1: "← Back" was offered at tick 0,
        where it only said "nothing to step back"), and ``r`` once the student has stepped it;
        the main screen's other board keys are not a lesson's."""
        run = self.lesson_run
        if action not in ("tick", "back", "iteration", "run", "reset") or not run.can_explore:
            return False
        if not run.shows_board or self._off_board:  # not this page's board, or not on screen
            return False
        if self._given:
            # The board shows a question's own placement (or maze), or one its answer shows
            # (lesson 1 p2's b = [1, 3, -1, -1, -1]): a step would show the page's board,
            # hidden behind it, one tick on or back (student walk 10, F4: lesson 7 p3's left
            # went from [2, 4, 1, 7, 0, 6, 3, 5] to another board; student walk 21, en 1 and
            # pl 6: space on lesson 1 p2 swapped the placement for the page's board at tick 1,
            # and left brought the placement back). r shows the page's board first
            # (action_page_board): the keys step only what is on screen.
            return False
        session = run.session
        if action in ("tick", "iteration", "run") and session is not None:
            # The search is over: these would only say so (left and r still act).
            return not session.engine.finished
        if action == "back" and session is not None:
            return session.can_step_back
        return action != "reset" or run.explored

    def compose(self) -> ComposeResult:
        # The screen's size class before its widgets are mounted: set once they are, it had
        # Textual style them all again (lessons.tcss).
        self._fit(self.app.size.height)
        panes = self.panes
        panes.board = Board(self.glyphs, id="lesson-board")
        panes.table = StateTable(self.glyphs, id="lesson-table")
        panes.code = CodePane(self.glyphs, id="lesson-code")
        with Horizontal(id="lesson-top"):
            with Vertical(id="lesson-left"):
                yield panes.board
                with VerticalScroll(id="lesson-solutions"):
                    yield Static(id="lesson-solutions-text")
                yield panes.table
                yield panes.code
            with Vertical(id="lesson-right"):
                # A tree page's board: the tree has the left column (LessonTree).
                yield Board(self.glyphs, id="lesson-tree-board")
                yield LessonPane(id="lesson-pane")
        yield Static(id="lesson-status")
        yield KeyBar()

    def on_mount(self) -> None:
        # Notices from before (the start's, the menu's skipped files) never sit over the page:
        # the menu showed them, and the page's own go to its status line.
        self.app.clear_notifications()
        self.query_one("#lesson-board").border_title = _("board")
        self.query_one("#lesson-tree-board").border_title = _("board")
        self.query_one("#lesson-table").border_title = "b[]"
        self.query_one("#lesson-code").border_title = "queens()"
        # the key bar's , and . follow the list of solutions as it scrolls and grows
        box = self.query_one("#lesson-solutions", VerticalScroll)
        self.watch(box, "scroll_y", self._solutions_moved, init=False)
        self.watch(box, "virtual_size", self._solutions_moved, init=False)
        self.show(ask=True)
        if self._opening_notice:
            self.say(self._opening_notice)
        if self._dates is not None and self.due is not None:  # a lesson of an assignment
            self.set_interval(DATES_SECONDS, self._read_dates)

    def _read_dates(self) -> None:
        """Take the lesson's dates as the course's files say now; the late word, while it
        shows, follows them (an extension given meanwhile takes it away or changes it)."""
        if self._dates is None:
            return
        dates = self._dates()
        self.due, self.late = dates.due, dates.late
        notice = dates.notice or ""
        if notice != self._opening_notice:
            shown = self._notice and self._notice == self._opening_notice
            self._opening_notice = notice
            if shown:
                self._notice = notice
                self._show_status()

    def retranslate(self) -> None:
        """Draw every word again in the language now in use (the lesson's own text is in the
        language of its file)."""
        self.query_one("#lesson-board").border_title = _("board")
        self.query_one("#lesson-tree-board").border_title = _("board")
        self.show(ask=self.lesson_run.asked is not None)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.height)
        if self._frame is not None:
            self._fit_width(self._frame)
        self.call_after_refresh(self._size_column)  # the column's new height

    def _fit(self, height: int) -> None:
        """A short screen shows the code in the board's column only where it has the room
        (lessons.tcss, :meth:`_size_column`)."""
        self.set_class(height < CODE_MIN_HEIGHT, "-short")
        self.set_class(height >= CODE_MIN_HEIGHT, "-tall")

    def _fit_width(self, frame: Frame) -> None:
        """The board's column as wide as what it shows needs, the text the rest: the board
        whole, its state table (and, on a tall screen, its code) whole where the text keeps
        the width of its widest listing (at least :data:`TEXT_MIN_WIDTH`). The frame says how
        wide its board, table and code are, whatever the method."""
        if self._tree_shown:  # the tree has the column, as wide as its lines (_lay_out_tree)
            return
        listing = self._listing_width()
        text = max(TEXT_MIN_WIDTH, listing + TEXT_FRAME if listing else 0)
        width = self.app.size.width
        # A listing wider than the board leaves room for is never given the board's own
        # columns: it wraps (or scrolls) anyway, and the board stays whole.
        room = max(width - text, min(board_whole(frame.board), width - TEXT_MIN_WIDTH), 0)
        width = max(state_column(frame, room, code=self.has_class("-tall")), LEFT_MIN_WIDTH)
        if frame.status.all_mode and frame.status.found:  # the list of solutions, titled
            width = min(max(width, titled(0, solutions_title(frame.status))), max(room, width))
        left = self.query_one("#lesson-left")
        if left.styles.width is None or left.styles.width.value != width:
            left.styles.width = width
            self._repaint_board()

    def _listing_width(self) -> int:
        """The columns the page's widest code listing takes (read once a page: a tick of the
        board draws the screen again, and the page's text does not change)."""
        return self._listings()[1]

    def _program_listing(self) -> bool:
        """Whether the page's text holds a program's listing (not only boards drawn as text)."""
        return self._listings()[2]

    def _listings(self) -> tuple[object, int, bool]:
        """The page, its widest listing's width and whether one of them is a program's, worked
        out once a page."""
        page = self.lesson_run.page
        if self._listing is None or self._listing[0] is not page:
            texts = [b.markdown for b in page.blocks if isinstance(b, TextBlock)]
            widest = max(map(listing_width, texts), default=0)
            program = any(listing_width(text, programs_only=True) for text in texts)
            self._listing = (page, widest, program)
        return self._listing

    def _repaint_board(self) -> None:
        """Draw the board's border again once the new layout has scrolled it: the part in view
        (its bottom border's "cols 5-15, rows 4-15 of 16") is known only then."""
        board = self.query_one("#lesson-board", Board)
        board.call_after_refresh(board.refresh)

    def _lay_out_tree(self, tree: TreeFrame | None, board: BoardFrame | None) -> None:
        """A page that shows the search tree gives it the left column, as tall as the screen and
        as wide as its lines (every label whole); its board goes above the tree on a tall
        screen, else above the text."""
        left = self.query_one("#lesson-left")
        tree_board = self.query_one("#lesson-tree-board", Board)
        self._tree_shown = tree is not None
        left.set_class(tree is not None, "-tree")
        # a tall screen has the board above the tree, in its column (lessons.tcss)
        above_text = tree is not None and not self.has_class("-tall")
        tree_board.display = above_text
        tree_board.frame = board if above_text else None
        if tree is None:
            return
        widest = max((cell_len(line.text) for line in tree.lines), default=0)
        if board is not None:  # as wide as the tree gets on this board: it never jumps
            widest = max(widest, self._tree.widest(len(board.squares)))
        width = min(TREE_MAX_WIDTH, max(TREE_MIN_WIDTH, widest + TREE_FRAME))
        if left.styles.width is None or left.styles.width.value != width:
            left.styles.width = width

    def _page_title(self) -> str:
        """The page's title and its number (3/9), the title shortened with … where the text
        pane is too narrow for both: the number always shows."""
        run = self.lesson_run
        title = run.page.title
        whole = _("{title} ({page}/{pages})")
        numbers = {"page": run.page_index + 1, "pages": len(self.lesson.pages)}
        over = self._title_over()
        if over > 0:
            keep = max(cell_len(title) - over - 1, 0)
            title = shortened(title, keep)
        return whole.format(title=title, **numbers)

    def _title_over(self) -> int:
        """By how many columns the page's title and its number are too wide for the text
        pane's border (0: they fit, or the pane is not laid out yet)."""
        run = self.lesson_run
        whole = _("{title} ({page}/{pages})")
        said = whole.format(
            title=run.page.title, page=run.page_index + 1, pages=len(self.lesson.pages)
        )
        room = self._title_room()
        return max(cell_len(said) - room, 0) if room > 0 else 0

    def _page_lead(self) -> list[str]:
        """Markdown shown at the top of the page's text, before the lesson's own: the page's
        title, whole and in bold, where the pane's border has room for it only cut ("Drzewo
        przeszukiwania na 4… (5/7)" beside the search tree at 80x24: student walk, pl 9); the
        text wraps it at whole words. The review puts there what its title has no room for."""
        if not self._title_over():
            return []
        return [f"**{literal(self.lesson_run.page.title)}**"]

    def _title_room(self) -> int:
        """The columns the text pane's border has for its title."""
        left = self.query_one("#lesson-left")
        used = left.styles.width.value if left.display and left.styles.width is not None else 0
        return self.app.size.width - int(used) - TITLE_FRAME

    def _show_solutions(self, frame: Frame | None, given: bool = False) -> None:
        """An all-solutions board lists the solutions found, and says how many; not while a
        question waits that the count would answer ("how many solutions?" before the guess:
        LessonRun.hides_solutions), nor beside a question's own placement (7 p2's orbit kept
        7 p1's "solutions found: 92" under its board once answered)."""
        box = self.query_one("#lesson-solutions", VerticalScroll)
        title = solutions_title(frame.status) if frame is not None else ""
        run = self.lesson_run  # a tree page marks its solutions in the tree (★)
        hidden = run.hides_solutions or self._tree_shown or given
        box.display = bool(title) and not hidden
        if not title or frame is None or box.border_title == title:
            return
        box.border_title = title
        # A page's list opens at its first solution, the one its text speaks of (lesson 2
        # p9's [0, 2, 4, 1, 3]; it opened at its end: student walk 11, #12); on the same page a
        # step that finds another brings the newest into view.
        self._solutions_top = self._solutions_page != run.page_index
        self._solutions_page = run.page_index
        self._solutions_count = len(frame.solutions)
        self.query_one("#lesson-solutions-text", Static).update(Text("\n".join(frame.solutions)))
        box.call_after_refresh(self._solutions_laid_out)

    def _size_column(self) -> None:
        """Share the board's column out (student walk 10, F2 and F3: lesson 6 p4 at 120x40 kept
        4 of the 7 x 7 board's rows and 6 of placeQueens' lines beside 15 solutions), in turn:

        1. the state table, the list of solutions and (on a tall screen) the code listing keep
           their least (:data:`TABLE_LEAST`, :data:`SOLUTIONS_LEAST`, :data:`CODE_LEAST`);
        2. the board, whole;
        3. the table, its arrays and the top frames of its stack;
        4. on a short screen, the code, where the rows left hold its line being run whole,
           whichever it is, and a line either side (:data:`CODE_LEAST` at least);
        5. the code, whole; then the list, whole; then the table, whole (where the page's
           text quotes the program, the list and the table come before the code, whole);

        the board takes what is left. A listing, table or list taller than its share scrolls
        (the listing to the line being run, its border saying which lines show)."""
        if not self.is_mounted:
            return
        left = self.query_one("#lesson-left")
        board, table, code = self._column_board, self.panes.table, self.panes.code
        if board is None or table is None or code is None or not left.display:
            return
        height, width = left.content_region.height, left.content_region.width
        if self._tree_shown:  # the board is the tree's, as tall as it is (lessons.tcss)
            self._clear_max_height(self.query_one("#lesson-board", Board))
            self._column_shared = ()
        if height <= 0 or width <= 0 or self._tree_shown:
            return
        inner = max(width - BORDER, 0)
        board_need = len(board.squares) + 1 + BORDER  # its rows, the column numbers, the border
        table_least = table_need = 0
        if not table.has_class("-given") and table.tables is not None:
            scrollbar = table.styles.scrollbar_size_vertical
            least, asked = table.drawing.heights(table.tables, inner, height, scrollbar)
            table_least, table_need = least + BORDER, asked + BORDER
        listing = code.code if not code.has_class("-given") else None
        code_need = code_least = 0
        if listing is not None and listing.lines:
            code_need = code.drawing.lines(listing, inner) + BORDER
            # the line being run whole, with a line either side, whatever it is: a short
            # screen shows no listing cut inside its line (placeQueens beside a 4 x 4 board at
            # 80x24 would show 3 of the 4 lines one of its lines wraps to)
            tallest = code.drawing.tallest(listing, inner)
            code_least = min(max(CODE_LEAST, tallest + 2 + BORDER), code_need)
        box = self.query_one("#lesson-solutions", VerticalScroll)
        solutions_need = self._solutions_count + BORDER if box.display else 0
        short = self.has_class("-short")
        key = (height, width, board_need, table_least, table_need, code_need, solutions_need, short)
        if key == self._column_shared:
            self._say_where_the_code_is()
            return
        self._column_shared = key
        rest = height
        rows = {"table": 0, "solutions": 0, "code": 0}

        def grow(name: str, to: int) -> None:
            nonlocal rest
            more = min(max(to - rows[name], 0), rest)
            rows[name] += more
            rest -= more

        grow("table", min(table_need, TABLE_LEAST))
        grow("solutions", min(solutions_need, SOLUTIONS_LEAST))
        if not short:
            grow("code", min(code_need, CODE_LEAST))
        rest -= min(board_need, rest)  # the board, whole where it can be
        grow("table", table_least)
        # A page whose text quotes no program shows what code it can on a short screen, its
        # line being run in view if not whole: lesson 6 p6 (sicura stepped one comparison at
        # a time) showed no code at all at 80x24, 7 rows empty under the table (student walk
        # 21, it 2).
        quotes = self._program_listing()  # the page's text holds a program's listing
        if short and not quotes:
            code_least = min(CODE_LEAST, code_need)
        shown = code_need > 0 and (not short or rest >= code_least)
        # A page whose text quotes the program whole gives the code pane the running line and
        # a line either side before the table's whole stack: lesson 6 p3 at 120x40 showed 3
        # of placeQueens' 6 frames beside a listing whole twice, in the pane and in the text
        # (student walk 18, en 1). Else the code comes whole first.
        quoted = quotes and shown
        if shown:
            grow("code", code_least if quoted else code_need)
        # The solutions found before the room the table keeps for a deeper stack: at 120x40
        # lesson 6's list of 4 showed 2 while the table kept 5 blank rows for frames the
        # finished search no longer had (student walk 14, en 17); the table's least still
        # shows the arrays and the top frames, and a deeper stack scrolls.
        grow("solutions", solutions_need)
        grow("table", table_need)
        if quoted:
            grow("code", code_need)
        # Rows left over once every pane has what it needs: the board keeps to its own, the
        # rows go empty under the column (a 1 x 1 board at 120x40 stood in a box 20 empty
        # rows tall: student walk, en 15).
        board_pane = self.query_one("#lesson-board", Board)
        if rest > 0:
            capped = self._set_max_height(board_pane, board_need)
        else:
            capped = self._clear_max_height(board_pane)
        if capped and box.display:  # the list's rows move: its end (or top) in view again
            box.call_after_refresh(self._solutions_laid_out)
        code.set_class(shown, "-room")  # a short screen shows it only then (lessons.tcss)
        self._code_left_out = code_need > 0 and not shown
        self._say_where_the_code_is()
        if shown:
            self._set_max_height(code, rows["code"])
        if table_need:
            self._set_max_height(table, rows["table"])
        if solutions_need and self._set_max_height(box, rows["solutions"]):
            box.call_after_refresh(self._solutions_laid_out)

    def _say_where_the_code_is(self) -> None:
        """A short screen with no room for the code beside the board says, under the state
        table, that the page's text holds the listing (lesson 6 p2 and p3 at 80x24 showed
        none and said nothing: student walk 10, en, #2)."""
        table = self.panes.table
        if table is None:
            return
        # only a program's listing: lesson 2 p6's board drawn in text is no code (student walk
        # 13, pl 10)
        label = _("code: in the text") if self._code_left_out and self._program_listing() else None
        if (None if table.border_subtitle is None else str(table.border_subtitle)) != label:
            table.border_subtitle = label

    @staticmethod
    def _clear_max_height(widget: Widget) -> bool:
        """No limit of its own on ``widget``'s height (its style's); whether that changed."""
        if widget.styles.max_height is None:
            return False
        widget.styles.max_height = None
        return True

    @staticmethod
    def _set_max_height(widget: Widget, rows: int) -> bool:
        """Give ``widget`` at most ``rows`` lines; whether that changed."""
        rows = max(rows, 1)
        if widget.styles.max_height is not None and widget.styles.max_height.value == rows:
            return False
        widget.styles.max_height = rows
        return True

    def _solutions_laid_out(self) -> None:
        """The list at its first solution, or anchored at its end: it stays there while the
        list grows, however late it is laid out again (a busy machine)."""
        box = self.query_one("#lesson-solutions", VerticalScroll)
        if self._solutions_top:
            box.anchor(False)
            box.scroll_home(animate=False, immediate=True)
        else:
            box.anchor()
        self.refresh_bindings()  # , and . only while the list is longer than its box

    def _solutions_moved(self) -> None:
        self.refresh_bindings()

    def action_solutions(self, lines: int) -> None:
        box = self.query_one("#lesson-solutions", VerticalScroll)
        box.scroll_relative(
            y=lines * max(box.scrollable_content_region.height - 1, 1), animate=False
        )

    # -- attributes down -------------------------------------------------------------------

    def show(self, ask: bool = False) -> None:
        """Hand the runner's state to every widget; ``ask`` puts a waiting question anew."""
        run = self.lesson_run
        session = run.session
        frame = None
        if session is not None:
            frame = session.frame()
        board = frame.board if frame is not None else None
        if board is not None and run.predicting:
            board = without_answers(board)  # the question must be answered, not read off
        asked = run.asked
        # The squares a question asks about, while it waits and while its feedback speaks of
        # them (student walk i39v, L10: they went as the answer came, and the overlay's numbers
        # the feedback compares had no squares marked), until the student steps the board.
        marked = asked or (run.finished_question if not run.explored else None)
        if board is not None and marked is not None and marked.posed.squares:
            board = with_asked(board, marked.posed.squares)
        # The question's own placement or maze, while it waits and while its feedback shows,
        # and after it while the text goes on about it (until the page or the student moves
        # the page's board).
        kept = run.kept_board if not run.explored else None
        about = asked or run.finished_question or kept
        posed = about.posed if about is not None else None
        # A placement the question shows once it is answered (lesson 1 p2's b = [1, 3, -1, -1,
        # -1]: student walk 13, en 2, it 24, pl 3), never while it waits, until r shows the
        # page's board (the step keys step only what is on screen: board_action_allowed).
        shows_after = posed is not None and about is not run.asked and not run.explored
        after = posed.shown_after if posed is not None and shows_after else ()
        given = posed is not None and bool(posed.placement or posed.maze or after)
        # r put the answered question's own board aside: the page's board shows (and steps).
        aside = run.asked is None and about is not None and about is self._put_aside
        given = given and not aside
        if posed is not None and given:  # what the question is about, not an earlier board
            placement = posed.placement or after
            if placement:
                board = given_placement(placement)
            else:
                from solver.methods.maze.view import given_maze  # with the first maze asked

                board = given_maze(posed.maze)
        driven = None
        if run.asked is None and not run.explored and not aside:
            driven = self._driven_board(about)
        if driven is not None:  # "you drive" answered: the board the student drove it to
            board, given = driven, True
        self._about, self._given = about, given
        # Only the placement shown after the answer: the step keys step the page's board.
        self._given_after = (
            given
            and bool(after)
            and driven is None
            and posed is not None
            and not (posed.placement or posed.maze)
        )
        # A maze is no chessboard: its pane says what it draws (student walk i39w, it 39).
        maze = (
            bool(posed.maze)
            if given and posed is not None and driven is None
            else (not given and session is not None and not session.kit.queens)
        )
        self.query_one("#lesson-board").border_title = _("maze") if maze else _("board")
        if session is not None and frame is not None:
            self.panes.draw(session, replace(frame, board=board or frame.board))
        else:
            self.panes.clear()
            self.query_one(
                "#lesson-board", Board
            ).frame = board  # a question's own placement or maze, if any
        # A placement shown once the question is answered keeps the b[] pane beside it, with
        # the placement's b[] (the array the question is about: student walk 15, 1.1).
        listed = self._given_after and frame is not None and frame.table_title == "b[]"
        if listed:
            self.query_one(StateTable).tables = given_tables(after)
        elif given:  # the question's own placement or maze: the page's state is not its
            self.query_one(StateTable).tables = None
        # No empty pane: the state and the code belong to the page's own board.
        self.query_one("#lesson-table").set_class(given and not listed, "-given")
        self.query_one("#lesson-code").set_class(given, "-given")
        # A page shows a board only when it declares one (or its question brings its own): the
        # text takes the whole width otherwise, never another page's board.
        left = self.query_one("#lesson-left")
        # A question about other notes' arrays (the Turin notes' b[]) never stands beside the
        # page's board and its b[] of rows: one name, one array on the screen.
        off_board = self._off_board = posed is not None and posed.off_board
        left.display = not off_board and (given or (frame is not None and run.shows_board))
        tree = self._tree.show(self.query_one("#lesson-board"), run.stage.tree, session)
        self._lay_out_tree(tree, board)
        if frame is not None:
            self._fit_width(frame)
        pane = self.query_one(LessonPane)
        pane.border_title = Content(self._page_title())  # the lesson's text: never markup
        texts = [t.markdown for t in run.shown]
        notice = page_notice(self.lesson, run.page)  # shown in English: the lesson says so
        notes = [f"*{note}*" for note in (notice, run.changed_notice) if note]
        pane.show_page(
            [*notes, *self._page_lead(), *texts],
            # A question, its feedback, or the lesson's end: the note under the text stays in view.
            question=run.asked is not None or run.answered or run.finished,
        )
        self._column_board = board or (frame.board if frame is not None else None)
        self.call_after_refresh(self._size_column)
        self._show_solutions(frame, given)
        self.refresh_bindings()  # o (open the board) exists only for a place question
        panel = self.query_one(QuizPanel)
        if ask:  # a page or a question opened: the board may have scrolled with it
            self._repaint_board()
        if run.asked is not None and ask:
            posed = run.asked.posed
            if posed.board_prompt:  # the board beside it draws what the prompt would
                posed = replace(posed, prompt=posed.board_prompt)
            panel.ask(posed, run.asked.scored, run.question_label)
        elif run.asked is None:
            explored = frame is not None and (self.running or run.explored)
            told = narration_text(frame) if explored and frame is not None else ""
            here = (run.page_index, frame.status.tick) if frame is not None else None
            if self._read_past is not None and self._read_past != here:
                self._read_past = None  # a step since: its narration shows
            if self._read_past is not None and not self.running:
                told = ""  # read past: the text has the room until the next step
            # The feedback speaks of the board as the answer left it: once the student steps
            # it, the tick's narration takes its place (stacked, the box overflowed and cost
            # an Enter more); stepped back to there, the feedback shows again.
            feedback = run.feedback.message if run.answered and run.feedback is not None else ""
            yields = self.query_one(LessonPane).has_class("-yield")
            question = None if told or yields else self._answered_prompt()
            panel.note(told or feedback, answered=question)
            self._show_next_step()
        self._notice = ""  # a notice lasts until the next key that does something
        self._frame = frame
        self._fit_feedback()
        if self.lesson_run.asked is not None:  # a wrong answer's feedback, measured once laid out
            self.call_after_refresh(self._fit_feedback)
        self._show_reading()
        self._show_status()
        self._show_text_cut()
        self.call_after_refresh(self._show_text_cut)  # once the question's height is known

    def _driven_board(self, about: Asked | None) -> BoardFrame | None:
        """After a "you drive" question, the placement the student drove the loop to (the
        page's own board stood at tick 0 while the feedback said the first solution was
        reached: student walk 6, F11); None for any other question, and where the page's
        board stands there itself, with its tick and its state, stepped from there (the
        lesson brings its loop there: LessonRun._follow_drive; student walk 10, F4)."""
        if about is None or about.posed.values.get("goal") != "drive":
            return None
        n, queens = self.lesson_run.place_boards.get(about.key, (0, ()))
        if not queens or str(n) != about.posed.values.get("n"):
            return None
        b = [-1] * n
        for col, row in queens:
            b[col] = row
        session = self.session
        if session is not None and tuple(getattr(session.snapshot, "b", ())) == tuple(b):
            return None
        return given_placement(tuple(b))

    def _show_reading(self) -> None:
        """The narration keeps to a few lines on a page whose text is being read (it went on
        below the fold beside a narration, on this page): set once, kept until the page turns
        or a question comes, so that the text's length never flips it back and forth."""
        run = self.lesson_run
        reading = (
            self._reading == run.page_index
            and run.asked is None
            and not run.answered
            and not run.finished
        )
        pane = self.query_one(LessonPane)
        if pane.has_class("-reading") != reading:
            pane.set_class(reading, "-reading")
            self.call_after_refresh(self._fit_feedback)  # the narration's rows (_reading_rows)

    def _read_past_narration(self) -> None:
        """The student reads on in the page's text: the board's narration closes (until the
        next step), and the text has the room it took."""
        run, frame = self.lesson_run, self._frame
        if frame is None or run.asked is not None or run.answered or self.running:
            return
        if not run.explored or self._read_past is not None:
            return
        self._read_past = (run.page_index, frame.status.tick)
        self.show()

    def _show_status(self) -> None:
        """The status line: the score and the board's numbers, or a notice in their place (a
        notice never covers the text, a question or a pane the student reads)."""
        if self._notice:
            line = self._notice  # its margin is the style's (a wrapped line keeps it too)
        else:
            frame = self._frame
            state = ""
            given = self._given
            title = self.lesson.title
            if frame is not None and self.query_one("#lesson-left").display and given:
                # A question's own board: no tick or k of the page's search. A placement shown
                # once it is answered keeps the board's size (student walk 15, 1.1).
                size = frame.status.size if self._given_after else ""
                over = self._over(title, size)
                if over > 0 and cell_len(title) > over + 1:
                    title = shortened(title, cell_len(title) - over - 1)
                state = f"  {size}" if size else ""
            elif frame is not None and self.query_one("#lesson-left").display:
                status = frame.status  # the page's board (not a question's own placement)
                tick = _("tick {tick}").format(tick=status.tick)
                where = status.where
                # The score, the size and the tick always show: a long title gives way (…),
                # then the words on where the search is (a short title, or a status that names
                # no title, the review's, on a narrow screen).
                over = self._over(title, status.size, where, tick)
                if over > 0 and cell_len(title) > over + 1:
                    title = shortened(title, cell_len(title) - over - 1)
                    over = self._over(title, status.size, where, tick)
                if over > 0:
                    where = ""
                state = "".join(f"  {part}" for part in (status.size, where, tick) if part)
            else:
                over = cell_len(f" {self.score_text(title)}") - self.size.width
                if over > 0 and cell_len(title) > over + 1:
                    title = shortened(title, cell_len(title) - over - 1)
            line = f" {self.score_text(title)}{state}"
        status_line = self.query_one("#lesson-status", Static)
        status_line.set_class(bool(self._notice), "-notice")
        status_line.update(Content(visible(line)))  # not markup; a title, a file's notice

    def _over(self, title: str, *parts: str) -> int:
        """By how many columns the status line with ``title`` and ``parts`` is too wide."""
        shown = "".join(f"  {part}" for part in parts if part)
        return cell_len(f" {self.score_text(title)}{shown}") - self.size.width

    def score_text(self, title: str) -> str:
        """How the student is doing, at the start of the status line (``title``: the lesson's,
        shortened when the line is long)."""
        return _("{lesson}: quiz score {score}/{max}").format(
            lesson=title, score=self.lesson_run.score, max=self.lesson.max_score
        )

    def finished_text(self) -> str:
        """What the last page says once the lesson is finished."""
        run = self.lesson_run
        said = _(
            "Lesson complete! Quiz score {score}/{max} (best {best}). "
            "Enter: back to the lessons; R: start again."
        ).format(score=run.score, max=self.lesson.max_score, best=run.record.best_score)
        self._read_dates()  # as the menu will say it (teacher walk 5, M1)
        late = handed_in_late(self.due, run.record, self.late)  # the course's word (lessons/course)
        return f"{late} {said}" if late else said

    def tell(self, told: Told) -> None:
        """A board's notice, in the status line until the next key (never over the page)."""
        if told.notice is not None:
            self.say(render(told.notice))

    def say(self, notice: str) -> None:
        """Show ``notice`` in the status line until the next key that does something."""
        self._notice = notice
        self._show_status()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """While a question waits, its answer keeps the focus (tab or a click elsewhere gives
        it back at once): every key typed is the answer's, never a listing's."""
        if self.lesson_run.asked is None:
            return
        choices, field = self.query_one(QuizChoices), self.query_one(AnswerField)
        answer = choices if choices.display else field if field.display else None
        if answer is not None and event.widget is not answer:
            answer.focus()

    def on_key(self, event: events.Key) -> None:
        if self._notice:  # a key the screen does not take: the notice has been read
            self._notice = ""
            self._show_status()

    def _enter_reads_on(self) -> bool:
        """Enter shows more of the text (the feedback's or the page's) before it goes on."""
        return self.is_mounted and self._next_step() == _("More below. Enter: read on.")

    def action_read_on(self) -> None:
        self.action_go_on()

    def _next_step(self) -> str:
        """What Enter does now: read on while the feedback, or the page's text before the
        page is done, goes on below what is in view; else go on, turn the page, finish."""
        run = self.lesson_run
        if self.query_one(QuizPanel).feedback_box.more_below:
            return _("More below. Enter: read on.")
        if run.answered:
            if self._reads_on_after_answer():
                # the page's text, before the page turns or the next question comes (student
                # walk 9, M2: lesson 3 p6's second question came over text never shown)
                return _("More below. Enter: read on.")
            return _("Enter: go on.")
        if run.finished:
            if self._finished_for is not run:  # once a run, as it finishes
                self._finished_for = run
                self._repaint_soon()
            return self.finished_text()
        page = self.query_one(LessonPane).page
        if page.scroll_y < page.max_scroll_y:
            return _("More below. Enter: read on.")
        return self._end_of_page()

    def _end_of_page(self) -> str:
        if self.lesson_run.is_last_page:
            return _("End of the lesson. Enter: finish it.")
        return _("End of the page. Enter: the next page.")

    def _reading_labels(self) -> tuple[str, ...]:
        """The lines that take turns under a page being read (none once it is finished, or
        answered where the page goes on after the question): the line keeps room for the
        tallest, so that turning from one to the other never changes how much of the text is
        in view."""
        run = self.lesson_run
        if run.finished:
            return ()
        if run.answered:
            return (_("More below. Enter: read on."), _("Enter: go on."))
        return (_("More below. Enter: read on."), self._end_of_page())

    def _show_next_step(self) -> None:
        """The line under the feedback (no question waiting), again once the layout is known:
        whether text goes on below the fold depends on it."""
        if self.lesson_run.asked is not None:
            return
        panel = self.query_one(QuizPanel)
        panel.next_step(self._next_step(), self._reading_labels())
        self.call_after_refresh(self._refresh_next_step)

    def _refresh_next_step(self) -> None:
        if self.lesson_run.asked is None and self.is_mounted:
            self._fit_feedback()
            self.query_one(QuizPanel).next_step(self._next_step(), self._reading_labels())
            self.refresh_bindings()  # Enter reads on, or goes on (the key bar says which)
            self._note_reading()

    def _answered_prompt(self) -> tuple[str, str] | None:
        """The label and the prompt of the question whose feedback shows, on a page of
        questions only (a quiz page: the question went and only its feedback stayed, the
        student could not read what was asked beside why; student walk 21, en 12, it 26, pl
        8). None: no feedback shows; a page with text, whose rows the text keeps (above a
        feedback that needs them, "Enter: read on" would have no text left to read on); or a
        question answered on a board of its own, whose long instructions the feedback needs
        the room of."""
        run = self.lesson_run
        answered = run.finished_question
        if not run.answered or run.feedback is None or answered is None:
            return None
        if run.looking_through:  # the feedback names the question itself (LessonRun._look_at)
            return None
        if not self.query_one("#lesson-page").has_class("-empty"):
            return None
        if answered.question.kind in ("place", "guess"):
            return None
        posed = answered.posed
        return run.label_of(answered), posed.board_prompt or posed.prompt

    def _answer_feedback(self) -> tuple[int, str] | None:
        """The page and the answer's feedback on screen (None: a question waits, or the box
        shows a tick's narration or nothing)."""
        run = self.lesson_run
        if run.asked is not None or not run.answered or run.feedback is None:
            return None
        shown = self.query_one("#quiz-feedback", WordWrapped).text
        if not run.feedback.message or shown != run.feedback.message:
            return None
        return (run.page_index, run.feedback.message)

    def _fit_feedback(self) -> None:
        """An answer's feedback takes the room the page's text does not use (the box grows
        into the pane's empty lines); one longer than that has the whole pane, the text
        yielding to it until the next Enter goes on (PgUp, Up or Home bring the text back)."""
        pane = self.query_one(LessonPane)
        box = self.query_one(FeedbackBox)
        about = self._answer_feedback()
        if about is None:
            self._set_yield(False)
            reading = self._reading_rows()
            # A wrong answer's feedback under a tall question: the box never runs past the
            # pane's foot (its end cut off, student walk 14, pl 1): it scrolls within it, and
            # PgDn reads it on (action_scroll_page).
            most = pane.content_region.height - self._quiz_overhead()
            most -= 1  # a line of the page's text above the question
            if reading is not None:
                self._set_box_height(box, reading)
            elif most < int(self.size.height * FEEDBACK_SHARE):
                self._set_box_height(box, max(most, READING_LEAST))
            elif box.styles.max_height is not None:
                box.styles.max_height = None  # the style's (lessons.tcss)
            return
        back = about == self._text_back  # the student brought the text back: no yielding
        if about == self._yielded and not back:
            self._set_box_height(box, pane.content_region.height - self._quiz_overhead())
            return
        self._set_yield(False)
        text = self.query_one("#lesson-text").outer_size.height
        overhead = self._quiz_overhead()
        least = int(self.size.height * FEEDBACK_SHARE)  # the style's 45vh
        if back:  # the student asked for the text: it keeps its rows, the feedback a few
            least = min(least, FEEDBACK_BACK_LEAST)
        room = max(least, pane.content_region.height - text - overhead)
        # Never more than the pane holds under one line of text: a tall question (lesson 6
        # p3's three choices at 80x24) and a box of 45vh ran past the pane's foot, the
        # feedback's end cut off with no key to reach it (student walk 14, pl 1).
        room = max(1, min(room, pane.content_region.height - overhead - 1))
        if back or box.virtual_size.height <= room or box.size.width == 0:
            self._set_box_height(box, room)
            return
        self._yielded = about
        # Only text never read comes back after the feedback: text read before the answer,
        # cut now only because the feedback's box took its rows, does not (student walk 10,
        # F5: lesson 8 p2's long "Right: ..." showed again under the page's text, three
        # Enters for one answer).
        self._text_more = self._text_unread()
        self._set_yield(True)

    def _reading_rows(self) -> int | None:
        """The rows the board's narration has beside a page being read on a short screen
        (None: not so): as many as it needs, up to what leaves the text about half of the pane,
        three at least. Three in all cut lesson 8 p4's "... (c+r = 6). Non" mid-sentence, its
        rest readable only line by line (student walk, it 27)."""
        pane = self.query_one(LessonPane)
        if not (self.has_class("-short") and pane.has_class("-reading")):
            return None
        return max(READING_LEAST, pane.content_region.height // 2 - self._quiz_overhead())

    def _quiz_overhead(self) -> int:
        """The question box's rows other than its feedback's: its frame, and the question,
        choices, answer line and Enter's line where shown, each with its margins. Added up
        part by part: the box's own height lags a layout behind the feedback that just
        appeared in it (lesson 6 p3 at 80x24 in Polish, reached from page 2, measured the box
        without it: the feedback was given three rows too many and its end was cut off by the
        pane's foot; student walk 14, pl 1; walk 15, 3.1)."""
        quiz = self.query_one(QuizPanel)
        box = quiz.feedback_box
        rows = quiz.styles.gutter.height
        for part in quiz.children:
            if part is not box and part.display:
                rows += part.outer_size.height + part.styles.margin.height
        return rows

    @staticmethod
    def _set_box_height(box: FeedbackBox, rows: int) -> None:
        if box.styles.max_height is None or box.styles.max_height.value != rows:
            box.styles.max_height = max(rows, 1)

    def _set_yield(self, on: bool) -> None:
        """The page's text yields the pane to the answer's feedback (lessons.tcss, -yield)."""
        pane = self.query_one(LessonPane)
        if pane.has_class("-yield") != on:
            pane.set_class(on, "-yield")
            if not on:
                self.query_one(FeedbackBox).styles.max_height = None
            # the question answered: above its feedback where it stays (_answered_prompt), or,
            # while the text yields to a long one, named on the box's top border instead
            # (_show_text_cut); a waiting question's prompt is the question's own
            if self.lesson_run.asked is None:
                panel = self.query_one(QuizPanel)
                panel.show_prompt(None if on else self._answered_prompt())
            self._show_text_cut()  # the box's top names the question while the text yields
            self._repaint_soon()

    _repaint_timer: Timer | None = None

    def _repaint_soon(self) -> None:
        """The whole screen drawn again once the pane's layout has settled (a tenth of a
        second on). The question box shrinking to the finished lesson's note, or the text
        yielding to a long feedback, changes the layout over several frames, and a terminal
        kept rows of an intermediate one Textual's own screen no longer had: a second "Lesson
        complete!" under the first, a broken frame, until the terminal was resized (student
        walk 14, en 5, it 2, it 8, pl 5). Once a change, not at every key."""
        if self._repaint_timer is not None:
            self._repaint_timer.stop()
        self._repaint_timer = self.set_timer(REPAINT_AFTER, self._repaint)

    def _repaint(self) -> None:
        self._repaint_timer = None
        if self.is_current:
            self.refresh(layout=True)

    def _text_comes_back(self) -> bool:
        """The student scrolls the page's text while it yields to a feedback: it comes back
        (the feedback keeps its box under it); True when it did."""
        if not self.query_one(LessonPane).has_class("-yield"):
            return False
        self._text_back = self._yielded
        self._fit_feedback()
        return True

    def _note_reading(self) -> None:
        """The page's text goes on below the fold while the board's narration shows: the page
        is being read (see :meth:`_show_reading`)."""
        run = self.lesson_run
        if self._reading == run.page_index or run.answered or run.finished:
            return
        panel = self.query_one(QuizPanel)
        if panel.feedback_box.display and self.query_one(LessonPane).page.more_below:
            self._reading = run.page_index
            self._show_reading()

    def on_feedback_box_scrolled(self, message: FeedbackBox.Scrolled) -> None:
        message.stop()
        self._refresh_next_step()
        self._show_text_cut()

    def _feedback_read_on(self) -> bool:
        """A wrong answer's feedback that goes on below its box, under a question still
        waiting: PgDn reads it (Enter answers the question; student walk 14, pl 1)."""
        box = self.query_one(FeedbackBox)
        return self.lesson_run.asked is not None and box.more_below

    def on_lesson_page_scrolled(self, message: LessonPage.Scrolled) -> None:
        message.stop()
        self._note_seen()
        self._refresh_next_step()
        self._show_text_cut()

    def _note_seen(self) -> None:
        """Count the rows of the page's text in view as seen (see :attr:`_seen`)."""
        page = self.query_one(LessonPane).page
        if not page.display or page.size.height == 0:
            return  # yielded to a feedback: nothing of it is in view
        index = self.lesson_run.page_index
        bottom = int(page.scroll_y) + page.scrollable_content_region.height
        seen = self._seen[1] if self._seen[0] == index else 0
        self._seen = (index, max(seen, bottom))
        if not page.more_below or max(seen, bottom) >= page.virtual_size.height:
            self._read_to_end = (index, self.query_one(LessonPane).shown)

    def _text_unread(self) -> bool:
        """The page's text goes on below the fold with rows never in view (text read before
        the feedback covered it is not unread: lesson 5 p10's three Enters)."""
        page = self.query_one(LessonPane).page
        if not page.more_below:
            return False
        self._note_seen()
        index = self.lesson_run.page_index
        if self._read_to_end == (index, self.query_one(LessonPane).shown):
            return False
        seen = self._seen[1] if self._seen[0] == index else 0
        return seen < page.virtual_size.height

    def _reads_on_after_answer(self) -> bool:
        """After an answer, Enter reads the page's text on first where rows of it were never in
        view, before the page turns or goes on (the next question, new text). Text read before
        the answer, cut now only because the feedback's box took its rows, is not read again:
        lesson 4 p1 and lesson 9 p1 asked for one more Enter to show lines the student had
        read down to their end (student walk 14, it 3 and pl 7)."""
        return self._text_unread()

    def _show_text_cut(self) -> None:
        """A waiting question whose page's text goes on below the fold, behind it, says so on
        its box's top border (student walk 9, M1: lesson 9 p7's text was cut above its question
        with the scrollbar's thumb as the only cue); PgDn reads on while it waits."""
        if not self.is_mounted:
            return
        run = self.lesson_run
        pane = self.query_one(LessonPane)
        quiz = self.query_one(QuizPanel)
        feedback_cut = self._feedback_read_on()
        # only text never in view: text read to its end before a wrong answer's feedback took
        # its rows is not "more above" (student walk 14, it 3); and PgDn reads a cut feedback
        # first: the box's top names the text only once the feedback is read
        cut = run.asked is not None and self._text_unread() and not feedback_cut
        subtitle = ""
        if feedback_cut:
            subtitle = _("The explanation goes on: PgDn reads on.")
            if quiz.size.width and cell_len(subtitle) > quiz.size.width - 6:
                subtitle = _("PgDn: more below.")
        if (quiz.border_subtitle or "") != subtitle:
            quiz.border_subtitle = Content(subtitle)  # never markup
        title = ""
        answered = run.finished_question
        if pane.has_class("-yield") and answered is not None:
            # the text yields to a long feedback: the box's top names the question it explains
            # (student walk 12, en 13: the page's text and the question were gone)
            posed = answered.posed
            prompt = posed.plain_prompt or posed.prompt
            title = " ".join(f"{run.label_of(answered)} {prompt}".split())
            if quiz.size.width and cell_len(title) > quiz.size.width - 6:
                title = shortened(title, quiz.size.width - 7)
        elif cut:
            title = _("More text above the question: PgDn reads on.")
            # beside a board the box is narrower: the short form, whole, rather than the key's
            # words cut ("PgDn re…", "PgDn czyt…": student walk 10, en 15 and it/pl 24); a
            # border title has a corner, a rule and a blank on either side
            if quiz.size.width and cell_len(title) > quiz.size.width - 6:
                title = _("Text above: PgDn reads on.")
            # the shortest form, for a box beside a 9 x 9 board in Italian or Polish ("Testo
            # sopra: PgDn continua a legge…": student walk 12, it 28)
            if quiz.size.width and cell_len(title) > quiz.size.width - 6:
                title = _("PgDn: more above.")
        if (quiz.border_title or "") != title:
            quiz.border_title = Content(title)  # never markup

    # -- messages up -------------------------------------------------------------------------

    def on_quiz_panel_answered(self, message: QuizPanel.Answered) -> None:
        if self.lesson_run.asked is None:
            return
        verdict = self.lesson_run.answer(message.text)
        if self.lesson_run.answered:
            self.show()
            return
        # the start of several choices stays typed, to be gone on with ("type more of it")
        asked = self.lesson_run.asked
        begun = asked is not None and len(asked.posed.choices_begun(message.text)) > 1
        self.query_one(QuizPanel).feedback(verdict.message, message.text if begun else "")
        self.call_after_refresh(self._fit_feedback)  # the box's room, once it is laid out
        self.call_after_refresh(self._show_text_cut)  # and whether the feedback is cut

    # -- actions -----------------------------------------------------------------------------

    def _safely(self, step: str) -> bool:
        """Move the lesson on; a lesson that cannot be played is reported, not hidden."""
        try:
            if step == "go_on":
                self.lesson_run.go_on()
            elif step == "next":
                self.lesson_run.next_page()
            elif step == "previous":
                self.lesson_run.previous_page()
            else:
                self.lesson_run.restart()
        except (QuizError, StageError) as error:
            self.notify(
                _("This lesson cannot go on: {error}").format(error=error),
                severity="error",
                timeout=10,
                markup=False,
            )
            self._close()
            return False
        return True

    def action_go_on(self) -> None:
        run = self.lesson_run
        if run.asked is not None or self.running:
            return
        if self.query_one(QuizPanel).feedback_box.read_on():
            return  # the feedback goes on below its box: enter showed the next boxful first
        if self._text_more and self._text_comes_back():
            # the page's text went on below the fold under the feedback: it shows, and the
            # feedback, read to its end, stays at its end under it (student walk 8, F8: it
            # showed again from its top, two more read-ons before the next question)
            box = self.query_one(QuizPanel).feedback_box
            box.call_after_refresh(box.scroll_end, animate=False, immediate=True)
            return
        # The page's text cut above the answer's feedback is read before the page goes on: the
        # next question, or new text scrolled into view, would leave it unread (walk 9, M2).
        reads_on = not run.answered or self._reads_on_after_answer()
        if reads_on and not run.finished and self.query_one(LessonPane).read_on():
            self._read_past_narration()
            return  # the text went on below the fold: enter showed the next screenful first
        if run.finished:
            self._close()
        elif run.answered:
            # Nothing of the page follows the answer: Enter goes on as its box says, to the
            # next page (or the lesson's end) at once, as on a page without a question. The
            # board goes back to where the lesson left it (the student's steps undone).
            ends_page = run.answer_ends_page
            if not self._safely("go_on"):
                return
            if ends_page and run.page_done and not self._safely("next"):
                return
            self.show(ask=True)
        elif run.page_done and self._safely("next"):
            self.show(ask=True)

    def action_finish(self) -> None:
        self.action_go_on()  # the lesson finished: back to the lessons

    def action_next_page(self) -> None:
        if self.lesson_run.answered:
            self.action_go_on()
        elif not self.lesson_run.page_done:
            asked = self.lesson_run.asked
            if asked is not None and not asked.posed.hint:  # no hint to offer (walk 8, F1)
                self.say(_("Answer the question first ([f3]: show the answer)."))
            else:
                self.say(_("Answer the question first ([f2]: hint, [f3]: show the answer)."))
        elif self._safely("next"):
            self.show(ask=True)

    def action_previous_page(self) -> None:
        if self._safely("previous"):
            self.show(ask=True)

    def action_back_page(self) -> None:
        self.action_previous_page()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hint and show-answer exist only while a question waits (hidden from the footer
        otherwise); the footer is refreshed by the focus moving to or from the answer."""
        allowed = super().check_action(action, parameters)  # the board's keys
        if allowed is not True:
            return allowed
        if (
            action
            in ("next_page", "previous_page", "back_page", "restart", "restart_at_end", "menu")
            and self.running
        ):
            return None  # the worker has the board until it stops (escape)
        if action in ("hint", "reveal"):
            return self.lesson_run.asked is not None
        if action == "finish":  # else Enter is go_on, below it
            return self.lesson_run.finished and self.lesson_run.asked is None
        if action in ("go_on", "read_on"):  # a waiting question is answered by its own keys
            run = self.lesson_run
            if run.asked is not None or run.finished:
                return False
            return self._enter_reads_on() == (action == "read_on")
        if action == "next_page":  # the lesson finished: no page after it (Enter goes back)
            return self.lesson_run.answered or not self.lesson_run.finished
        if action in ("previous_page", "back_page"):
            # p while no answer is typed, F4 while one is (p is a letter of it then); neither
            # on the first page, where there is no page before.
            typing = isinstance(self.focused, AnswerField | QuizChoices)
            first = self.lesson_run.page_index == 0
            return not first and typing == (action == "back_page")
        if action == "whole_tree":  # the tree shows the board: not while a question waits
            run = self.lesson_run
            return self.session is not None and run.can_explore and run.shows_board
        if action == "page_board":  # else r is the hidden reset, below it
            run = self.lesson_run
            return (
                self._given
                and run.asked is None
                and run.can_explore
                and run.shows_board
                and not self._off_board
                and not self.running
            )
        if action == "restart_at_end":  # else R is the hidden restart, below it
            return self.lesson_run.finished
        if action == "solutions":  # only where the list on screen scrolls that way (student
            # walk 12, pl 21 and it 37: offered with no list in view, or "." at its end)
            box = self.query_one("#lesson-solutions", VerticalScroll)
            if not box.display or box.max_scroll_y <= 0:
                return False
            up = bool(parameters) and parameters[0] == -1
            return box.scroll_y > 0 if up else box.scroll_y < box.max_scroll_y
        if action == "open_board":
            asked = self.lesson_run.asked
            return asked is not None and asked.question.kind in ("place", "guess")
        return True

    def key_bar_shows(self, binding: Binding) -> bool:
        """The key bar names f2 only for a question that has a hint not yet shown (f2 on one
        without still says so, and costs nothing: student walk 6, F3); the help names T only
        where the tree can be drawn (a larger board: T says why in the status line); the
        lesson's end names Enter alone for going back to the lessons."""
        if binding.action == "hint":  # and not once it is shown: f2 again tells nothing new
            asked = self.lesson_run.asked
            return asked is not None and bool(asked.posed.hint) and not asked.hint_shown
        if binding.action == "whole_tree":
            return self._tree_refusal() is None
        if binding.action == "menu":
            # At the lesson's end Enter goes back to the lessons as escape does: one entry,
            # "⏎ Lessons" (the Italian and Polish bars read "esc Lekcje  ⏎ Lekcje": student
            # walk 13, pl 2); the help still lists escape.
            run = self.lesson_run
            return not (run.finished and run.asked is None)
        return True

    def key_bar_adds(self, binding: Binding) -> bool:
        """A key the help alone names, in the key bar where the page invites it: r while it
        acts (the board stepped away from the lesson's tick); one its text marks
        (``<kbd>b</kbd>``: lesson 9 p10's "[b] runs to the next backtrack"), and T beside the
        search tree whose border says "T: tree screen" (student walk 10, en, #11; it/pl #27)."""
        if binding.action == "whole_tree":
            return self._tree_shown
        if binding.action == "reset":
            # r once the student has stepped the board away from the lesson's tick (the only
            # time it acts): the way back to the board the text speaks of (student walk i39w,
            # en: missing from the bar on 5 p3, the help alone named it)
            return True
        return binding.key in self._page_keys() and not binding.priority

    def key_bar_keeps(self, binding: Binding) -> bool:
        """A key the page's text marks stays in a crowded key bar: [i] on lesson 9 p10
        (student walk 14, en 14)."""
        return any(key in self._page_keys() for key in binding.key.split(","))

    def _page_keys(self) -> frozenset[str]:
        """The keys the page's text marks (``<kbd>KEY</kbd>``)."""
        run = self.lesson_run
        if self._keys_named[0] != run.page_index:
            text = "\n".join(b.markdown for b in run.page.blocks if isinstance(b, TextBlock))
            self._keys_named = (run.page_index, frozenset(KEY.findall(text)))
        return self._keys_named[1]

    def _tree_refusal(self) -> str | None:
        """Why the page's board has no tree of its own screen (its size or method), or None."""
        session = self.session
        if session is None:
            return None
        why = refusal(session.kit, session.snapshot, lesson=True)
        return render(why) if why is not None else None

    def action_whole_tree(self) -> None:
        """The tree's screen, or why not in the status line, on the page (student walk 9, M4: a
        notification over the next page's text told of [, which a lesson does not have)."""
        why = self._tree_refusal()
        if why is not None:
            self.say(why)
        elif self.running:
            self.say(_("Stop the run first (escape), then open the tree."))
        else:
            super().action_whole_tree()

    def action_hint(self) -> None:
        if self.lesson_run.asked is not None:
            self.query_one(QuizPanel).feedback(
                _("Hint: {hint}").format(hint=self.lesson_run.hint())
            )
            self.refresh_bindings()  # the bar no longer offers f2 (student walk 21, it)

    def action_page_board(self) -> None:
        """The page's board in place of the answered question's own placement or maze, as the
        lesson left it: the step keys step what is on screen from then on."""
        if self._given and self.lesson_run.asked is None:
            self._put_aside = self._about
            self.show()

    def action_reveal(self) -> None:
        if self.lesson_run.asked is not None:
            self.lesson_run.reveal()
            self.show()

    def action_restart(self) -> None:
        if self._safely("restart"):
            self.show(ask=True)

    def action_restart_at_end(self) -> None:
        self.action_restart()

    def action_scroll(self, lines: int) -> None:
        box = self.query_one(FeedbackBox)
        if lines > 0 and box.more_below:
            # a feedback cut at its box's foot is read first, as PgDn and Enter read it
            # (student walk 18, pl 1.1: lesson 5 p10's right answer did not move on ↓)
            box.scroll_relative(y=lines, animate=False, immediate=True)
            return
        if lines < 0 and self._text_comes_back():
            return
        self.query_one(LessonPane).scroll_lines(lines)

    def action_scroll_page(self, pages: int) -> None:
        if pages < 0 and self._text_comes_back():
            return
        box = self.query_one(FeedbackBox)
        # A feedback cut by its box is read first: PgDn reads on in it, answered or not (as
        # Enter does once the question is answered: student walk 18, pl 1.1, lesson 5 p10's
        # right answer did not move on PgDn); PgUp reads back up it while the question waits.
        waiting = self.lesson_run.asked is not None
        if pages > 0 and box.read_on():
            return
        if pages < 0 and waiting and box.read_back():
            return
        page = self.query_one(LessonPane).page
        # PgDn gives the text the narration's room only once the narration is whole in view:
        # it closed one cut mid-sentence, its rest never read (student walk, it 27)
        if pages > 0 and page.more_below and not box.more_below:
            self._read_past_narration()
        self.query_one(LessonPane).scroll_pages(pages)

    def action_scroll_to_end(self, end: bool) -> None:
        box = self.query_one(FeedbackBox)
        if end and box.more_below:  # a cut feedback first, as PgDn (student walk 18, pl 1.1)
            box.scroll_end(animate=False, immediate=True)
            return
        if not end and self._text_comes_back():
            return
        self.query_one(LessonPane).scroll_to_edge(end)

    def action_menu(self) -> None:
        self._close()

    def _close(self) -> None:
        """Back to the lessons: the menu under this screen, or, for a lesson the tutor was
        started on, the menu built now in this screen's place (:attr:`menu_later`)."""
        menu, self.menu_later = self.menu_later, None
        if menu is None:
            dismiss_once(self)
        elif on_top(self):
            self.app.switch_screen(menu)
        else:
            self.menu_later = menu  # under a help or a dialog: not closed (dismiss_once)

    def action_help(self) -> None:
        """Every key that acts on this page now (a page without a board has no board keys; a
        waiting question's letters are its answer), each once, and how to answer."""
        active = self.active_bindings
        acting: dict[str, list[str]] = {}
        described: dict[str, Binding] = {}
        for binding in Binding.make_bindings(self.BINDINGS):
            shown = active.get(binding.key)
            if shown is None or shown.node is not self or shown.binding.action != binding.action:
                continue  # refused here now, or the focused answer takes the key
            if taken_as_text(self, self, binding):
                continue  # a character of the answer being typed (space, comma too)
            if binding.action != "menu" and not self.key_bar_shows(binding):
                continue  # f2 on a question with no hint (student walk 8, F1)
            acting.setdefault(binding.action, []).append(binding.key)
            described.setdefault(binding.action, binding)
        keys = [
            Binding(",".join(acting[action]), action, b.description, tooltip=b.tooltip)
            for action, b in described.items()
        ]
        self.app.push_screen(HelpScreen(keys, self._answer_help()))

    def _answer_help(self) -> list[tuple[str, str]]:
        """How to answer the question that waits, as rows of the help (none: no question)."""
        asked = self.lesson_run.asked
        if asked is None:
            return []
        if self.query_one(QuizChoices).display and asked.posed.lettered:
            last = asked.posed.last_label
            return [
                (_("a to {last}").format(last=last), _("Choose that answer")),
                (_("digits, enter"), _("Type the number itself, then Enter")),
            ]
        if self.query_one(QuizChoices).display:
            return [
                (_("1 to 9"), _("Choose that answer")),
                (
                    _("letters, enter"),
                    _("Type the first words of an answer (or yes, no), then Enter"),
                ),
            ]
        if self.query_one(AnswerField).display:
            return [(_("letters, digits, enter"), _("Type the answer, then Enter checks it"))]
        return []

    _place_left: tuple[object, PlaceOutcome] | None = None
    """The question whose place board the learner last closed, and how it was left: the board
    opened again for it goes on from there (the cursor's square: student walk 13, pl 11; what
    was tried: walk 19, 4; the loop driven so far: walk 20, 1)."""

    # -- ``o``: the place board or the guess board a question is answered on, and what comes
    # back from it

    def action_open_board(self) -> None:
        """Open the place board for a ``place`` question, the page's board in guess mode for a
        ``guess`` one; what the learner does there answers the question when it is closed."""
        asked = self.lesson_run.asked
        session = self.lesson_run.session
        if asked is not None and asked.question.kind == "guess" and session is not None:
            self.lesson_run.settle()  # the question's tick: each visit starts there
            ticks = int(asked.posed.values["ticks"])
            engine = session.engine
            screen = GuessQuestionScreen(engine, engine.tick, ticks, session.overlay, self.glyphs)
            self.app.push_screen(screen, self._guessed)
            return
        if asked is None or asked.question.kind != "place":
            return
        n = int(asked.posed.values["n"])
        drive = asked.posed.values.get("goal") == "drive"
        queens = () if drive else self.lesson_run.place_board()  # as the learner left it
        found = store_of(self.app)  # the solutions placed anywhere, saved (it F22)
        for warning in found.warnings:
            self.notify(render(warning), markup=False)
        found.warnings.clear()
        # the cursor where the learner left it on this question's board (student walk 13, pl 11)
        kept = self._place_left
        left = kept[1] if kept is not None and kept[0] is asked.question else None
        run = self.lesson_run
        board = PlaceScreen(
            n,
            self.glyphs,
            found,
            drive=drive,
            queens=queens,
            cursor=left.cursor if left is not None else (0, 0),
            meets=lambda outcome: run.asked is not None and run.place_meets(_result(outcome)),
            tried=left.tried if left is not None else None,
            driving=left.driving if left is not None else None,
        )
        self.app.push_screen(board, self._placed)

    def _placed(self, outcome: PlaceOutcome | None) -> None:
        if outcome is None or self.lesson_run.asked is None:
            return
        self._place_left = (self.lesson_run.asked.question, outcome)
        self.lesson_run.keep_place_board(outcome.n, outcome.queens)
        self._graded(self.lesson_run.answer_place(_result(outcome)))

    def _guessed(self, result: GuessResult | None) -> None:
        """Back from the guess board: graded, or (escape) the board as the lesson left it."""
        run = self.lesson_run
        if run.asked is None:
            return
        if result is None:
            run.settle()
            self.show()
            return
        self._graded(run.answer_guess(result))

    def _graded(self, verdict: Verdict) -> None:
        """Feedback on a question answered on another screen."""
        self.show()
        if self.lesson_run.answered:
            return
        self.query_one(QuizPanel).feedback(verdict.message)
