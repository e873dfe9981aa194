"""Key marks (``<kbd>o</kbd>``) and code spans a lesson's text gets wrong, each reported by
``lessons check`` at its line: a key mark holds one key name and stands apart from the words
around it, every tag has its pair, a paragraph's backticks pair up. Fenced code is left alone."""

from __future__ import annotations

import re
from collections.abc import Iterator

from lessons.i18n import _

KEY = re.compile(r"<kbd>([^<>\n]{1,24})</kbd>")
"""A well-formed key mark, as the screens read it."""
_TAG = re.compile(r"</?kbd>")
_FENCE = re.compile(r"^\s*(```|~~~)")


def _paragraphs(markdown: str) -> Iterator[tuple[int, list[str]]]:
    """(offset of its first line, its lines) for each paragraph outside fenced code."""
    lines: list[str] = []
    start = 0
    fenced = False
    for offset, line in enumerate(markdown.splitlines()):
        if _FENCE.match(line):
            fenced = not fenced
        elif fenced:
            continue
        elif line.strip():
            if not lines:
                start = offset
            lines.append(line)
            continue
        if lines:  # a fence or a blank line ends the paragraph
            yield start, lines
        lines = []
    if lines:
        yield start, lines


def _key_problems(line: str) -> Iterator[str]:
    for match in KEY.finditer(line):
        key = match.group(1)
        shown = match.group()
        if "`" in key or not key.strip():
            yield _("{mark}: a key mark holds one key name, without backticks").format(mark=shown)
            continue
        before = line[match.start() - 1] if match.start() else " "
        after = line[match.end()] if match.end() < len(line) else " "
        if before.isalnum() or after.isalnum():
            yield _(
                "{mark}: a key mark stands apart from the words around it; here it marks "
                "letters of a word"
            ).format(mark=shown)
    rest = KEY.sub("", line)
    for tag in _TAG.findall(rest):
        yield _("{tag} without its pair: write a key as <kbd>o</kbd>").format(tag=tag)


def mark_problems(markdown: str) -> Iterator[tuple[int, str]]:
    """(line offset in ``markdown``, message) for every malformed key mark or code span."""
    for start, lines in _paragraphs(markdown):
        ticks = 0
        for offset, line in enumerate(lines):
            for message in _key_problems(line):
                yield start + offset, message
            ticks += KEY.sub("", line).count("`")
        if ticks % 2:
            yield (
                start,
                _(
                    "a backtick without its pair in this paragraph: a code span is written "
                    "`like this`, on one or more lines of one paragraph"
                ),
            )
