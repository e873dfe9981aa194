"""Issue 39 (the rest of the student's review lists): the methods named as the notes name them,
the typical mistakes still left generic, the recursive guess's own vocabulary."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.answers.checking import Posed
from lessons.model import Question
from lessons.quiz.compare import examined_methods
from lessons.quiz.pose import pose
from solver.registry import kit


def _pose(kind: str, **params: str) -> Posed:
    return pose(Question(kind=kind, params=params, line=1), None)


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
@pytest.mark.parametrize("method", examined_methods())
def test_an_examined_question_names_the_method_as_the_notes_do(lang: str, method: str) -> None:
    """N27: "does bruteforce examine" read the command-line id as the method's name; the id
    stays only as the line of queens-tutor compare to read."""
    i18n.set_language(lang)
    posed = _pose("examined", method=method, n="8")
    name = i18n._(kit(method).notes_name)
    assert kit(method).notes_name and name in posed.prompt
    assert posed.prompt.count(method) == 1, posed.prompt  # the line of compare, once
    for index, why in posed.wrong.items():
        assert method not in why, (index, why)
