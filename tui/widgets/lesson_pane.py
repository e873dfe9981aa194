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
    """

    _shown = ""
    """The Markdown on display, so that an unchanged page is not drawn again."""

    def compose(self) -> ComposeResult:
        yield Static(id="lesson-text")

    def show_page(self, texts: Sequence[str]) -> None:
        """Show a page's text; scroll to the end so the newest text is in view."""
        markdown = "\n\n".join(texts)
        if markdown == self._shown:
            return
        self._shown = markdown
        self.query_one("#lesson-text", Static).update(Markdown(markdown, code_theme="ansi_dark"))
        self.call_after_refresh(self.scroll_end, animate=False)
