"""Lesson 5 ends with the student predicting the 6 x 6 search to its first solution."""

from __future__ import annotations

import pytest

from lessons.catalog import BUILTIN_DIR
from lessons.parsing.parser import parse
from solver.registry import make_engine
from solver.stepping import Mode, Stop


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_lesson_5_ends_predicting_the_6_x_6_search_to_its_first_solution(language: str) -> None:
    engine = make_engine("iterative", 6, Mode.FIRST, None)
    first = engine.run(Stop.SOLUTION).ticks
    lesson = parse((BUILTIN_DIR / language / "05-iterative.md").read_text(), "05.md").lesson
    assert lesson is not None
    last = lesson.pages[-1]
    question = last.questions[-1]
    assert question.kind == "guess" and question.params["ticks"] == str(first)
    assert last.scored  # the quiz's last question: every built-in lesson ends on its quiz
