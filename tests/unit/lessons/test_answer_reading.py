"""Answers read as a student types them: numbers in the notation of the student's language
(decimals with a point or a comma, thousands grouped), small powers and factorials written out,
yes and no in English, Italian and Polish; nothing silently trimmed, everything refused named."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.answers.reading import MAX_ANSWER, YesNoTyping, as_text, read_number, yes_no


@pytest.mark.parametrize(
    ("typed", "language", "value"),
    [
        ("438.3", "en", Fraction(4383, 10)),  # not 4383
        ("438,26", "it", Fraction(43826, 100)),  # the tutor's own figure, not 43826
        ("438,26", "pl", Fraction(43826, 100)),
        ("438,26", "en", Fraction(43826, 100)),  # a comma before two digits: a decimal mark
        ("438.26", "it", Fraction(43826, 100)),  # a point before two digits: a decimal mark
        ("40,320", "en", 40320),
        ("40.320", "it", 40320),
        ("40 320", "pl", 40320),
        ("40\u00a0320", "pl", 40320),
        ("4.426.165.368", "en", 4_426_165_368),
        ("4,426,165,368", "it", 4_426_165_368),
        ("1,234.5", "en", Fraction(12345, 10)),
        ("1.234,5", "it", Fraction(12345, 10)),
        ("8^8", "en", 8**8),  # not 88
        ("8**8", "pl", 8**8),
        ("8!", "it", math.factorial(8)),
        ("-3", "en", -3),
        ("+7", "en", 7),
    ],
)
def test_numbers_read_in_the_language_notation(typed: str, language: str, value: object) -> None:
    assert read_number(typed, language) == value


@pytest.mark.parametrize(
    "typed", ["8^", "4,42,6", "1.2.3,4,5", "abc", "12a", "9" * 41, "2^101", "101!", "x" * 200]
)
def test_what_is_not_a_number_is_not_read(typed: str) -> None:
    for language in ("en", "it", "pl"):
        assert read_number(typed, language) is None


@given(st.integers(min_value=-(10**15), max_value=10**15), st.sampled_from(["en", "it", "pl"]))
def test_every_whole_number_the_tutor_prints_reads_back(value: int, language: str) -> None:
    i18n.set_language(language)
    assert read_number(i18n.number(value), language) == value
    assert read_number(str(value), language) == value


@given(st.integers(min_value=0, max_value=10**9), st.integers(1, 99), st.sampled_from(["it", "pl"]))
def test_decimals_with_the_language_comma_read_back(whole: int, cents: int, language: str) -> None:
    typed = f"{whole},{cents:02d}"
    assert read_number(typed, language) == Fraction(whole * 100 + cents, 100)
    assert as_text(Fraction(whole * 100 + cents, 100)) == f"{whole}.{cents:02d}".rstrip("0")


def test_yes_and_no_in_every_language() -> None:
    assert [yes_no(w) for w in ("yes", "Y", "sì", "si", "s", "tak", "T")] == ["yes"] * 7
    assert [yes_no(w) for w in ("no", "N", "nie")] == ["no"] * 3
    assert yes_no("x") is None and yes_no("maybe") is None


def number_question(expected: int, tolerance: int = 0) -> Posed:
    return Posed(
        "number", "How many?", AnswerType.NUMBER, str(expected), "Because.", tolerance=tolerance
    )


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_decimals_are_compared_as_numbers_and_quoted_as_typed(language: str) -> None:
    i18n.set_language(language)
    mark = "." if language == "en" else ","
    posed = number_question(438, tolerance=1)
    assert posed.check(f"438{mark}26").correct and posed.check(f"437{mark}5").correct
    exact = number_question(438)
    wrong = exact.check(f"438{mark}5")
    assert wrong.counted and not wrong.correct
    assert f"438{mark}5" in wrong.message  # as typed, not 4385
    assert exact.check(f"438{mark}0").correct


def test_a_power_is_read_and_said_with_its_value() -> None:
    posed = number_question(8**8)
    assert posed.check("8^8").correct
    wrong = number_question(8**7).check("8^8")
    assert "8^8 = 16,777,216" in wrong.message


def test_what_cannot_be_read_is_refused_naming_it_and_not_counted() -> None:
    posed = number_question(92)
    refused = posed.check("ninety-two")
    assert not refused.counted and "“ninety-two” is not a number" in refused.message
    long = posed.check("9" * (MAX_ANSWER + 1))
    assert not long.counted and f"longer than {MAX_ANSWER} characters" in long.message
    row = Posed("next-choice", "Where?", AnswerType.ROW, "2", "Free.")
    assert "“x” is not a row" in row.check("x").message
    assert row.check("b").counted  # backtrack is a row answer


@pytest.mark.parametrize(
    ("language", "typed", "index"),
    [
        ("it", "s", 0), ("it", "sì", 0), ("pl", "t", 0), ("pl", "tak", 0), ("en", "y", 0),
        ("en", "yes", 0), ("it", "n", 1), ("it", "no", 1), ("pl", "n", 1), ("pl", "nie", 1),
    ],
)  # fmt: skip
def test_a_yes_or_no_typed_whole_or_by_its_first_letter_is_one_answer(
    language: str, typed: str, index: int
) -> None:
    i18n.set_language(language)
    posed = Posed("exists", "Is there one?", AnswerType.CHOICE, "0", "Yes.", choices=("yes", "no"))
    assert posed.read(typed) == str(index)
    assert posed.read("x") is None


def test_a_choice_typed_as_its_first_words_is_read_and_never_guessed() -> None:
    choices = ("same row", "same col+row (sum)", "neither")
    posed = Posed("same-diagonal", "Which?", AnswerType.CHOICE, "0", ".", choices=choices)
    assert posed.read("Neither") == "2" and posed.read("same  col+row") == "1"
    assert posed.read("same row.") == "0"
    assert posed.read("same") is None  # two choices begin so: never one of them by chance
    assert "begins more than one choice" in posed.check("same").message
    assert not posed.check("same").counted
    assert posed.read("ne") is None and posed.read("t") is None  # whole words only
    assert "is not one of the choices" in posed.check("ne").message


def test_a_yes_or_no_goes_on_being_typed_after_its_first_letter() -> None:
    typing = YesNoTyping()
    typing.start("t")
    assert typing.goes_on("a", "a") and typing.goes_on("k", "k")  # t, a, k: tak
    assert typing.goes_on("enter", "\r")  # the Enter that ends a word of 3 letters
    assert not typing.goes_on("a", "a")  # the word is over: a is the screen's again
    typing.start("n")
    assert not typing.goes_on("enter", "\r")  # n then Enter: a one-letter word goes on
    typing.start("s")
    assert typing.goes_on("ì", "ì") and not typing.goes_on("s", "s")  # sì, then a new key
    typing.start("y")
    assert not typing.goes_on("x", "x") and not typing.goes_on("e", "e")  # x ends the word
