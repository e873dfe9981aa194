"""A paragraph broken only where :func:`~tui.widgets.no_break.wrap_words` breaks (Rich breaks
at any Unicode space, a no-break one too)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.events import Resize
from textual.widgets import Static

from tui.widgets.no_break import CODE_SPAN, wrap_words


def code_styled(line: str) -> Text:
    """``line`` as drawn (data): each code span without backticks, in the page text's code style."""
    parts = [p for i, p in enumerate(CODE_SPAN.split(line)) if i % 3 != 1]  # text, code, text ...
    return Text.assemble(*((p, "markdown.code") if i % 2 else p for i, p in enumerate(parts)))


class WordWrapped(Static):
    """Static text wrapped by :func:`wrap_words` at the widget's width, again on every resize."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = ""
        self._bold = 0
        self._room_for: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The text shown (before wrapping)."""
        return self._text

    def show_text(self, text: str, bold_prefix: int = 0, room_for: Sequence[str] = ()) -> None:
        """Show ``text`` (data, never markup), its first ``bold_prefix`` characters in bold, as
        tall as the tallest of ``text`` and ``room_for`` wrapped at the widget's width."""
        if (text, bold_prefix, tuple(room_for)) == (self._text, self._bold, self._room_for):
            return
        self._text, self._bold, self._room_for = text, bold_prefix, tuple(room_for)
        self._draw()

    def on_resize(self, event: Resize) -> None:
        self._draw()

    def _draw(self) -> None:
        width = self.content_region.width
        if width <= 0:  # not laid out yet
            lines = self._text.split("\n")
        else:
            lines = self._wrapped(self._text, width)
            tallest = max((len(self._wrapped(other, width)) for other in self._room_for), default=0)
            lines += [""] * (tallest - len(lines))
        text = Text("\n", no_wrap=True, overflow="ignore").join(map(code_styled, lines))
        if self._bold:
            text.stylize("bold", 0, self._bold)
        self.update(text)

    @staticmethod
    def _wrapped(text: str, width: int) -> list[str]:
        return [line for part in text.split("\n") for line in wrap_words(part, width, cell_len)]
