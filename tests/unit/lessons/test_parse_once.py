"""A lesson's text is parsed once a process; a parse in another language, or with other methods
registered, is a parse of its own."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.parsing import parser
from lessons.parsing.parser import parse

TEXT = "@lesson parsed-once\n@title Parsed once\n@page One\nText.\n@end\n"
"""A lesson with one error (``@end`` without a question): its words are the language's."""


@pytest.fixture(autouse=True)
def _room_kept() -> None:
    """Each test starts with the parse cache emptied (it empties itself when full)."""
    parser._PARSED.clear()


def test_the_same_text_is_parsed_once() -> None:
    first = parse(TEXT, "once.md")
    assert first.lesson is not None and first.errors
    assert parse(TEXT, "once.md") is first
    assert parse(TEXT, "other.md") is not first  # another file: its own errors name it


def test_another_language_parses_again_with_its_words() -> None:
    english = parse(TEXT, "once.md")
    with i18n.speaking("it"):
        italian = parse(TEXT, "once.md")
    assert italian is not english
    assert italian.errors[0].message != english.errors[0].message
    assert parse(TEXT, "once.md") is english


def test_a_method_registered_since_parses_again() -> None:
    from solver import registry

    before = parse(TEXT, "once.md")
    kit = registry.KITS[-1]
    registry.unregister(kit.name)
    try:
        assert parse(TEXT, "once.md") is not before
    finally:
        registry.register(kit)
