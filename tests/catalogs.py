"""The gettext catalogs as the tests read them: babel's reading of the template (English) and of
each language's .po file, once a process, and the views the tests take of them (docs/
translating.md says how the catalogs are made)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from lessons import i18n

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "lessons" / "locale"

Key = tuple[str | None, str]
"""A message's context and (first) message id."""


def po_path(lang: str) -> Path:
    """The template for ``en`` (the messages as the code says them), else the language's .po."""
    if lang == "en":
        return LOCALE / f"{i18n.DOMAIN}.pot"
    return LOCALE / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


@cache
def catalog(lang: str) -> Catalog:
    """The catalog of ``lang`` (:func:`po_path`) as babel reads it, read once a process: the
    tests only read it."""
    with po_path(lang).open("rb") as file:
        return read_po(file, locale=None if lang == "en" else lang)


def forms(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message id or string as its forms (one, or each plural form); none as ``("",)``."""
    if value is None or isinstance(value, str):
        return (value or "",)
    return tuple(form or "" for form in value)


def entries(lang: str) -> list[tuple[str | None, tuple[str, ...], tuple[str, ...]]]:
    """(context, message id's forms, translation's forms) of every message with an id."""
    return [
        (message.context, forms(message.id), forms(message.string))
        for message in catalog(lang)
        if message.id
    ]


def translations(lang: str) -> dict[Key, tuple[str, ...]]:
    """(context, message id) -> the translation's forms."""
    return {(context, ids[0]): strings for context, ids, strings in entries(lang)}


def translated_strings(lang: str) -> list[str]:
    """Every translated form of the language's catalog, each plural form on its own."""
    return [form for _context, _ids, strings in entries(lang) for form in strings if form]
