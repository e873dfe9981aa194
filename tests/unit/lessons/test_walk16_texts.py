"""Lesson texts checked against the search they speak of (student walk 16)."""

from __future__ import annotations

import re

import pytest

from lessons.catalog import load_catalog
from lessons.model import Text
from solver.events import Try
from solver.methods.iterative.engine import IterativeEngine
from solver.stepping import Mode

SAID = {
    "en": r"place the (\d+) queens \((\d+) of the squares tried are attacked",
    "it": r"piazzano le (\d+) regine \((\d+) delle caselle provate sono attaccate",
    "pl": r"ustawiają (\d+) hetmanów \((\d+) ze sprawdzonych pól jest atakowanych",
}


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_lesson_1_says_how_many_of_the_15_ticks_place_a_queen(language: str) -> None:
    """Lesson 1 p3 said ticks 1 to 15 "place the queens": 5 of them do, 10 try an attacked
    square (pl 2)."""
    engine = IterativeEngine(5, Mode.FIRST)
    placed = attacked = 0
    for _ in range(15):
        event = engine.step()
        if isinstance(event, Try):
            placed += event.placed
            attacked += not event.placed
    lesson = load_catalog(language).find("problem")
    assert lesson is not None
    text = " ".join(
        " ".join(block.markdown.replace("\u00a0", " ").split())
        for page in lesson.pages
        for block in page.blocks
        if isinstance(block, Text)
    )
    said = re.search(SAID[language], text)
    assert said is not None, text
    assert (int(said.group(1)), int(said.group(2))) == (placed, attacked)


@pytest.mark.parametrize("method", ["bruteforce", "permutations"])
def test_a_naive_compare_answer_does_not_tell_the_backtrackers_count(method: str) -> None:
    """Lesson 3 p6's first compare 10 question explained '975 is what the backtracker tests':
    975 was a choice of the page's next question and the answer of lesson 9 p7's, both then
    answered from it (student walk 16, en 6, it 6 and 8)."""
    from lessons import i18n
    from lessons.model import Question
    from lessons.quiz.compare import examined
    from lessons.quiz.pose import pose

    i18n.set_language("en")
    posed = pose(Question(1, "examined", {"method": method, "n": "10"}), None)
    backtracker = f"{examined('iterative', 10):,}"
    assert backtracker in posed.choices  # still a choice to tell apart
    assert backtracker not in posed.explanation, posed.explanation


def test_lesson_2_names_each_corner_start_by_its_corner() -> None:
    """Lesson 2's quiz called the bottom-left start 'the corner start' beside a start in
    column 0, row 2 of a 3 x 3 board, itself a corner, and the feedback then said 'the
    top-corner start' (student walk 16, en 5): each start is named by its corner."""
    lesson = load_catalog("en").find("small-boards")
    assert lesson is not None
    said = " ".join(
        " ".join([q.prompt, q.explain, *(c.text + " " + c.why for c in q.choices)])
        for page in lesson.pages
        for q in page.questions
    )
    assert "corner start" in said
    assert not re.search(r"\bthe corner start", said), said
