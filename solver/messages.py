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
    """A number written the English way (``"3.5"``, ``"12,345"``), shown with the separators of the
    language in use (:func:`set_separators`): 3,5 and 12.345 in Italian."""

    text: str


@dataclass(frozen=True, slots=True)
class Words:
    """A constant marked with :func:`N_` (a kit's title, a source's name), shown in the language in
    use: the words translator (:func:`set_translator`) looks it up."""

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
    """Marks ``text`` for the translators' catalogs (pybabel extract) and returns it as it is: the
    solver stays English; what shows it translates it (lessons/i18n.py)."""
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
    """A number that changes whenever the translator is set (a change of language): a cache of
    rendered sentences keys on it, so that it never shows the words of another language."""
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
    """``text`` as a sentence after a full stop: its first word capitalised when it is a plain
    lower-case word ("column 3, row 1 is free" reads "Column 3, row 1 is free"); code stays as it is
    (``b = [1, 3]``, ``k does``, ``newStato builds``)."""
    word = _PLAIN_WORD.match(text)
    if word and len(word.group()) > 1 and word.group() == word.group().lower():
        return text[0].upper() + text[1:]
    return text


def _value(value: object) -> object:
    if isinstance(value, Message):
        return render(value)
    if isinstance(value, Joined):  # each part a sentence of its own (student walk 8, F10:
        return " ".join(sentence(render(part)) for part in value.parts)  # "... 3). column 4"
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
    """An error whose text is a :class:`Message`: ``str(error)`` renders it in the language in use,
    so the tutor and the command line show the solver's errors translated."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)  # the args: it pickles, so it crosses to a worker and back
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
