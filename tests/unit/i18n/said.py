"""What a piece of the tutor says in a language, checked as one row of a table.

A row is ``(language, make, *checks)``: ``make()`` is called with the language spoken, and each
check reads its text: ``"=words"`` it is the words, ``"^words"`` it opens with them, ``"!words"``
they are not in it, and plain ``"words"`` they are in it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from lessons.i18n import speaking


def rows(table: Iterable[tuple[Any, ...]]) -> list[Any]:
    """The rows as ``parametrize("language, make, checks", ...)`` cases, named by what they
    check."""
    return [
        pytest.param(language, make, checks, id=f"{language}-{checks[0][:40]}")
        for language, make, *checks in table
    ]


def check_said(language: str, make: Callable[[], str], checks: Iterable[str]) -> None:
    with speaking(language):
        text = make()
    for check in checks:
        mark, words = check[:1], check[1:]
        if mark == "=":
            assert text == words, text
        elif mark == "^":
            assert text.startswith(words), text
        elif mark == "!":
            assert words not in text, text
        else:
            assert check in text, text
