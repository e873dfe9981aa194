"""Code lines that never lose a character: a line wider than its pane goes on over more lines,
each continuation marked with a glyph (``↪``, ASCII ``+``) and indented under the line's code;
lines break after a blank where they can, else after a bracket or a comma, else at the width."""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len

MIN_BODY = 8
"""The fewest columns a continuation keeps for code: a deeper indent is not kept in full."""


class Piece(NamedTuple):
    """One drawn line of a code line: the characters ``start`` to ``end``, after ``indent``
    blank columns and, on a continuation, the glyph and a space."""

    start: int
    end: int
    indent: int
    continued: bool


BREAKS_AFTER = frozenset("(,{;")
"""Where a line with no blank to break at breaks next."""
INDEX_OPENS = frozenset("[")
"""Where it breaks only when none of :data:`BREAKS_AFTER` fits (an index reads as one token)."""


def _cut(text: str, start: int, room: int) -> int:
    """Where the piece of ``text`` from ``start`` that fits ``room`` columns ends."""
    width = 0
    end = start
    space = mark = index = -1
    while end < len(text):
        width += cell_len(text[end])
        if width > room:
            break
        if text[end] == " " and end > start:
            space = end + 1
        elif text[end] in BREAKS_AFTER:
            mark = end + 1
        elif text[end] in INDEX_OPENS:
            index = end + 1
        end += 1
    if end == len(text):
        return end
    if space > start and text[start:space].strip():
        return space
    for after in (mark, index):
        if after > start:
            return after
    return max(end, start + 1)


def wrap_code(text: str, width: int, glyph: str) -> list[Piece]:
    """``text`` as pieces of at most ``width`` columns (a line that fits: one piece)."""
    if width <= 0 or cell_len(text) <= width:
        return [Piece(0, len(text), 0, False)]
    indent = len(text) - len(text.lstrip(" "))
    if width - indent - cell_len(glyph) - 1 < MIN_BODY:
        indent = max(width - cell_len(glyph) - 1 - MIN_BODY, 0)
    pieces = []
    end = _cut(text, 0, width)
    pieces.append(Piece(0, end, 0, False))
    room = max(width - indent - cell_len(glyph) - 1, 1)
    start = end
    while start < len(text):
        while start < len(text) - 1 and text[start] == " ":
            start += 1  # the blank a line broke at is not carried over
        end = _cut(text, start, room)
        pieces.append(Piece(start, end, indent, True))
        start = end
    return pieces


def continuation(piece: Piece, glyph: str) -> str:
    """What comes before a piece's text: its indent, and on a continuation the glyph."""
    return " " * piece.indent + (f"{glyph} " if piece.continued else "")


def widest(lines: tuple[str, ...] | list[str]) -> int:
    """Columns the widest line takes: the width at which nothing wraps."""
    return max((cell_len(line) for line in lines), default=0)
