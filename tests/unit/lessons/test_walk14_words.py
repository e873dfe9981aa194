"""Student walk 14 (Italian and Polish): words a student reads that sent them the wrong way.
Lesson 8 called the Salerno notes "the slides" (the Wrocław lecture's, everywhere else: it 9);
lesson 9's construct questions sent the quiz to "the page's recipe" on a page without one, and
its two-machines question was right with no reason why (it 14, pl 8)."""

from __future__ import annotations

import re

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.model import Lesson, Question, Text
from lessons.quiz.pose import pose
from solver.methods.naive import search as naive

SLIDES = {"en": r"\bslides?\b", "it": r"\bslide\b", "pl": r"\bslajd\w*"}
WROCLAW = {"en": "Wrocław", "it": "Wrocław", "pl": "Wrocław"}


def _lesson(language: str, lesson_id: str) -> Lesson:
    lesson = load_catalog(language).find(lesson_id)
    assert lesson is not None
    return lesson


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_lesson_8_names_whose_slides(language: str) -> None:
    lesson = _lesson(language, "recipe")
    for page in lesson.pages:
        for block in page.blocks:
            if not isinstance(block, Text):
                continue
            text = " ".join(block.markdown.replace("\u00a0", " ").split())
            for found in re.finditer(SLIDES[language], text):
                around = text[max(0, found.start() - 40) : found.end() + 40]
                assert WROCLAW[language] in around, around


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_lesson_9_quiz_names_no_recipe_of_its_page_and_two_machines_say_why(
    language: str,
) -> None:
    i18n.set_language(language)
    try:
        lesson = _lesson(language, "cost")
        quiz = lesson.pages[-1]
        constructs = [b for b in quiz.blocks if isinstance(b, Question) and b.kind == "construct"]
        assert constructs
        for question in constructs:
            prompt = pose(question, None).prompt
            assert not re.search(r"page's|della pagina|ze strony", prompt), prompt
        machines = [
            b
            for page in lesson.pages
            for b in page.blocks
            if isinstance(b, Question) and b.kind == "choice" and "16 x 16" in b.prompt
        ]
        assert len(machines) == 1
        assert len(machines[0].explain.split()) > 15  # a reason, not the choice again
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("method", ["permutations", "bruteforce", "columns"])
def test_the_examined_hint_rules_out_no_choice(method: str) -> None:
    """Student walk 14, pl 13: on lesson 3 p6 the hint named one choice as squares and asked
    which of the two others a method that stops early can reach: the answer, with 3 choices.
    It names the three kinds of number and the search space's formula, not which is which."""
    i18n.set_language("en")
    question = Question(line=1, kind="examined", params={"method": method, "n": "10"})
    posed = pose(question, None)
    assert len(posed.choices) == 3
    assert "other two" not in posed.hint and "One choice" not in posed.hint, posed.hint
    assert "kinds of number" in posed.hint and naive.formula(method) in posed.hint
    for choice in posed.choices:
        assert choice not in posed.hint


@pytest.mark.parametrize(
    ("language", "column"), [("en", "column 0"), ("it", "colonna 0"), ("pl", "kolumnie 0")]
)
def test_the_prediction_stretches_say_column_0_is_not_asked(language: str, column: str) -> None:
    """Student walk 14, it 12: the text said every tick that tests a square asks, and the tick
    that tried column 0, row 1 played without asking (guess mode asks nothing of the first
    column: no queen stands before it); a student counting along thought one was skipped."""
    from solver.peek import Test
    from solver.registry import kit

    assert kit("iterative").asks_nothing(Test(square=(0, 1), free=True, threats=()))
    lesson = _lesson(language, "iterative")
    quiz = lesson.pages[-1]
    said = ""
    for block in quiz.blocks:
        if isinstance(block, Question) and block.kind == "guess":
            break
        if isinstance(block, Text):
            said += " " + block.markdown.replace("\u00a0", " ")
    assert column in " ".join(said.split()), said
