"""One definition of a tick everywhere. Lesson 9 p1 counts 982 ticks as 876
squares tested, 105 backtracks and the solution tick; the ? glossary said "One b[k]++ with its
isfree test, or one backtrack", compare's hint "A tick is a test or a backtrack". The glossary
(the help's and docs/glossary.md) and the hints now say what lesson 9 does: a tick tests a
square, backtracks, or reports the solution."""

from __future__ import annotations

from pathlib import Path

import pytest

import solver.methods.iterative.questions  # noqa: F401  (registers the loop's messages)
from lessons import i18n
from lessons.glossary import GLOSSARY
from lessons.model import Question
from lessons.quiz.pose import pose
from solver.messages import Message, render

DOCS = Path(__file__).resolve().parents[3] / "docs" / "glossary.md"
SOLUTION = {"en": "solution", "it": "soluzione", "pl": "rozwiązanie"}
"""The word every definition of a tick names its third kind by."""
BACKTRACK = {"en": "backtracks", "it": "backtrack", "pl": "nawrót"}
"""Its second kind."""


def _glossary_tick() -> str:
    return next(i18n._(text) for term, text in GLOSSARY if term == "tick")


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_the_glossary_tick_reports_the_solution_too(language: str) -> None:
    with i18n.speaking(language):
        said = _glossary_tick()
        hint = render(Message.of("loop.state.hint.tick"))
    assert SOLUTION[language] in said, said
    assert BACKTRACK[language] in said, said
    assert SOLUTION[language] in hint, hint


def test_docs_glossary_says_the_same() -> None:
    row = next(line for line in DOCS.read_text().splitlines() if line.startswith("| tick |"))
    assert "reports the solution" in row and "876 + 105 + 1" in row, row


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_compares_hint_counts_the_solution_tick_as_a_tick(language: str) -> None:
    with i18n.speaking(language):
        posed = pose(
            Question(line=1, kind="examined", params={"method": "iterative", "n": "8"}), None
        )
    assert SOLUTION[language] in posed.hint, posed.hint
    assert "A tick is a test or a backtrack" not in posed.hint
