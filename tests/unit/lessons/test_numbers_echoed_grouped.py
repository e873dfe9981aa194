"""The feedback echoed a typed number ungrouped beside its
grouped form ("Right: 823543. ... for n = 7 that is 823,543."), and said "about 12" of a
quotient that is exactly 12. A whole number is echoed with the language's separators, as the
explanation writes it, however it was typed; "about" only where the quotient is not whole."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.model import Question
from lessons.quiz.pose import pose


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("language", "typed", "grouped"),
    [
        ("en", "823543", "823,543"),
        ("en", "823 543", "823,543"),
        ("it", "823543", "823.543"),
        ("pl", "823543", "823\u00a0543"),
    ],
)
def test_a_typed_number_is_echoed_as_the_explanation_writes_it(
    language: str, typed: str, grouped: str
) -> None:
    i18n.set_language(language)
    posed = pose(Question(1, "search-space", {"method": "columns", "n": "7"}), None)
    right = posed.check(typed).message
    assert "823543" not in right, right
    assert right.count(grouped) == 2, right  # the echo and the explanation: one form
    wrong = posed.check("1947792").message
    assert "1947792" not in wrong and i18n.number(1947792) in wrong, wrong


def test_a_four_digit_number_too() -> None:
    posed = pose(Question(1, "search-space", {"method": "columns", "n": "5"}), None)
    assert posed.check("3125").message.startswith("Right: 3,125. "), posed.check("3125").message
    assert posed.answer_text == "3,125"


def test_a_written_out_number_keeps_its_formula() -> None:
    posed = pose(Question(1, "search-space", {"method": "columns", "n": "5"}), None)
    assert posed.check("5^5").message.startswith("Right: 5^5 = 3,125. ")


def test_no_about_where_the_quotient_is_whole() -> None:
    exact = pose(Question(1, "random-tries", {"n": "5"}), None).explanation
    assert "120/10 = 12 tries" in exact and "about" not in exact, exact
    rounded = pose(Question(1, "random-tries", {"n": "8"}), None).explanation
    assert "40,320/92 = 438.26, about 438 tries" in rounded, rounded
