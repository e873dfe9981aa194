"""The lesson's text, scrolling, and the question docked at its foot, always in view."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Vertical

from tui.widgets.lesson_text import LessonText
from tui.widgets.lines_view import lines_label
from tui.widgets.quiz_panel import QuizPanel
from tui.widgets.read_on_scroll import ReadOnScroll


class LessonPage(ReadOnScroll):
    """The page's text blocks revealed so far; it scrolls above the docked question."""

    class Scrolled(ReadOnScroll.Scrolled):
        """The text scrolled (whether more of it is below the fold may have changed)."""


class LessonPane(Vertical, can_focus=False):
    """The text blocks of the current page revealed so far (:class:`LessonPage`), then the quiz
    panel docked under them. A new page starts at its top; text added after a question is
    scrolled into view from its first line."""

    _shown: tuple[str, ...] = ()
    """The text blocks on display, so that an unchanged page is not drawn again."""
    _seen = 0
    """How many rows of the page's text have been in view, from its top."""
    _read_to_end: tuple[str, ...] = ()
    """The text blocks whose end has been in view: read, whatever the pane's width becomes."""

    def compose(self) -> ComposeResult:
        with LessonPage(id="lesson-page"):
            yield LessonText(id="lesson-text")
        yield QuizPanel(id="lesson-quiz")

    @property
    def page(self) -> LessonPage:
        """The scrolling text above the question."""
        return self.query_one(LessonPage)

    def show_page(self, texts: Sequence[str]) -> None:
        """Show a page's text blocks (the blocks shown before, plus any new ones)."""
        blocks = tuple(texts)
        page = self.page
        # A page with no text (a quiz page's questions only) shows no empty text above its
        # question: the question stands at the pane's top (marked at the first call too).
        page.set_class(not any(block.strip() for block in blocks), "-empty")
        if blocks == self._shown:
            return
        appended = len(blocks) > len(self._shown) > 0 and blocks[: len(self._shown)] == self._shown
        old_height = self.query_one("#lesson-text").outer_size.height
        self._shown = blocks
        self.query_one(LessonText).show("\n\n".join(blocks))
        if not appended:  # another page: none of it read yet
            self._seen, self._read_to_end = 0, ()
        if appended:
            # The new text starts below the old: show it from its first line (as far as the
            # end of the page allows) once the new height is known, unless another text has
            # been shown by then (a next page opened at once keeps its top).
            def show_new_text() -> None:
                if self._shown is blocks:
                    page.scroll_to(y=old_height, animate=False)

            page.call_after_refresh(show_new_text)
        else:
            page.scroll_home(animate=False, immediate=True)

    @property
    def shown(self) -> tuple[str, ...]:
        """The text blocks on display."""
        return self._shown

    def on_lesson_page_scrolled(self) -> None:
        """Count what is seen; the border says which lines of the text show (it has no thumb)."""
        self.note_seen()
        page = self.page
        height = page.scrollable_content_region.height if page.display else 0
        self.border_subtitle = lines_label(round(page.scroll_y), height, page.virtual_size.height)

    def note_seen(self) -> None:
        """Count the rows of the page's text in view as seen."""
        page = self.page
        if not page.display or page.size.height == 0:
            return  # yielded to a feedback: nothing of it is in view
        self._seen = max(self._seen, int(page.scroll_y) + page.scrollable_content_region.height)
        if not page.more_below or self._seen >= page.virtual_size.height:
            self._read_to_end = self._shown

    @property
    def unread(self) -> bool:
        """Whether the text has rows below the fold never in view (text a feedback hid is read)."""
        page = self.page
        if not page.more_below:
            return False
        self.note_seen()
        return self._read_to_end != self._shown and self._seen < page.virtual_size.height

    def scroll_lines(self, lines: int) -> None:
        """Scroll the text by ``lines`` (up when negative)."""
        self.page.scroll_relative(y=lines, animate=False)

    def scroll_pages(self, pages: int) -> None:
        """Scroll the text by ``pages`` screenfuls, one line kept (up when negative)."""
        page = self.page
        height = max(page.scrollable_content_region.height - 1, 1)
        page.scroll_relative(y=pages * height, animate=False)

    def scroll_to_edge(self, end: bool) -> None:
        """The text's end (``end``) or its top."""
        page = self.page
        (page.scroll_end if end else page.scroll_home)(animate=False)
