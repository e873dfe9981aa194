"""Spaces inside a number are read only where they group its thousands. A number grouped wrongly is
refused naming how the language groups digits, and costs nothing."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.answers.reading import read_number


@pytest.mark.parametrize(
    ("typed", "language", "value"),
    [
        ("387 420 489", "en", 387_420_489),
        ("1 947 792", "en", 1_947_792),
        ("40 320", "pl", 40320),
        ("40\u00a0320", "pl", 40320),
        ("4\u202f426\u202f165\u202f368", "it", 4_426_165_368),
        ("1 234,5", "pl", 12345 / 10),
        ("1_000_000", "en", 1_000_000),
        ("8 ^ 8", "en", 8**8),
        ("- 3", "en", -3),
    ],
)
def test_spaces_that_group_thousands_are_read(typed: str, language: str, value: float) -> None:
    assert read_number(typed, language) == value


@pytest.mark.parametrize("typed", ["1 3", "3874 20 489", "12 34", "1 0000", "1.000 000", "13 ,5"])
def test_spaces_that_group_no_thousands_are_not_read(typed: str) -> None:
    for language in ("en", "it", "pl"):
        assert read_number(typed, language) is None, (typed, language)


@pytest.mark.parametrize(
    ("language", "grouped"), [("en", "40,320"), ("it", "40.320"), ("pl", "40\u00a0320")]
)
def test_a_misgrouped_number_costs_nothing_and_is_told_how_to_group(
    language: str, grouped: str
) -> None:
    i18n.set_language(language)
    try:
        posed = Posed("number", "How many?", AnswerType.NUMBER, "13", ".")
        for typed in ("1 3", "3874 20 489", "3874,20,489"):
            verdict = posed.check(typed)
            assert not verdict.correct and not verdict.counted, (typed, verdict.message)
            assert (
                f"“{typed}”" in verdict.message
                or f"«{typed}»" in verdict.message
                or (f"„{typed}”" in verdict.message)
            )
            assert grouped in verdict.message and "40320" in verdict.message, verdict.message
        assert posed.check("13").correct
    finally:
        i18n.set_language("en")
