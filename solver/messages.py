"""Sentences as data: a :class:`Message` is a message id and named parameters, and the catalog holds
the English words for each id."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence as a message id and its parameters (numbers, names, or other Messages)."""

    id: str
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, id: str, **params: object) -> Message:
        return cls(id, tuple(params.items()))

    def get(self, name: str) -> object:
        return dict(self.params)[name]


@dataclass(frozen=True, slots=True)
class Figure:
    """A number written the English way (``"12,345.5"``), shown with the separators of the
    language in use."""

    text: str


@dataclass(frozen=True, slots=True)
class Words:
    """A constant marked with :func:`N_`, shown in the language in use."""

    text: str


@dataclass(frozen=True, slots=True)
class Joined:
    """Sentences shown one after the other (a parameter that tells a story, tick by tick)."""

    parts: tuple[Message, ...]


_separators = (".", ",")


def set_separators(point: str, thousands: str) -> None:
    """Show a :class:`Figure`'s decimal point and thousands separator as ``point`` and
    ``thousands``."""
    global _separators
    _separators = (point, thousands)


Template = str | tuple[str, str]

CATALOG: dict[str, Template] = {}


def N_(text: str) -> str:
    """Mark ``text`` for the translators' catalogs and return it as it is."""
    return text


Translator = Callable[[str, Template, object], str]
_translator: Translator | None = None
_words: Callable[[str], str] | None = None


_words_version = 0


def set_translator(
    translator: Translator | None, words: Callable[[str], str] | None = None
) -> None:
    """Render messages through ``translator``, and :class:`Words` through ``words`` (None: the
    English templates and words)."""
    global _translator, _words, _words_version
    _translator = translator
    _words = words
    _words_version += 1


def words_version() -> int:
    """A number that changes whenever the translator is set, for caches of rendered text."""
    return _words_version


def register(templates: Mapping[str, Template]) -> None:
    """Add a view's templates; an id may be defined only once."""
    for key, template in templates.items():
        if key in CATALOG and CATALOG[key] != template:
            raise ValueError(f"message id {key!r} defined twice")
        CATALOG[key] = template


_PLAIN_WORD = re.compile(r"[^\W\d_]+(?=[ ,;:])")
"""A sentence's first word when it is a plain word (not code such as b[1] or queens-tutor)."""


def sentence(text: str) -> str:
    """``text`` as a sentence: its first word capitalised when it is a plain lower-case word, not
    code (``b = [1, 3]``)."""
    word = _PLAIN_WORD.match(text)
    if word and len(word.group()) > 1 and word.group() == word.group().lower():
        return text[0].upper() + text[1:]
    return text


def _value(value: object) -> object:
    if isinstance(value, Message):
        return render(value)
    if isinstance(value, Joined):
        return " ".join(sentence(render(part)) for part in value.parts)
    if isinstance(value, Words):
        return value.text if _words is None else _words(value.text)
    if isinstance(value, Figure):
        point, thousands = _separators
        return "".join(point if c == "." else thousands if c == "," else c for c in value.text)
    if isinstance(value, tuple) and value and all(isinstance(v, Message) for v in value):
        return "; ".join(render(v) for v in value)
    return value


def render(message: Message) -> str:
    """The sentence ``message`` stands for."""
    template = CATALOG[message.id]
    params = {name: _value(value) for name, value in message.params}
    if _translator is not None:
        text = _translator(message.id, template, params.get("count"))
    elif isinstance(template, tuple):
        one, other = template
        text = one if params.get("count") == 1 else other
    else:
        text = template
    return text.format(**params)


class MessageError(Exception):
    """An error whose text is a :class:`Message`, rendered in the language in use."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)  # in args, so that it pickles
        self.message = message

    def __str__(self) -> str:
        return render(self.message)


class BadValue(MessageError, ValueError):
    """A ValueError told as a Message (bad rows, a board too large)."""

    @classmethod
    def of(cls, id: str, **params: object) -> BadValue:
        return cls(Message.of(id, **params))


register(
    {
        "why.row": "same row {row}",
        "why.col": "same column {col}",
        "why.sum": "same col+row diagonal: {col}+{row} = {value} = {a_col}+{a_row}",
        "why.diff": "same row-col diagonal: {row}-{col} = {value} = {a_row}-{a_col}",
        "idle": "{text}",
    }
)
