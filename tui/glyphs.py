"""The board's glyphs, one for each square state (the board reads without colour): a Unicode
set and an ASCII set, chosen from what the terminal can show."""

from __future__ import annotations

import codecs
from collections.abc import Mapping
from dataclasses import dataclass, fields

from lessons.locale_env import charset as locale_charset


@dataclass(frozen=True, slots=True)
class Glyphs:
    """One character for each thing the board, the tables and the code pane draw; by default
    the Unicode set (:data:`UNICODE`)."""

    queen: str = "♛"
    """A queen placed for good."""
    candidate: str = "✕"
    """The square being tried, found attacked."""
    trying: str = "◇"
    """The square being tried, not (yet) found attacked."""
    attacker: str = "♕"
    """A placed queen that attacks the candidate (or is being compared with it)."""
    attacked: str = "•"
    """A square attacked by a placed queen (the Wrocław lecture's "•")."""
    free: str = "·"
    """A square no placed queen attacks."""
    line_row: str = "─"
    """On the line from an attacker to the candidate: same row."""
    line_col: str = "│"
    """... same column."""
    line_falling: str = "╲"
    """... a diagonal falling to the right (same col+row where row 0 is at the bottom)."""
    line_rising: str = "╱"
    """... a diagonal rising to the right (same row-col where row 0 is at the bottom)."""
    wall: str = "█"
    """A maze's wall (drawn twice: a maze square is two cells wide)."""
    floor: str = "·"
    """An open square of the maze, off the path."""
    dead_end: str = "×"
    """A square the search has backed out of."""
    marker: str = "▶"
    """Points at the current column k (the state table), the current frame (its call stack)
    and the node of the last tick (the search tree)."""
    ascii: bool = False
    path: str = "*"
    """A square on the path walked so far."""
    here: str = "@"
    """The end of the path: where the search stands."""
    start: str = "S"
    exit: str = "E"
    read: tuple[str, str] = ("[", "]")
    """The brackets around a table cell the last tick read."""
    cursor: tuple[str, str] = ("[", "]")
    """The brackets around the square under the learner's cursor (placing queens by hand)."""
    wrap: str = "↪"
    """Starts the continuation of a code line too wide for its pane (tui/widgets/code_lines.py)."""
    wrong: str = "!"
    """You drive: the square of the learner's last wrong step (the same in ASCII)."""
    ran: str = "→ "
    """The code pane's two-column gutter beside the line the last tick ran last."""

    def all_text(self) -> str:
        """Every character of every glyph."""
        values = [getattr(self, f.name) for f in fields(self)]
        return "".join("".join(v) for v in values if isinstance(v, str | tuple))

    def of(self, mark: str) -> str:
        """The glyph of a board mark (a :class:`solver.views.frame.Mark` value)."""
        return getattr(self, mark.replace("-", "_"))  # type: ignore[no-any-return]


UNICODE = Glyphs()

ASCII = Glyphs(
    queen="Q",
    candidate="?",
    trying="o",
    attacker="A",
    attacked="x",
    free=".",
    line_row="-",
    line_col="|",
    line_falling="\\",
    line_rising="/",
    wall="#",
    floor=".",
    dead_end="x",
    marker=">",
    ascii=True,
    wrap="+",
    ran="->",
)

# Also Textual's borders and the search tree's guide lines and solution mark.
_PROBE = UNICODE.all_text() + "─│╭╮├└★"


def can_encode(text: str, encoding: str | None) -> bool:
    """True when ``encoding`` (a Python codec name) can encode every character of ``text``."""
    if not encoding:
        return False
    try:
        codecs.lookup(encoding)
        text.encode(encoding)
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def choose_glyphs(force_ascii: bool, output_encoding: str | None, env: Mapping[str, str]) -> Glyphs:
    """ASCII when asked, or when the output stream or the locale cannot show the glyphs."""
    if force_ascii or not can_encode(_PROBE, output_encoding):
        return ASCII
    charset = locale_charset(env)
    return ASCII if charset is not None and not can_encode(_PROBE, charset) else UNICODE
