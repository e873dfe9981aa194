"""The lesson's text: the Markdown of the current page shown so far, scrollable by keyboard."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static


class LessonPane(VerticalScroll, can_focus=False):
    """The text blocks of the current page revealed so far, newest at the end.

    The page title goes in the border title (set by the screen). The text is drawn by
    Rich's Markdown in one widget: a page changes often, and one widget is cheap to redraw.
    A new page starts at its top; text added to the page (after a question) is scrolled
    into view from its first line.
    """

    _shown: tuple[str, ...] = ()
    """The text blocks on display, so that an unchanged page is not drawn again."""

    def compose(self) -> ComposeResult:
        yield Static(id="lesson-text")

    def show_page(self, texts: Sequence[str]) -> None:
        """Show a page's text blocks (the blocks shown before, plus any new ones)."""
        blocks = tuple(texts)
        if blocks == self._shown:
            return
        appended = len(blocks) > len(self._shown) > 0 and blocks[: len(self._shown)] == self._shown
        old_height = self.virtual_size.height
        self._shown = blocks
        markdown = "\n\n".join(blocks)
        # No hyperlinks: a lesson's link is shown as its text and address, never followed.
        shown = Markdown(markdown, code_theme="ansi_dark", hyperlinks=False)
        self.query_one("#lesson-text", Static).update(shown)
        if appended:
            # The new text starts below the old: show it from its first line (as far as
            # the end of the page allows) once the new height is known.
            self.call_after_refresh(self.scroll_to, y=old_height, animate=False)
        else:
            self.scroll_home(animate=False, immediate=True)
