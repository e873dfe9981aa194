"""The board's glyphs: a Unicode set and an ASCII set, chosen from what the terminal can show.

Every square state has its own glyph, so the board reads without colour (NO_COLOR, 16 colours).
"""

from __future__ import annotations

import codecs
from collections.abc import Mapping
from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class Glyphs:
    """One character for each thing the board, the table and the code pane draw."""

    queen: str
    """A queen placed for good (columns 0..k-1)."""
    candidate: str
    """The square being tried, found attacked."""
    attacker: str
    """A placed queen that attacks the candidate."""
    attacked: str
    """A square attacked by a placed queen (the lecture's "•")."""
    free: str
    """A square no placed queen attacks."""
    line_row: str
    """On the line from an attacker to the candidate: same row."""
    line_sum: str
    """... same col+row (a falling diagonal, left to right)."""
    line_diff: str
    """... same row-col (a rising diagonal, left to right)."""
    marker: str
    """Points at the current column k and at the code line just run."""
    ascii: bool

    def all_text(self) -> str:
        return "".join(getattr(self, f.name) for f in fields(self) if f.name != "ascii")


UNICODE = Glyphs(
    queen="♛",
    candidate="✕",
    attacker="♕",
    attacked="•",
    free="·",
    line_row="─",
    line_sum="╲",
    line_diff="╱",
    marker="▶",
    ascii=False,
)

ASCII = Glyphs(
    queen="Q",
    candidate="?",
    attacker="A",
    attacked="x",
    free=".",
    line_row="-",
    line_sum="\\",
    line_diff="/",
    marker=">",
    ascii=True,
)

# Box drawing that Textual uses for borders and the footer must be showable too.
_PROBE = UNICODE.all_text() + "─│╭╮"


def _charset(locale_name: str) -> str:
    """The charset a locale name implies; ``ascii`` when it names none (C, POSIX, en_US)."""
    _, dot, charset = locale_name.partition(".")
    charset = charset.partition("@")[0]
    return charset if dot and charset else "ascii"


def _locale_charset(env: Mapping[str, str]) -> str | None:
    """The terminal's charset as the locale variables name it; None when none is set.

    Python coerces a C locale to ``LC_CTYPE=C.UTF-8`` for itself (PEP 538), so an
    ``LC_CTYPE`` of exactly ``C.UTF-8`` next to a ``LANG`` defers to ``LANG``.
    """
    lc_all, lc_ctype, lang = (env.get(name) for name in ("LC_ALL", "LC_CTYPE", "LANG"))
    if lc_all:
        return _charset(lc_all)
    if lc_ctype and not (lc_ctype == "C.UTF-8" and lang):
        return _charset(lc_ctype)
    if lang:
        return _charset(lang)
    return None


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
    """ASCII when asked, when the output stream cannot encode the glyphs, or when the locale
    says the terminal is not UTF-8 (Python runs in UTF-8 under LANG=C; the terminal may not).
    """
    if force_ascii or not can_encode(_PROBE, output_encoding):
        return ASCII
    charset = _locale_charset(env)
    if charset is not None and not can_encode(_PROBE, charset):
        return ASCII
    return UNICODE
