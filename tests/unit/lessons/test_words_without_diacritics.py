"""A student without Polish or Italian letters on the keyboard types the answer words without
their diacritics: ``nawrot`` for a backtrack, ``szesc``, ``piec``, ``dziewiec``, ``jedenascie``,
``dwanascie`` for numbers, ``zadne`` for none; each is read as the word with its letters is."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons import i18n
from lessons.answers.checking import BACKTRACK, AnswerType, Posed
from lessons.answers.reading import _NUMBER_WORDS, plain, read_number, yes_no

TYPED = {
    "szesc": 6,
    "piec": 5,
    "dziewiec": 9,
    "dziesiec": 10,
    "jedenascie": 11,
    "dwanascie": 12,
    "zadne": 0,
    "zadna": 0,
    "zaden": 0,
    "Szesc": 6,
    "SZEŚĆ": 6,
    "sześć.": 6,
}


@pytest.mark.parametrize(("typed", "value"), sorted(TYPED.items()))
@pytest.mark.parametrize("language", ["pl", "it", "en"])
def test_polish_number_words_without_their_letters(typed: str, value: int, language: str) -> None:
    assert read_number(typed, language) == value


@pytest.mark.parametrize("word", sorted(_NUMBER_WORDS))
def test_every_number_word_reads_without_its_diacritics(word: str) -> None:
    """Every number word the tutor reads, with its letters and as a plain keyboard types it."""
    value = _NUMBER_WORDS[word]
    assert read_number(word, "pl") == value
    assert read_number(plain(word), "pl") == value
    assert plain(word).isascii()


@pytest.mark.parametrize("typed", ["nawrot", "Nawrot", "nawrót", "NAWRÓT", " nawrot "])
def test_a_backtrack_typed_without_polish_letters(typed: str) -> None:
    i18n.set_language("pl")
    try:
        posed = Posed("k", "p", AnswerType.ROW, "backtrack", "")
        assert posed.read(typed) == BACKTRACK
        assert posed.check(typed).correct
    finally:
        i18n.set_language("en")


def test_a_number_question_takes_szesc() -> None:
    i18n.set_language("pl")
    try:
        posed = Posed("k", "p", AnswerType.NUMBER, "6", "")
        assert posed.check("szesc").correct
        assert not posed.check("piec").correct
    finally:
        i18n.set_language("en")


def test_yes_typed_without_the_italian_accent() -> None:
    assert yes_no("sì") == yes_no("si") == yes_no("SÌ") == "yes"


@given(st.text(max_size=30))
def test_plain_is_lower_case_and_unmarked(text: str) -> None:
    folded = plain(text)
    assert plain(folded) == folded
    assert not any(char in folded for char in "ąćęłńóśźżàèéìòù")
