"""The plain tutor's two ends: lines of text out, one command per line in.

Out: every line is written whole, with every control character shown as a visible symbol
(ESC as ``␛``; :func:`lessons.safe_text.visible`), and flushed, so a screen reader hears it
as soon as it is said. Nothing is ever drawn over: no carriage return, no escape sequence.
In: a line at a time from standard input, its control characters taken out (a stray key
sequence typed at a dumb terminal is no command).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TextIO

from lessons.safe_text import visible

_TYPED_CONTROLS = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")


class Out:
    """Writes whole lines of plain text to ``stream``."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def line(self, text: str = "") -> None:
        """One or more lines (``text`` may hold newlines), then a flush."""
        self.stream.write(visible(text, keep_newlines=True) + "\n")
        self.stream.flush()

    def lines(self, texts: Iterable[str]) -> None:
        for text in texts:
            self.line(text)

    def prompt(self, text: str) -> None:
        """A prompt with no newline after it (an interactive terminal only)."""
        self.stream.write(visible(text))
        self.stream.flush()


def typed(line: str) -> str:
    """A line as read, without its newline, control characters or surrounding blanks (a tab
    is a blank too)."""
    return _TYPED_CONTROLS.sub("", line.replace("\t", " ")).strip()
