"""A pseudo language for finding the English a translation misses: :class:`Pseudo` "translates"
each message of the real catalogs by putting its words in marks, ``⟦...⟧``, its placeholders
outside them, and leaves any other text unmarked; :func:`english_in` returns the English left
outside the marks of any output (names, numbers, identifiers and single letters are neutral)."""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Iterable
from functools import cache

import pytest

from lessons import i18n
from solver.registry import METHODS
from tests import throwaway
from tests.catalogs import entries
from tui.cli.main import COMMANDS

OPEN, CLOSE = "\u27e6", "\u27e7"
PSEUDO_LANGUAGE = "it"
"""The language whose catalog the pseudo catalog replaces (its lesson files, Italian, are data)."""
_PUNCTUATION = ".,;:!?()\"'«»„“”‘’…*"
_ENGLISH_NUMBER = re.compile(r"(?<![\d.,])(?:\d{1,3}(?:,\d{3})+|\d+\.(?!\d{3}(?!\d))\d+)(?![\d,])")
"""A number written the English way: 12,345 or 438.26 (Italian writes 12.345 and 438,26)."""
_PLAIN_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
FORMATS = ("text", "json", "jsonl", "csv")
KEYS = ("space", "enter", "escape", "esc", "tab", "backspace", "left", "right", "up", "down")
PYTHON = ("None", "True", "False")
ALLOWED = frozenset(
    {"queens", "tutor", *METHODS, *COMMANDS, "list", *FORMATS, *KEYS, *map(str.lower, PYTHON)}
)
"""Neutral besides what the catalogs show: the program's, methods', commands', formats' and
keys' names, the same in every language (docs/translating.md), and Python's values."""


@cache
def known() -> frozenset[tuple[str | None, str]]:
    """Every (context, message id) of the catalogs (and of the throwaway kit's, if registered)."""
    found = frozenset((context, ids[0]) for context, ids, _ in entries(PSEUDO_LANGUAGE))
    return found | throwaway.catalog()


def mark(message: str) -> str:
    """``message`` with its words in marks and its placeholders outside them."""
    try:
        parts = list(string.Formatter().parse(message))
    except ValueError:
        return OPEN + message + CLOSE
    out = []
    for literal, field, spec, conversion in parts:
        if literal:
            out.append(OPEN + literal.replace("{", "{{").replace("}", "}}") + CLOSE)
        if field is not None:
            conversion = f"!{conversion}" if conversion else ""
            out.append("{" + field + conversion + (f":{spec}" if spec else "") + "}")
    return "".join(out)


class Pseudo(gettext.NullTranslations):
    """Marks the messages the catalogs hold (``every``: every message) and returns any other text
    unchanged; remembers the message ids it was asked for."""

    def __init__(self, every: bool = False) -> None:
        super().__init__()
        self.every = every
        self.asked: set[str] = set()

    def npgettext(self, context: str | None, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add(msgid1)
        message = msgid1 if n == 1 else msgid2
        return mark(message) if self.every or (context, msgid1) in known() else message

    def gettext(self, message: str) -> str:
        return self.npgettext(None, message, message, 1)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.npgettext(None, msgid1, msgid2, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.npgettext(context, message, message, 1)


def speak_pseudo(monkeypatch: pytest.MonkeyPatch) -> None:
    """Use the pseudo catalog as the language PSEUDO_LANGUAGE's, and speak it (test-only)."""
    monkeypatch.setitem(i18n._catalogs, PSEUDO_LANGUAGE, Pseudo())
    i18n.set_language(PSEUDO_LANGUAGE)


BREAK = "\u00b6"
"""What :func:`unmarked` leaves for a marked part: a break between plain words."""


def _words(text: str) -> list[str | None]:
    """Each whitespace-separated token: the plain word it is, or None (a name, a number, a single
    letter, an upper-case metavar, a break: a break at a token's edge also ends the run)."""
    found: list[str | None] = []
    for token in text.split():
        word = token.strip(_PUNCTUATION + BREAK)
        start = token.find(word) if word else len(token)
        if BREAK in token[:start]:
            found.append(None)
        plain = bool(word) and _PLAIN_WORD.fullmatch(word) is not None
        found.append(word if plain and len(word) > 1 and not word.isupper() else None)
        if BREAK in token[start + len(word) :]:
            found.append(None)
    return found


@cache
def vocabulary() -> frozenset[str]:
    """Every plain word of the English messages, in lower case."""
    return frozenset(
        w.lower()
        for _, ids, _ in entries(PSEUDO_LANGUAGE)
        for text in ids
        for w in _words(text)
        if w
    )


@cache
def neutral() -> frozenset[str]:
    """The plain words both translations keep wherever the English has them (names), lower case."""
    kept = []
    for lang in ("it", "pl"):
        always: dict[str, bool] = {}
        for _context, ids, strings in entries(lang):
            english = {w.lower() for text in ids for w in _words(text) if w}
            translated = {w.lower() for text in strings for w in _words(text) if w}
            for word in english:
                always[word] = always.get(word, True) and word in translated
        kept.append({word for word, yes in always.items() if yes})
    return frozenset(kept[0] & kept[1]) | ALLOWED | throwaway.kept()


def unmarked(text: str) -> str:
    """``text`` with every marked part replaced by a break (marks may nest)."""
    out = []
    depth = 0
    for char in text:
        if char == OPEN:
            depth += 1
            out.append(BREAK)
        elif char == CLOSE:
            depth = max(0, depth - 1)
            out.append(BREAK)
        elif depth == 0:
            out.append(char)
    return "".join(out)


def without(text: str, data: Iterable[str]) -> str:
    """``text`` with each piece of ``data`` taken out, whitespace compared loosely."""
    flat = " ".join(text.split())
    for piece in sorted({" ".join(d.split()) for d in data if d.strip()}, key=len, reverse=True):
        if piece in flat:  # whole words only: the data "Solve" is not the code's "Solve(at"
            flat = re.sub(rf"(?<!\w){re.escape(piece)}(?![\w(\[])", f" {BREAK} ", flat)
    return flat


def english_in(text: str, data: Iterable[str] = ()) -> list[str]:
    """The English words, sentences and numbers outside the marks of ``text``, less ``data``."""
    left = without(unmarked(text), data)
    words = _words(left)
    runs: list[list[str]] = [[]]
    for word in words:
        if word is None:
            runs.append([])
        else:
            runs[-1].append(word)
    found = []
    for run in runs:
        foreign = [w for w in run if w.lower() not in neutral()]
        sentence = len(run) >= 2 and foreign
        if sentence or (foreign and foreign[0].lower() in vocabulary()):
            found.append(" ".join(run))
    return found + _ENGLISH_NUMBER.findall(left)
