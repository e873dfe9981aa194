"""The plain lesson's reminder while a question waits is in the catalogs (a plain Italian
review printed it in English: the constant was not marked for extraction)."""

from __future__ import annotations

import pytest

from lessons import i18n
from tui.plain.lesson_walk import FIRST


@pytest.mark.parametrize(
    ("lang", "start"), [("it", "Prima rispondi"), ("pl", "Najpierw odpowiedz")]
)
def test_the_plain_reminder_speaks_the_language(lang: str, start: str) -> None:
    with i18n.speaking(lang):
        said = i18n._(FIRST)
    assert said.startswith(start) and "h:" in said and "s:" in said
