"""The lesson's text and, right under it, the question: one scrollable column.

The question follows the text it is about, as on a page of a book: nothing stands between
them, and no empty rows sit above the question when the text is short. While a question
waits (or its feedback shows) the pane keeps its end in view: the prompt, every choice, the
answer line and the feedback, with the text just before them above.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import VerticalScroll

from tui.widgets.lesson_text import LessonText
from tui.widgets.quiz_panel import QuizPanel


class LessonPane(VerticalScroll, can_focus=False):
    """The text blocks of the current page revealed so far, then the quiz panel.

    The page title goes in the border title (set by the screen). The text is drawn by
    Rich's Markdown in one widget: a page changes often, and one widget is cheap to redraw.
    A new page starts at its top; text added to the page (after a question) is scrolled
    into view from its first line; a question is scrolled into view whole.
    """

    _shown: tuple[str, ...] = ()
    """The text blocks on display, so that an unchanged page is not drawn again."""

    def compose(self) -> ComposeResult:
        yield LessonText(id="lesson-text")
        yield QuizPanel(id="lesson-quiz")

    def show_page(self, texts: Sequence[str], question: bool = False) -> None:
        """Show a page's text blocks (the blocks shown before, plus any new ones).

        ``question``: a question waits or has just been answered, so the end of the pane
        (the question) is kept in view.
        """
        blocks = tuple(texts)
        if blocks != self._shown:
            appended = (
                len(blocks) > len(self._shown) > 0 and blocks[: len(self._shown)] == self._shown
            )
            old_height = self.query_one("#lesson-text").outer_size.height
            self._shown = blocks
            self.query_one(LessonText).show("\n\n".join(blocks))
            if not question:
                if appended:
                    # The new text starts below the old: show it from its first line (as
                    # far as the end of the page allows) once the new height is known.
                    self.call_after_refresh(self.scroll_to, y=old_height, animate=False)
                else:
                    self.scroll_home(animate=False, immediate=True)
        if question:
            self.keep_question_in_view()

    def read_on(self) -> bool:
        """Show the next screenful of a page whose text goes on below the fold, as ``less``
        does on enter; False when the end is in view already (nothing moved)."""
        before = self.scroll_y
        if before >= self.max_scroll_y:
            return False
        self.scroll_relative(
            y=max(self.scrollable_content_region.height - 1, 1), animate=False, immediate=True
        )
        return self.scroll_y != before

    def keep_question_in_view(self) -> None:
        """Scroll to the end (the question and its feedback) once the new layout is known."""
        self.call_after_refresh(self.scroll_end, animate=False)
