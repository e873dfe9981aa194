"""The locale the environment asks for, in POSIX order: ``LC_ALL``, then the category's own
variable, then ``LANG`` (an ``LC_CTYPE`` of exactly ``C.UTF-8``, Python's coercion of a C locale,
defers to ``LANG``)."""

from __future__ import annotations

import os
from collections.abc import Mapping


def locale_name(category: str, environ: Mapping[str, str] | None = None) -> str | None:
    """The locale name in force for ``category`` (``LC_MESSAGES``, ``LC_CTYPE``), or None."""
    env = os.environ if environ is None else environ
    lc_all, own, lang = (env.get(name) for name in ("LC_ALL", category, "LANG"))
    if lc_all:
        return lc_all
    if own and not (category == "LC_CTYPE" and own == "C.UTF-8" and lang):
        return own
    return lang or None


def language(environ: Mapping[str, str] | None = None, default: str = "en") -> str:
    """The language code of the messages locale (``pl_PL.UTF-8`` gives ``pl``); ``default`` for
    C, POSIX or none."""
    name = locale_name("LC_MESSAGES", environ)
    if not name:
        return default
    code = name.split(".")[0].split("_")[0].split("@")[0].lower()
    return default if code in ("c", "posix") or not code.isalpha() else code


def charset(environ: Mapping[str, str] | None = None) -> str | None:
    """The character set the ``LC_CTYPE`` locale names (``ascii`` for C, POSIX, ``en_US``);
    None when no locale variable is set."""
    name = locale_name("LC_CTYPE", environ)
    if name is None:
        return None
    _, dot, chars = name.partition(".")
    chars = chars.partition("@")[0]
    return chars if dot and chars else "ascii"


def tutor_language(
    asked: str | None,
    saved: str | None,
    supported: Mapping[str, str],
    environ: Mapping[str, str] | None = None,
    default: str = "en",
) -> str:
    """The language the tutor speaks: ``asked`` (``--lang``), else ``saved``, else the messages
    locale's, else ``default``; each only if it is ``supported``."""
    for code in (asked, saved, language(environ, default)):
        short = (code or "").replace("-", "_").split("_")[0].lower()
        if short in supported:
            return short
    return default
