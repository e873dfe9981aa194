"""One word for the solutions that the board's 8 symmetries turn into one another: "orbit"
(lesson 7's word in en/it/pl, "orbita"), never "family" or "class" on another screen.

Every message of the catalogs about solutions or symmetries, in English and in both
translations, and every built-in lesson's text are read.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.catalogs import catalog

ROOT = Path(__file__).resolve().parents[3]
OTHER_WORDS = {
    "en": re.compile(r"\b(famil(y|ies)|class(es)?)\b", re.I),
    "it": re.compile(r"\b(famigli[ae]|class[ei])\b", re.I),
    "pl": re.compile(r"\b(rodzin\w*|klas(a|y|ie|ę|ą|om|ach|ami)?)\b", re.I),
}
ABOUT_SYMMETRY = re.compile(r"solution|symmetr|rotation|reflection", re.I)


def _texts(value: str | tuple[str, ...] | list[str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_the_catalogs_say_orbit(lang: str) -> None:
    found = []
    for message in catalog(lang):
        english = " ".join(_texts(message.id))
        if not message.id or not ABOUT_SYMMETRY.search(english):
            continue
        shown = english if lang == "en" else " ".join(_texts(message.string))
        if OTHER_WORDS[lang].search(shown):
            found.append(shown[:120])
    assert not found, found


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_the_lessons_say_orbit(lang: str) -> None:
    found = [
        f"{path.name}:{number}"
        for path in sorted((ROOT / "lessons" / "builtin" / lang).glob("*.md"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if OTHER_WORDS[lang].search(line) and ABOUT_SYMMETRY.search(line)
    ]
    assert not found, found
