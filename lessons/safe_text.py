"""Text from files and users is data: :func:`visible` shows every character that could act on a
terminal or fool a reader (controls, bidirectional overrides, line separators) as a symbol."""

from __future__ import annotations

import re
from functools import cache


@cache
def _unsafe() -> re.Pattern[str]:
    """Every character that :func:`visible` replaces (newline too, unless kept), compiled when
    first used."""
    return re.compile(
        "[\x00-\x08\x0a-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]"
    )


_NAMES = {0x1B: "ESC", 0x07: "BEL", 0x08: "BS", 0x0D: "CR", 0x7F: "DEL", 0x9B: "CSI"}


def _symbol(char: str) -> str:
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # the Control Pictures block: U+241B for ESC
    return "\u2421" if code == 0x7F else f"<U+{code:04X}>"


def visible(text: str, keep_newlines: bool = False) -> str:
    """``text`` with every unsafe character shown as a visible symbol; tabs are kept."""
    if text.isprintable():  # every character replaced is one Python calls unprintable
        return text
    if keep_newlines:
        return "\n".join(visible(part) for part in text.split("\n"))
    return _unsafe().sub(lambda match: _symbol(match.group()), text)


def first_unsafe(text: str) -> tuple[int, str] | None:
    """The column (from 1) and a name of the first unsafe character of one line, or None."""
    match = _unsafe().search(text)
    if match is None:
        return None
    code = ord(match.group())
    name = _NAMES.get(code)
    return match.start() + 1, f"U+{code:04X}" + (f" ({name})" if name else "")
