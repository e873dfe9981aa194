"""One lesson: its text, the board it drives and its questions, by keyboard alone. The screen
hands the run's state to its widgets (:meth:`LessonScreen.show`); the quiz panel posts the
answers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen

from lessons.course.model import LatePolicy
from lessons.i18n import _
from lessons.model import Lesson
from lessons.progress.store import ProgressStore
from lessons.progress.words import something_to_lose
from lessons.review.words import literal
from lessons.runner import BoardShown, LessonRun
from solver.session.board import BoardSession
from solver.views.views import narration_text
from solver.views.widths import TITLE_FRAME
from tui import style_files
from tui.glyphs import UNICODE, Glyphs
from tui.screens.board_screen import BoardScreen
from tui.screens.closing import dismiss_once
from tui.screens.lesson_screen.boards import QuestionBoards
from tui.screens.lesson_screen.column import BoardColumn
from tui.screens.lesson_screen.keys import BINDINGS, LessonKeys
from tui.screens.lesson_screen.reading import PageReading
from tui.screens.lesson_screen.status import LessonStatus, shortened
from tui.top_screen import on_top
from tui.widgets.board import Board
from tui.widgets.code_pane import CodePane
from tui.widgets.key_bar import KeyBar
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_answer import AnswerField
from tui.widgets.quiz_choices import QuizChoices
from tui.widgets.quiz_panel import QuizPanel
from tui.widgets.session_panes import SessionPanes
from tui.widgets.state_table import StateTable

if TYPE_CHECKING:
    from tui.lesson_context import LessonDates

CODE_MIN_HEIGHT = 36
"""Terminals at least this tall always show the code pane."""
DATES_SECONDS = 2.0
"""How often an open assignment's lesson looks whether the course's calendar changed."""


class LessonScreen(PageReading, LessonKeys, QuestionBoards, BoardScreen):
    """A lesson: text on the right, the board on the left, questions below the text.

    | Key | Action |
    | --- | --- |
    | enter | check the answer; after feedback, go on; at the end of a page, the next page |
    | enter | (text below the fold) the next screenful first |
    | space, right / left, backspace | the page's board one tick forward / back |
    | i | one iteration of the page's board |
    | s / b | run the page's board to the next solution / backtrack (escape stops) |
    | r | the board as the lesson left it (beside a question's own placement: the page's board) |
    | n | next page |
    | f4 (p) | previous page (p where no answer is typed: it is a letter of one) |
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

    CSS_PATH = style_files.LESSONS
    AUTO_FOCUS = ""
    """No widget takes the focus by itself: a question focuses its answer widget."""
    BINDINGS: ClassVar[list[BindingType]] = BINDINGS

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
        """``run``: the lesson already under way (the review's), else ``lesson`` opened where the
        student left it; ``notice``: the status line's until the first key; ``due``, ``late``:
        her due date and late policy; ``dates``: where they are read again as the course's
        files say now."""
        super().__init__()
        self.due = due
        self.late = late
        self._dates = dates
        self.lesson = lesson
        self.glyphs = glyphs
        self.lesson_run = run if run is not None else LessonRun(lesson, store)
        self.menu_later: Screen[None] | None = None
        """The lesson menu to go back to when the screen is not over one (``--lesson N``)."""
        self.panes = SessionPanes()
        self.board_shown: BoardShown | None = None
        """What the board's column shows, as last drawn."""
        self._notice = ""
        """A notice shown in the status line until the next key (see :meth:`say`)."""
        self._opening_notice = notice

    @property
    def session(self) -> BoardSession | None:
        """The page's board (a page without one: None)."""
        return self.lesson_run.session

    @property
    def column(self) -> BoardColumn:
        """The board's column."""
        return self.query_one(BoardColumn)

    @property
    def _given(self) -> bool:
        """The board shows a question's own placement or maze, or where the student drove."""
        return self.board_shown is not None and self.board_shown.given

    @property
    def _off_board(self) -> bool:
        """The board column hides for a question about other notes' arrays."""
        shown = self.board_shown
        return shown is not None and shown.about is not None and shown.about.posed.off_board

    def compose(self) -> ComposeResult:
        # the screen's size class before its widgets are mounted (lessons.tcss)
        self._fit(self.app.size.height)
        with Horizontal(id="lesson-top"):
            yield BoardColumn(self.glyphs, id="lesson-left")
            with Vertical(id="lesson-right"):
                # a tree page's board: the tree has the left column (LessonTree)
                yield Board(self.glyphs, id="lesson-tree-board")
                yield LessonPane(id="lesson-pane")
        yield LessonStatus(id="lesson-status")
        yield KeyBar()

    def on_mount(self) -> None:
        # Notices from before (the menu showed them) never sit over the page.
        self.app.clear_notifications()
        column = self.column
        self.panes.board = column.board
        self.panes.table = column.query_one(StateTable)
        self.panes.code = column.query_one(CodePane)
        self._titles()
        self.show(ask=True)
        if self._opening_notice:
            self.say(self._opening_notice)
        if self._dates is not None and self.due is not None:  # a lesson of an assignment
            self.set_interval(DATES_SECONDS, self._read_dates)

    def _titles(self) -> None:
        self.query_one("#lesson-board").border_title = _("board")
        self.query_one("#lesson-tree-board").border_title = _("board")

    def _read_dates(self) -> None:
        """Take the lesson's dates as the course's files say now."""
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
        """Draw every word again in the language now in use."""
        self._titles()
        self.show(ask=self.lesson_run.asked is not None)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.height)
        shown = self.board_shown
        if shown is not None and shown.frame is not None:
            self.column.fit_width(shown.frame, self.lesson_run.page)
        self.call_after_refresh(self.column.share_rows)  # the column's new height

    def _fit(self, height: int) -> None:
        """A short screen shows the code in the board's column only where it has the room."""
        self.set_class(height < CODE_MIN_HEIGHT, "-short")
        self.set_class(height >= CODE_MIN_HEIGHT, "-tall")

    # -- the page's title ----------------------------------------------------------------

    def _page_title(self) -> str:
        """The page's title and number (3/9), the title shortened with … where narrow."""
        run = self.lesson_run
        title = run.page.title
        over = self._title_over()
        if over > 0:
            title = shortened(title, max(cell_len(title) - over - 1, 0))
        return run.heading(title)

    def _title_over(self) -> int:
        """By how many columns the title and number are too wide for the pane's border (0: fit)."""
        room = self._title_room()
        return max(cell_len(self.lesson_run.heading()) - room, 0) if room > 0 else 0

    def _page_lead(self) -> list[str]:
        """Markdown above the text: the title whole where the border cuts it; the review's."""
        if not self._title_over():
            return []
        return [f"**{literal(self.lesson_run.page.title)}**"]

    def _title_room(self) -> int:
        """The columns the text pane's border has for its title."""
        left = self.column
        used = left.styles.width.value if left.display and left.styles.width is not None else 0
        return self.app.size.width - int(used) - TITLE_FRAME

    # -- attributes down -------------------------------------------------------------------

    def show(self, ask: bool = False) -> None:
        """Hand the run's state to every widget; ``ask`` puts a waiting question anew. Before
        the page's column is mounted (a screen over this one closed first) it does nothing:
        mounting shows the run."""
        if self.panes.board is None:
            return
        run = self.lesson_run
        session = run.session
        shown = self.board_shown = run.board_shown()
        frame, board = shown.frame, shown.board
        self.query_one("#lesson-board").border_title = _("maze") if shown.maze else _("board")
        if session is not None and frame is not None:
            # beside a placement or maze that is no moment of the page's search, its code
            # marks no line
            code = replace(frame.code, ran=()) if shown.given else frame.code
            self.panes.draw(session, replace(frame, board=board or frame.board, code=code))
        else:
            self.panes.clear()
            self.query_one("#lesson-board", Board).frame = board  # a question's own, if any
        table = self.query_one("#lesson-table")
        if shown.given:
            self.panes.table.tables = shown.tables  # type: ignore[union-attr]
        table.set_class(not shown.table, "-given")
        # a maze, or queens beside a search of no queens (the maze's): its code is not theirs
        other = shown.maze or (session is not None and not session.kit.queens)
        self.query_one("#lesson-code").set_class(shown.given and other, "-given")
        column = self.column
        column.display = shown.column
        column.question_lines = run.question_lines()
        column.board_first = run.board_asked
        column.waiting = run.asked is not None
        board_widget = self.query_one("#lesson-board")
        tree = column.lesson_tree.show(board_widget, run.stage.tree, session, run.predicting)
        column.lay_out_tree(tree, board)
        column.show_solutions(frame, run.page_index, run.hides_solutions or shown.given)
        if frame is not None:
            column.fit_width(frame, run.page)
        pane = self.query_one(LessonPane)
        pane.border_title = Content(self._page_title())  # the lesson's text: never markup
        notes = [f"*{note}*" for note in run.notices]
        pane.show_page([*notes, *self._page_lead(), *(t.markdown for t in run.shown)])
        column.board_frame = board or (frame.board if frame is not None else None)
        self.call_after_refresh(column.share_rows)
        self.refresh_bindings()  # o (open the board) exists only for a place question
        panel = self.query_one(QuizPanel)
        if ask:  # a page or a question opened: the board may have scrolled with it
            column.repaint_board()
        if run.asked is not None and ask:
            posed = run.asked.posed
            if posed.board_prompt:  # the board beside it draws what the prompt would
                posed = replace(posed, prompt=posed.board_prompt)
            panel.ask(posed, run.asked.scored, run.question_label)
        elif run.asked is None:
            told = self._told()
            feedback = run.feedback.message if run.answered and run.feedback is not None else ""
            yields = self.query_one(LessonPane).has_class("-yield")
            panel.note(
                told or feedback, answered=None if told or yields else self._answered_prompt()
            )
            self._show_next_step()
        self._notice = ""  # a notice lasts until the next key that does something
        self._fit_feedback()
        if run.asked is not None:  # a wrong answer's feedback, measured once laid out
            self.call_after_refresh(self._fit_feedback)
        self._show_reading()
        self._show_status()
        self._show_text_cut()
        self.call_after_refresh(self._show_text_cut)  # once the question's height is known

    def _told(self) -> str:
        """The narration of a tick the student stepped to, with no question waiting."""
        run = self.lesson_run
        frame = self.board_shown.frame if self.board_shown is not None else None
        here = (run.page_index, frame.status.tick) if frame is not None else None
        if self._read_past is not None and self._read_past != here:
            self._read_past = None  # a step since: its narration shows
        if frame is None or not (self.running or run.explored):
            return ""
        return "" if self._read_past is not None and not self.running else narration_text(frame)

    def _show_status(self) -> None:
        """The status line: the score and the board's numbers, or a notice in their place."""
        shown = self.board_shown
        frame = shown.frame if shown is not None and self.column.display else None
        status = frame.status if frame is not None else None
        given = shown is not None and shown.given
        given_after = shown is not None and shown.given_after
        self.query_one(LessonStatus).show(
            self.score_text, self.lesson.title, status, given, given_after, self._notice
        )

    def score_text(self, title: str) -> str:
        """How the student is doing, at the start of the status line."""
        return self.lesson_run.score_text(title)

    def finished_text(self) -> str:
        """What the last page says once the lesson is finished."""
        self._read_dates()  # as the menu will say it
        return self.lesson_run.end_text(self.due, self.late)

    def say(self, notice: str) -> None:
        """Show ``notice`` in the status line until the next key that does something (a
        board's notice too: never over the page)."""
        self._notice = notice
        self._show_status()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """While a question waits, its answer keeps the focus."""
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

    # -- messages up -------------------------------------------------------------------------

    def on_quiz_panel_answered(self, message: QuizPanel.Answered) -> None:
        run = self.lesson_run
        if run.asked is None:
            return
        verdict = run.answer(message.text)
        if run.answered:
            self.show()
            return
        # the start of several choices stays typed, to be gone on with ("type more of it")
        asked = run.asked
        begun = asked is not None and len(asked.posed.choices_begun(message.text)) > 1
        self.query_one(QuizPanel).feedback(verdict.message, message.text if begun else "")
        self.refresh_bindings()  # a quiz's hint no longer costs the point once it is missed
        self.call_after_refresh(self._fit_feedback)  # the box's room, once it is laid out
        self.call_after_refresh(self._show_text_cut)  # and whether the feedback is cut

    # -- actions -----------------------------------------------------------------------------

    def _safely(self, step: str) -> bool:
        """Move the lesson on (``go_on``, ``next``, ``previous``, ``restart``); a lesson that
        cannot be played is reported, and left."""
        error = self.lesson_run.safely(step)
        if error:
            self.notify(error, severity="error", timeout=10, markup=False)
            self._close()
        return not error

    def action_go_on(self) -> None:
        run = self.lesson_run
        if run.asked is not None or self.running or self._read_on_first():
            return
        if run.finished:
            self._close()
        elif run.answered:
            # nothing of the page after the answer: Enter turns the page at once
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
        run = self.lesson_run
        if run.answered:
            self.action_go_on()
        elif not run.page_done:
            asked = run.asked
            if asked is not None and not asked.posed.hint:
                self.say(_("Answer the question first ([f3]: show the answer)."))
            else:
                self.say(_("Answer the question first ([f2]: hint, [f3]: show the answer)."))
        elif self._safely("next"):
            self.show(ask=True)

    def action_previous_page(self) -> None:
        if self._safely("previous"):
            self.show(ask=True)

    action_back_page = action_previous_page

    def action_hint(self) -> None:
        """The question's hint in its feedback box; a question with none says so on the
        status line, and the feedback of an answer stays where it is."""
        asked = self.lesson_run.asked
        if asked is None:
            return
        if not asked.posed.hint:
            self.say(self.lesson_run.hint())
            return
        self.query_one(QuizPanel).feedback(_("Hint: {hint}").format(hint=self.lesson_run.hint()))
        self.refresh_bindings()  # the bar no longer offers f2

    def action_page_board(self) -> None:
        """The page's board in place of the question's own placement or maze."""
        if self.lesson_run.show_page_board():
            self.show()

    def action_reveal(self) -> None:
        if self.lesson_run.asked is not None:
            self.lesson_run.reveal()
            self.show()

    def action_restart(self) -> None:
        """Start the lesson again from page 1: at once where the run has nothing to lose, else
        once the student confirms (:class:`RestartConfirm`, which keeps the lesson by default)."""
        run = self.lesson_run
        if not something_to_lose(run.record):
            self._restart()
            return
        from tui.screens.restart_question import RestartConfirm

        def confirmed(yes: bool | None) -> None:
            if yes:
                self._restart()

        self.app.push_screen(RestartConfirm(run.record, run.lesson), confirmed)

    def _restart(self) -> None:
        if self._safely("restart"):
            self.show(ask=True)

    action_restart_at_end = action_restart

    def action_solutions(self, pages: int) -> None:
        self.column.scroll_solutions(pages)

    def action_menu(self) -> None:
        self._close()

    def _close(self) -> None:
        """Back to the lessons: the menu under this screen, or :attr:`menu_later`."""
        menu, self.menu_later = self.menu_later, None
        if menu is None:
            dismiss_once(self)
        elif on_top(self):
            self.app.switch_screen(menu)
        else:
            self.menu_later = menu  # under a help or a dialog: not closed (dismiss_once)
