"""What a piece of the tutor says in a language, as a table row ``(language, make, *checks)``:
each check reads ``make()``'s text: ``=`` it is, ``^`` opens with, ``!`` lacks, else holds."""

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
