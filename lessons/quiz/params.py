"""The ``key=value`` words of a directive, read with one clear message per bad value."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from lessons.answers.whole_numbers import MAX_DIGITS, is_whole, shown, too_long
from lessons.i18n import _

_SQUARE = re.compile(r"^\(?\s*([0-9]{1,9})\s*,\s*([0-9]{1,9})\s*\)?$", re.ASCII)
_LIST = re.compile(r"^\[\s*(-?[0-9]+(\s*,\s*-?[0-9]+)*)?\s*\]$", re.ASCII)
_YES = {"yes": True, "true": True, "no": False, "false": False}


class ParamError(ValueError):
    """A directive word that cannot be read; the message says what is allowed."""


def split_words(text: str) -> list[str]:
    """Split on spaces, keeping ``[...]`` and ``(...)`` groups whole (``b=[0, 2, 4]``)."""
    words: list[str] = []
    depth = 0
    current = ""
    for ch in text:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth = max(0, depth - 1)
        if ch.isspace() and depth == 0:
            if current:
                words.append(current)
            current = ""
        else:
            current += ch
    if current:
        words.append(current)
    return words


def parse_int(text: str, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """An integer in [lo, hi]."""
    if not is_whole(text):
        raise ParamError(
            _("{what} must be a whole number, not {value}").format(what=what, value=shown(text))
        )
    if too_long(text):
        raise too_many_digits(what, text)
    value = int(text)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if hi is None:
            said = _("{what} must be {lo} or more, not {value}")
        else:
            said = _("{what} must be from {lo} to {hi}, not {value}")
        raise ParamError(said.format(what=what, lo=lo, hi=hi, value=value))
    return value


def too_many_digits(what: str, text: str) -> ParamError:
    """The error for a whole number too long to be any value a lesson may ask for."""
    return ParamError(
        _("{what} must be a whole number of at most {digits} digits, not {value}").format(
            what=what, digits=MAX_DIGITS, value=shown(text)
        )
    )


def parse_list(text: str, what: str) -> tuple[int, ...]:
    """A list of integers written ``[0, 2, -1]``."""
    text = text.strip()
    if not _LIST.match(text):
        raise ParamError(
            _("{what} must be a list of whole numbers like [0,2,4,1,3], not {value}").format(
                what=what, value=shown(text)
            )
        )
    inner = text[1:-1].strip()
    words = [x.strip() for x in inner.split(",")] if inner else []
    for word in words:
        if too_long(word):
            raise too_many_digits(what, word)
    return tuple(int(x) for x in words)


def parse_yes(text: str, what: str) -> bool:
    value = _YES.get(text.lower())
    if value is None:
        raise ParamError(
            _("{what} must be yes or no, not {value}").format(what=what, value=repr(text))
        )
    return value


def parse_word(text: str, what: str, allowed: Iterable[str]) -> str:
    options = tuple(allowed)
    if text not in options:
        raise ParamError(
            _("{what} must be one of {allowed}; not {value}").format(
                what=what, allowed=", ".join(options), value=repr(text)
            )
        )
    return text


class Params:
    """``key=value`` words, read with typed getters that raise :class:`ParamError`."""

    def __init__(self, raw: Mapping[str, str], directive: str) -> None:
        self.raw = dict(raw)
        self.directive = directive

    @classmethod
    def parse(cls, words: Iterable[str], directive: str) -> Params:
        raw: dict[str, str] = {}
        for word in words:
            key, eq, value = word.partition("=")
            if not eq or not key or not value:
                raise ParamError(
                    _("{directive}: expected key=value, not {value}").format(
                        directive=directive, value=repr(word)
                    )
                )
            if key in raw:
                raise ParamError(
                    _("{directive}: {key}= given twice").format(directive=directive, key=key)
                )
            raw[key] = value
        return cls(raw, directive)

    def check_keys(self, allowed: Iterable[str], required: Iterable[str] = ()) -> None:
        known = tuple(allowed)
        for key in self.raw:
            if key not in known:
                unknown = (
                    _("{directive}: unknown parameter {key}= (known: {known})")
                    if known
                    else _("{directive}: unknown parameter {key}= (it takes none)")
                )
                raise ParamError(
                    unknown.format(directive=self.directive, key=key, known=", ".join(known))
                )
        for key in required:
            if key not in self.raw:
                raise ParamError(self._missing(key))

    def has(self, key: str) -> bool:
        return key in self.raw

    def integer(self, key: str, lo: int | None = None, hi: int | None = None) -> int:
        return parse_int(self._get(key), f"{self.directive}: {key}", lo, hi)

    def word(self, key: str, allowed: Iterable[str], default: str | None = None) -> str:
        if key not in self.raw and default is not None:
            return default
        return parse_word(self._get(key), f"{self.directive}: {key}", allowed)

    def yes(self, key: str, default: bool) -> bool:
        if key not in self.raw:
            return default
        return parse_yes(self._get(key), f"{self.directive}: {key}")

    def square(self, key: str) -> tuple[int, int]:
        """A square written ``C,R`` (or ``(C,R)``)."""
        text = self._get(key)
        match = _SQUARE.match(text)
        if not match:
            raise ParamError(
                _("{directive}: {key} must be a square like 2,3; not {value}").format(
                    directive=self.directive, key=key, value=shown(text)
                )
            )
        return int(match.group(1)), int(match.group(2))

    def int_list(self, key: str) -> tuple[int, ...]:
        return parse_list(self._get(key), f"{self.directive}: {key}")

    def _get(self, key: str) -> str:
        if key not in self.raw:
            raise ParamError(self._missing(key))
        return self.raw[key]

    def _missing(self, key: str) -> str:
        return _("{directive}: missing {key}=").format(directive=self.directive, key=key)
