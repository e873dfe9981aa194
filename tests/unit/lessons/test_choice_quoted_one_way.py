""" "Right: 1." after a typed number read as if choice 1 had
been picked, while a choice was quoted now with its number ("Right: 2. column 2 has no queen
yet"), now without ("Right: 8." for a choice that is a number). One format: a choice is named by
its number and its words, quoted, in every feedback (right, wrong, shown); a typed number is the
number alone."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.model import Question
from lessons.quiz.pose import pose

QUOTED = {
    "en": "choice {number}, “{words}”",
    "it": "scelta {number}, «{words}»",
    "pl": "nr {number}, „{words}”",
}


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


def _choices(*words: str, right: int) -> Posed:
    return Posed(
        kind="choice",
        prompt="p",
        answer_type=AnswerType.CHOICE,
        expected=str(right),
        explanation="Because.",
        choices=words,
    )


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_a_choice_is_named_by_its_number_and_words_in_every_feedback(language: str) -> None:
    i18n.set_language(language)
    posed = pose(Question(1, "same-diagonal", {"square": "1,2", "other": "3,0"}), None)
    words = [i18n._(choice) for choice in posed.choices]
    named = [QUOTED[language].format(number=i + 1, words=w) for i, w in enumerate(words)]
    right, wrong = posed.check("1").message, posed.check("3").message
    assert named[0] in right and named[2] in wrong, (right, wrong)
    assert named[0] == posed.answer_text  # the answer shown names it so too
    assert f"1. {words[0]}" not in right and f"3. {words[2]}" not in wrong


def test_a_choice_that_is_a_number_keeps_its_number() -> None:
    posed = _choices("4", "8", "6", right=1)
    # Choices that are numbers are lettered: the choice's words or its
    # letter choose it, and it is named by its letter and its words.
    for typed in ("8", "b"):
        assert posed.check(typed).message == "Right: choice b, “8”. Because.", typed
    assert posed.check("6").message == "Not right: choice c, “6”. Try again."
    assert posed.answer_text == "choice b, “8”"


def test_a_typed_number_is_the_number_alone() -> None:
    posed = pose(Question(1, "queen-row", {"b": "[0,2,4,1,3]", "col": "3"}), None)
    right = posed.check("1").message
    assert right.startswith("Right: 1. b[3] = 1"), right
    assert "choice" not in right
    assert posed.check("3").message.startswith("3 is not right."), posed.check("3").message
