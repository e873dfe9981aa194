"""Whole numbers written by a user or a teacher: ASCII digits only, at most :data:`MAX_DIGITS`
of them, checked before ``int()`` is called."""

from __future__ import annotations

import re

MAX_DIGITS = 30
_WHOLE = re.compile(r"-?[0-9]+", re.ASCII)
_SHOWN = 24
"""The most characters of a refused value quoted in a message."""


def is_whole(text: str) -> bool:
    """``text`` is an optional minus and ASCII digits (of any number)."""
    return _WHOLE.fullmatch(text) is not None


def too_long(text: str) -> bool:
    """``text`` is a whole number of more than :data:`MAX_DIGITS` digits."""
    return is_whole(text) and len(text.lstrip("-")) > MAX_DIGITS


def whole(text: str) -> int | None:
    """The whole number ``text`` is, or None (not ASCII digits, or too many of them)."""
    if not is_whole(text) or too_long(text):
        return None
    return int(text)


def shown(text: str) -> str:
    """``text`` quoted for a one-line message: its start only when it is long."""
    return repr(text) if len(text) <= _SHOWN else repr(text[:_SHOWN] + "…")


def is_digits(text: str) -> bool:
    """``text`` is ASCII digits only, at most :data:`MAX_DIGITS` of them."""
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()
