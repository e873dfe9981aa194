"""A row (or column) answer may be typed with the question's own word before it, in the language
in use (``row 2``, ``riga 2``, ``kolumna 1``); the other line's word is not read as it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from tests.tiers import examples

WORDS = {"en": ("row", "column"), "it": ("riga", "colonna"), "pl": ("wiersz", "kolumna")}


@pytest.mark.parametrize("lang", sorted(WORDS))
@settings(max_examples=examples(60), deadline=None)
@given(number=st.integers(0, 30), column=st.booleans(), upper=st.booleans())
def test_a_line_answer_reads_with_its_own_word(
    lang: str, number: int, column: bool, upper: bool
) -> None:
    i18n.set_language(lang)
    posed = Posed("next-choice", "?", AnswerType.ROW, "0", "", column_answer=column)
    own, other = WORDS[lang][column], WORDS[lang][not column]
    typed = f"{own.upper() if upper else own} {number}"
    assert posed.read(typed) == str(number), typed
    assert posed.read(f"{other} {number}") is None
