"""Lesson 3 said the loop "tests 876 squares", lesson 9 "876 tries (...
875 b[k]++)". The lessons and the work questions now count the lecture's loop in one
vocabulary, the Wrocław lecture's squares tested ("sprawdzanie pól"; `compare`'s unit): ticks,
squares tested, backtracks. "Tries" stays with the random permutations of the Italian Python
course. The numbers are the engine's (the trace's try, backtrack and solution ticks)."""

from __future__ import annotations

import re

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.model import Question, Text
from lessons.quiz.pose import pose
from solver.events import Backtrack, Solution, Try
from solver.methods.iterative.engine import IterativeEngine
from solver.stepping import Mode
from tests.tiers import sweep

TESTED = {"en": "squares tested", "it": "caselle provate", "pl": "sprawdzonych (pól|polach)"}
"""The count's noun in lesson 9's text (in Polish, declined after the number)."""
TRIES = {"en": "tries", "it": "tentativi", "pl": "prób"}
"""The word for the random permutations' draws, not for the loop's squares."""


def _counts(n: int) -> tuple[int, int, int]:
    """(ticks, squares tested, backtracks) of the lecture's loop to its first solution."""
    engine = IterativeEngine(n, Mode.FIRST)
    tried = backtracks = ticks = 0
    while True:
        event = engine.step()
        ticks += 1
        tried += isinstance(event, Try)
        backtracks += isinstance(event, Backtrack)
        if isinstance(event, Solution):
            return ticks, tried, backtracks


def _page_text(language: str, lesson_id: str, page: int) -> str:
    lesson = load_catalog(language).find(lesson_id)
    assert lesson is not None
    blocks = lesson.pages[page].blocks
    return " ".join(
        " ".join(b.markdown.replace("\u00a0", " ").split()) for b in blocks if isinstance(b, Text)
    )


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
def test_lesson_9_counts_the_squares_tested_as_lesson_3_does(language: str) -> None:
    text = _page_text(language, "cost", 0)
    for n in (8, 9):  # lesson 5 prints 6 x 6's 25
        ticks, tried, backtracks = _counts(n)
        assert ticks == tried + backtracks + 1
        assert re.search(rf"\b{tried} {TESTED[language]}", text), (n, text)
    assert TRIES[language] not in text.split(), text
    lesson_3 = load_catalog(language).find("naive-search")
    assert lesson_3 is not None
    assert any("876" in _page_text(language, "naive-search", i) for i in range(len(lesson_3.pages)))


@pytest.mark.parametrize("language", ["en", "it", "pl"])
@pytest.mark.parametrize("of", ["tries", "backtracks", "ticks"])
def test_the_work_question_speaks_of_squares_tested(language: str, of: str) -> None:
    with i18n.speaking(language):
        posed = pose(Question(line=1, kind="work", params={"n": "6", "of": of}), None)
        tested = i18n._("squares tested")
    said = " ".join([posed.prompt, posed.explanation, posed.hint, *posed.wrong.values()])
    assert tested in said or f"{_counts(6)[1]}" in said, said
    assert TRIES[language] not in said.replace(",", " ").split(), said
    assert "try" not in said.split() and "tentativo" not in said.split(), said
