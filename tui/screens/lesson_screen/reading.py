"""Reading a lesson page: the page's text and the question box share the lesson pane, Enter reads
on before it goes on, and the box's borders say what is out of view (mixed into
:class:`~tui.screens.lesson_screen.LessonScreen`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual.content import Content

from lessons.i18n import N_, _
from tui.screens.lesson_screen.status import shortened
from tui.widgets.lesson_pane import LessonPage, LessonPane
from tui.widgets.no_break import spoken
from tui.widgets.quiz_panel import FeedbackBox, QuizPanel
from tui.widgets.word_wrapped import WordWrapped

if TYPE_CHECKING:
    from textual.timer import Timer

    from lessons.runner import BoardShown, LessonRun
    from tui.screens.board_screen import BoardScreen as _Screen
else:
    _Screen = object

FEEDBACK_SHARE = 0.45
"""The share of the screen's height a feedback box has at least (lessons.tcss, 45vh)."""
FEEDBACK_BACK_LEAST = 4
"""The lines a feedback keeps under the text the student brought back."""
READING_LEAST = 3
"""The rows the board's narration keeps at least beside a page being read on a short screen."""
REPAINT_AFTER = 0.1
"""Seconds after a layout change of the lesson pane before the whole screen is drawn again."""
READ_ON = N_("More below. Enter: read on.")


class PageReading(_Screen):
    """The reading half of the lesson screen."""

    lesson_run: LessonRun
    board_shown: BoardShown | None
    running: bool
    _read_past: tuple[int, int] | None = None
    """The page and tick whose narration was read past: closed until the next step."""
    _yielded: tuple[int, str] | None = None
    """The page and feedback the page's text yields the pane to."""
    _text_back: tuple[int, str] | None = None
    """The same for a feedback whose text the student brought back (PgUp, Up, Home)."""
    _text_more = False
    """The yielded text had rows never in view (Enter shows them after the feedback)."""
    _reading: int | None = None
    """The page whose text went on below the fold while its narration showed."""
    _finished_for: object | None = None
    """The lesson run whose finish was drawn (and the screen repainted after it)."""
    _repaint_timer: Timer | None = None

    if TYPE_CHECKING:

        def finished_text(self) -> str: ...

        def show(self, ask: bool = False) -> None: ...

        def action_go_on(self) -> None: ...

    @property
    def pane(self) -> LessonPane:
        return self.query_one(LessonPane)

    @property
    def panel(self) -> QuizPanel:
        return self.query_one(QuizPanel)

    # -- what Enter does -----------------------------------------------------------------

    def _next_step(self) -> str:
        """What Enter does now: read on while the feedback or unread text goes on below the view;
        else go on, turn the page, finish."""
        run = self.lesson_run
        if self.panel.feedback_box.more_below:
            return _(READ_ON)
        if run.answered:
            return _(READ_ON) if self.pane.unread else run.next_step()
        if run.finished:
            if self._finished_for is not run:  # once a run, as it finishes
                self._finished_for = run
                self._repaint_soon()
            return self.finished_text()
        page = self.pane.page
        return _(READ_ON) if page.scroll_y < page.max_scroll_y else run.next_step()

    def action_read_on(self) -> None:
        self.action_go_on()

    def _read_on_first(self) -> bool:
        """Enter reads on first (the feedback, the text it covered, unread text); whether it did."""
        run = self.lesson_run
        box = self.panel.feedback_box
        if box.read_on():
            return True
        if self._text_more and self._text_comes_back():
            # the feedback, read to its end, stays at its end under the text
            box.call_after_refresh(box.scroll_end, animate=False, immediate=True)
            return True
        if (not run.answered or self.pane.unread) and not run.finished and self.pane.page.read_on():
            self._read_past_narration()
            return True
        return False

    def _reading_labels(self) -> tuple[str, ...]:
        """The lines that take turns under a page being read, the line as tall as the tallest."""
        run = self.lesson_run
        return () if run.finished else (_(READ_ON), run.next_step())

    def _show_next_step(self) -> None:
        """The line under the feedback, again once the layout is known."""
        if self.lesson_run.asked is not None:
            return
        self.panel.next_step(self._next_step(), self._reading_labels())
        self.call_after_refresh(self._refresh_next_step)

    def _refresh_next_step(self) -> None:
        if self.lesson_run.asked is None and self.is_mounted:
            self._fit_feedback()
            self.panel.next_step(self._next_step(), self._reading_labels())
            self.refresh_bindings()  # Enter reads on, or goes on (the key bar says which)
            self._note_reading()

    # -- the feedback's room ---------------------------------------------------------------

    def _answered_prompt(self) -> tuple[str, str] | None:
        """The label and prompt of the question whose feedback shows, on a page of questions
        only; None elsewhere and for a question answered on its own board."""
        run = self.lesson_run
        answered = run.finished_question
        if not run.answered or run.feedback is None or answered is None:
            return None
        if run.looking_through:  # the feedback names the question itself
            return None
        if not self.pane.page.has_class("-empty"):
            return None
        if answered.question.kind in ("place", "guess"):
            return None
        posed = answered.posed
        return run.label_of(answered), posed.board_prompt or posed.prompt

    def _answer_feedback(self) -> tuple[int, str] | None:
        """The page and the answer's feedback on screen, or None."""
        run = self.lesson_run
        if run.asked is not None or not run.answered or run.feedback is None:
            return None
        shown = self.query_one("#quiz-feedback", WordWrapped).text
        if not run.feedback.message or shown != run.feedback.message:
            return None
        return (run.page_index, run.feedback.message)

    def _fit_feedback(self) -> None:
        """An answer's feedback takes the room the text does not use; a longer one has the whole
        pane until the next Enter (PgUp, Up or Home bring the text back). Under a waiting
        question the box scrolls, PgDn reads on."""
        pane = self.pane
        box = self.query_one(FeedbackBox)
        height = pane.content_region.height
        about = self._answer_feedback()
        if about is None:
            self._set_yield(False)
            most = height - self._quiz_overhead() - 1  # a line of the text above the question
            if self.has_class("-short") and pane.has_class("-reading"):  # beside a page read
                _set_box_height(box, max(READING_LEAST, height // 2 - self._quiz_overhead()))
            elif most < int(self.size.height * FEEDBACK_SHARE):
                _set_box_height(box, max(most, READING_LEAST))
            elif box.styles.max_height is not None:
                box.styles.max_height = None  # the style's (lessons.tcss)
            return
        back = about == self._text_back  # the student brought the text back: no yielding
        if about == self._yielded and not back:
            _set_box_height(box, height - self._quiz_overhead())
            return
        self._set_yield(False)
        overhead = self._quiz_overhead()
        text = self.query_one("#lesson-text").outer_size.height
        least = int(self.size.height * FEEDBACK_SHARE)
        if back:  # the text keeps its rows, the feedback a few
            least = min(least, FEEDBACK_BACK_LEAST)
        room = max(1, min(max(least, height - text - overhead), height - overhead - 1))
        if back or box.virtual_size.height <= room or box.size.width == 0:
            _set_box_height(box, room)
            return
        self._yielded = about
        # only text never read comes back after the feedback
        self._text_more = self.pane.unread
        self._set_yield(True)

    def _quiz_overhead(self) -> int:
        """The question box's rows other than its feedback's (the box's height lags a layout)."""
        quiz = self.panel
        box = quiz.feedback_box
        rows = quiz.styles.gutter.height
        for part in quiz.children:
            if part is not box and part.display:
                rows += part.outer_size.height + part.styles.margin.height
        return rows

    def _set_yield(self, on: bool) -> None:
        """The page's text yields the pane to the answer's feedback (lessons.tcss, -yield)."""
        pane = self.pane
        if pane.has_class("-yield") == on:
            return
        pane.set_class(on, "-yield")
        if not on:
            self.query_one(FeedbackBox).styles.max_height = None
        # the question answered: above its feedback, or named on the box's top border while
        # the text yields to a long one
        if self.lesson_run.asked is None:
            self.panel.show_prompt(None if on else self._answered_prompt())
        self._show_text_cut()
        self._repaint_soon()

    def _repaint_soon(self) -> None:
        """The whole screen drawn again once the pane's layout has settled, once per change."""
        if self._repaint_timer is not None:
            self._repaint_timer.stop()
        self._repaint_timer = self.set_timer(REPAINT_AFTER, self._repaint)

    def _repaint(self) -> None:
        self._repaint_timer = None
        if self.is_current:
            self.refresh(layout=True)

    def _text_comes_back(self) -> bool:
        """Scrolling the text while it yields to a feedback brings it back; whether it did."""
        if not self.pane.has_class("-yield"):
            return False
        self._text_back = self._yielded
        self._fit_feedback()
        return True

    # -- a page being read beside the narration ------------------------------------------

    def _show_reading(self) -> None:
        """The narration keeps to a few lines until the page turns or a question comes."""
        run = self.lesson_run
        reading = (
            self._reading == run.page_index
            and run.asked is None
            and not run.answered
            and not run.finished
        )
        pane = self.pane
        if pane.has_class("-reading") != reading:
            pane.set_class(reading, "-reading")
            self.call_after_refresh(self._fit_feedback)

    def _note_reading(self) -> None:
        """The page's text goes on below the fold while the narration shows: it is being read."""
        run = self.lesson_run
        if self._reading == run.page_index or run.answered or run.finished:
            return
        if self.panel.feedback_box.display and self.pane.page.more_below:
            self._reading = run.page_index
            self._show_reading()

    def _read_past_narration(self) -> None:
        """The student reads on in the text: the narration closes until the next step."""
        run = self.lesson_run
        frame = self.board_shown.frame if self.board_shown is not None else None
        if frame is None or run.asked is not None or run.answered or self.running:
            return
        if not run.explored or self._read_past is not None:
            return
        self._read_past = (run.page_index, frame.status.tick)
        self.show()

    # -- scrolling -------------------------------------------------------------------------

    def on_feedback_box_scrolled(self, message: FeedbackBox.Scrolled) -> None:
        message.stop()
        self._refresh_next_step()
        self._show_text_cut()

    def on_lesson_page_scrolled(self, message: LessonPage.Scrolled) -> None:
        message.stop()
        self._refresh_next_step()
        self._show_text_cut()

    def _show_text_cut(self) -> None:
        """The question box's borders say what is out of view: a feedback cut, the text above, or
        the question a long feedback explains."""
        if not self.is_mounted:
            return
        run = self.lesson_run
        quiz = self.panel
        # a wrong answer's feedback goes on below its box: PgDn reads it
        feedback_cut = run.asked is not None and self.query_one(FeedbackBox).more_below
        room = quiz.size.width - 6  # a border title's corner, rule and blank either side
        subtitle = ""
        if feedback_cut:
            subtitle = _("The explanation goes on: PgDn reads on.")
            if quiz.size.width and cell_len(subtitle) > room:
                subtitle = _("PgDn: more below.")
        if (quiz.border_subtitle or "") != subtitle:
            quiz.border_subtitle = Content(subtitle)  # never markup
        title = ""
        answered = run.finished_question
        if self.pane.has_class("-yield") and answered is not None:
            posed = answered.posed
            prompt = spoken(posed.prompt)  # a title in the full screen's words: code as words
            title = " ".join(f"{run.label_of(answered)} {prompt}".split())
            if quiz.size.width and cell_len(title) > room:
                title = shortened(title, room - 1)
        elif run.asked is not None and self.pane.unread and not feedback_cut:
            for title in (
                _("More text above the question: PgDn reads on."),
                _("Text above: PgDn reads on."),
                _("PgDn: more above."),
            ):
                if not quiz.size.width or cell_len(title) <= room:
                    break
        if (quiz.border_title or "") != title:
            quiz.border_title = Content(title)  # never markup

    def action_scroll(self, lines: int) -> None:
        box = self.query_one(FeedbackBox)
        if lines > 0 and box.more_below:
            # a feedback cut at its box's foot is read first, as PgDn and Enter read it
            box.scroll_relative(y=lines, animate=False, immediate=True)
            return
        if lines < 0 and self._text_comes_back():
            return
        self.pane.scroll_lines(lines)

    def action_scroll_page(self, pages: int) -> None:
        if pages < 0 and self._text_comes_back():
            return
        box = self.panel.feedback_box
        # a feedback cut by its box is read first: PgDn reads on in it, answered or not;
        # PgUp reads back up it while the question waits
        if pages > 0 and box.read_on():
            return
        if pages < 0 and self.lesson_run.asked is not None and box.read_back():
            return
        page = self.pane.page
        # the text has the narration's room once the narration is whole in view
        if pages > 0 and page.more_below and not box.more_below:
            self._read_past_narration()
        self.pane.scroll_pages(pages)

    def action_scroll_to_end(self, end: bool) -> None:
        box = self.panel.feedback_box
        if end and box.more_below:  # a cut feedback first, as PgDn
            box.scroll_end(animate=False, immediate=True)
            return
        if not end and self._text_comes_back():
            return
        self.pane.scroll_to_edge(end)


def _set_box_height(box: FeedbackBox, rows: int) -> None:
    if box.styles.max_height is None or box.styles.max_height.value != rows:
        box.styles.max_height = max(rows, 1)
