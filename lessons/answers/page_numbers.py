"""The whole numbers a page mentions, read as its language groups them: a translation must
state the same facts as its English page."""

from __future__ import annotations

import re

from lessons.model import Page, Question, Text

_GROUPING = {"en": ",", "it": ".", "pl": " \u00a0\u202f"}


_PATTERNS = {
    lang: re.compile(rf"(?<![\d.,])\d{{1,3}}(?:[{re.escape(separators)}]\d{{3}})+(?!\d)|\d+")
    for lang, separators in _GROUPING.items()
}


def page_texts(page: Page) -> list[str]:
    """Every text of a page a student reads."""
    texts = [page.title]
    for block in page.blocks:
        if isinstance(block, Text):
            texts.append(block.markdown)
        elif isinstance(block, Question):
            texts += [block.prompt, block.hint, block.explain]
            texts += [choice.text for choice in block.choices]
            texts += [choice.why for choice in block.choices]
    return texts


def page_numbers(page: Page, lang: str) -> frozenset[int]:
    """The whole numbers the page's texts mention (each once)."""
    pattern = _PATTERNS.get(lang, _PATTERNS["en"])
    found: set[int] = set()
    for text in page_texts(page):
        for match in pattern.findall(text):
            found.add(int(re.sub(r"\D", "", match)))
    return frozenset(found)
