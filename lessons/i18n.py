"""The tutor's words in the learner's language, through gettext catalogs (docs/translating.md).

The English words are the message ids; Italian and Polish catalogs are read when first needed.
``_`` translates a sentence, ``ngettext`` one about a number, ``N_`` marks a constant translated
where it is shown. :func:`set_language` hands the solver's narration a translator too.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from solver import messages

if TYPE_CHECKING:
    from gettext import NullTranslations

DOMAIN = "queens_tutor"
LOCALE_DIR = Path(__file__).with_name("locale")
LANGUAGES = {"en": "English", "it": "Italiano", "pl": "Polski"}
"""The languages the tutor speaks, by code, each named in its own language."""
DEFAULT = "en"

_language = DEFAULT
_catalogs: dict[str, NullTranslations] = {}


def supported(code: str | None) -> str | None:
    """``code`` (``pl``, ``pl_PL``, ``it-IT``) as one of LANGUAGES, or None."""
    if not code:
        return None
    short = code.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return short if short in LANGUAGES else None


def current() -> str:
    """The language in use (a key of LANGUAGES)."""
    return _language


def set_language(code: str) -> str:
    """Speak ``code`` from now on (an unsupported code means English); returns the code used."""
    global _language
    _language = supported(code) or DEFAULT
    if _language == DEFAULT:
        messages.set_translator(None)
    else:
        messages.set_translator(_translate_template, _)
    messages.set_separators(*SEPARATORS.get(_language, (".", ",")))
    return _language


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Speak ``code`` for a while, then the language in use before; yields the code used."""
    before = _language
    try:
        yield set_language(code)
    finally:
        set_language(before)


def _load(lang: str) -> NullTranslations:
    """The compiled catalog of ``lang`` (a key of LANGUAGES other than English), read once."""
    catalog = _catalogs.get(lang)
    if catalog is None:
        import gettext  # only for a language other than English

        catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
        _catalogs[lang] = catalog
    return catalog


def _catalog() -> NullTranslations | None:
    return None if _language == DEFAULT else _load(_language)


def _(message: str) -> str:
    """``message`` in the language in use."""
    catalog = _catalog()
    return message if catalog is None else catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence about ``n`` things: English has two, Polish three."""
    catalog = _catalog()
    if catalog is None:
        return singular if n == 1 else plural
    return catalog.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, for the message id ``context``."""
    catalog = _catalog()
    return message if catalog is None else catalog.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` for the message id ``context``."""
    catalog = _catalog()
    if catalog is None:
        return singular if n == 1 else plural
    return catalog.npgettext(context, singular, plural, n)


def translation(code: str | None) -> NullTranslations:
    """The catalog of language ``code`` whatever the language in use (English words for a
    language the tutor does not speak)."""
    import gettext

    lang = supported(code)
    return gettext.NullTranslations() if lang is None or lang == DEFAULT else _load(lang)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it."""
    return message


SEPARATORS = {"it": (",", "."), "pl": (",", "\u00a0")}
"""Each language's decimal point and thousands separator (English: ``.`` and ``,``)."""


def number(value: int) -> str:
    """A whole number with the language's thousands separator: 12,345 / 12.345 / 12 345."""
    return decimal(f"{value:,}")


def decimal(text: str) -> str:
    """A number written the English way (``"3.5"``, ``"12,345"``) with the language's
    separators: 3,5 and 12.345 in Italian, 3,5 and 12 345 in Polish."""
    point, thousands = SEPARATORS.get(_language, (".", ","))
    return "".join(point if c == "." else thousands if c == "," else c for c in text)


def _translate_template(message_id: str, template: messages.Template, count: object) -> str:
    if isinstance(template, tuple):
        n = count if isinstance(count, int) else 0
        return npgettext(message_id, template[0], template[1], n)
    return pgettext(message_id, template)
