"""A whole number written with the other notation's thousands separator, which is the decimal
mark in the student's language, costs no attempt: the student is told how their language writes
it."""

from __future__ import annotations

import pytest

from lessons.answers.checking import AnswerType, Posed
from lessons.answers.reading import other_grouping
from lessons.i18n import speaking

SEVEN_TO_THE_SEVEN = Posed(
    kind="number",
    prompt="How many placements n^n for n = 7?",
    answer_type=AnswerType.NUMBER,
    expected="823543",
    explanation="7^7 = 823,543.",
)


@pytest.mark.parametrize(
    ("language", "typed", "said"),
    [
        ("it", "823,543", "in italiano la virgola (,) separa i decimali"),
        ("pl", "823,543", "po polsku przecinek (,) oddziela część dziesiętną"),
        ("en", "823.543", "in English the point (.) is the decimal mark"),
    ],
)
def test_the_right_number_in_the_other_notation_costs_nothing(
    language: str, typed: str, said: str
) -> None:
    with speaking(language):
        verdict = SEVEN_TO_THE_SEVEN.check(typed)
    assert not verdict.correct and not verdict.counted
    assert said in verdict.message
    assert "823543" in verdict.message and typed in verdict.message


@pytest.mark.parametrize(
    ("language", "grouped"), [("it", "823.543"), ("pl", "823\u00a0543"), ("en", "823,543")]
)
def test_it_says_how_the_language_writes_the_number(language: str, grouped: str) -> None:
    typed = "823.543" if language == "en" else "823,543"
    with speaking(language):
        assert grouped in SEVEN_TO_THE_SEVEN.check(typed).message


def test_a_wrong_number_so_written_is_told_the_same_and_gives_nothing_away() -> None:
    with speaking("it"):
        right = SEVEN_TO_THE_SEVEN.check("823,543")
        wrong = SEVEN_TO_THE_SEVEN.check("823,542")
    assert not wrong.counted
    assert wrong.message == right.message.replace("543", "542")


@pytest.mark.parametrize(
    ("language", "typed"),
    [("it", "823.543"), ("it", "823543"), ("pl", "823 543"), ("en", "823,543")],
)
def test_the_languages_own_notation_is_right(language: str, typed: str) -> None:
    with speaking(language):
        verdict = SEVEN_TO_THE_SEVEN.check(typed)
    assert verdict.correct and verdict.counted


@pytest.mark.parametrize(
    ("language", "typed"),
    [("it", "438,26"), ("it", "0,123"), ("it", "1.234,5"), ("en", "4,426,165,368"), ("en", "8")],
)
def test_text_that_reads_the_same_in_both_or_groups_nothing_is_not_taken(
    language: str, typed: str
) -> None:
    assert other_grouping(typed, language) is None
