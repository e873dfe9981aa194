"""The plain tutor's two ends: whole lines out (control characters visible, flushed, broken between
words only at a terminal), one command per line in (control characters taken out)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TextIO

from lessons.safe_text import visible
from tui.widgets.no_break import wrap_words

_TYPED_CONTROLS = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")


class Out:
    """Writes whole lines of plain text to ``stream``."""

    def __init__(self, stream: TextIO, width: Callable[[], int] | None = None) -> None:
        self.stream = stream
        self.width = width
        """The terminal's width now (None: lines go whole)."""

    def line(self, text: str = "") -> None:
        """One or more lines (``text`` may hold newlines), then a flush."""
        text = visible(text, keep_newlines=True)
        width = self.width() - 1 if self.width is not None else 0  # not up to the last column
        if width >= MIN_WIDTH:
            text = "\n".join(piece for line in text.split("\n") for piece in _wrapped(line, width))
        self.stream.write(text + "\n")
        self.stream.flush()

    def lines(self, texts: Iterable[str]) -> None:
        for text in texts:
            self.line(text)

    def prompt(self, text: str) -> None:
        """A prompt with no newline after it (an interactive terminal only)."""
        self.stream.write(visible(text))
        self.stream.flush()


MIN_WIDTH = 20
"""Narrower than this, the terminal wraps the lines itself."""


def _wrapped(line: str, width: int) -> list[str]:
    """``line`` in pieces of at most ``width`` cells, its continuations indented as it starts."""
    if len(line) <= width:
        return [line]
    body = line.lstrip(" ")
    indent = " " * min(len(line) - len(body), width // 2)
    pieces = wrap_words(body, width - len(indent))
    return [indent + piece for piece in pieces]


def typed(line: str) -> str:
    """A line as read, without its newline, control characters or surrounding blanks; the
    Escape key alone (its byte, as a terminal sends it in a line) is the word ``escape``."""
    text = _TYPED_CONTROLS.sub("", line.replace("\t", " ")).strip()
    return "escape" if not text and "\x1b" in line else text
