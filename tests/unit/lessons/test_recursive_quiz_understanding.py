"""Lesson 6's quiz asks what the Turin notes' code does rather than where a line stands: its
questions on numSolutions and on the first version's return value were read back from the
listing, their wrong choices easy to rule out. Now one asks how often
numSolutions++ runs on a whole 4 x 4 search (its right choice follows the solutions the
recursive method finds), the other what bool placeQueens' value tells its caller."""

from __future__ import annotations

import pytest

from lessons.catalog import load_catalog
from lessons.model import Question
from solver.registry import make_engine
from solver.stepping import Mode, Stop

TIMES = {
    "en": {1: "once", 2: "twice"},
    "it": {1: "una volta", 2: "due volte"},
    "pl": {1: "raz", 2: "dwa razy"},
}


def _quiz(language: str) -> list[Question]:
    lesson = load_catalog(language).find("recursive")
    assert lesson is not None
    quiz = next(page for page in lesson.pages if page.scored)
    return list(quiz.questions)


def _solutions(n: int) -> int:
    """The full boards the Turin notes' placeQueens writes on an n x n search to its end."""
    engine = make_engine("recursive", n, Mode.ALL, None)
    engine.run(Stop.END)
    return len(engine.snapshot().solutions)


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_numsolutions_runs_once_a_solution_of_the_4x4_search(language: str) -> None:
    asked = [q for q in _quiz(language) if "numSolutions++" in q.prompt and "4 x 4" in q.prompt]
    assert len(asked) == 1
    right = [c.text for c in asked[0].choices if c.correct]
    assert len(right) == 1
    times = TIMES[language][_solutions(4)]
    assert right[0].startswith(times), right
    # the wrong ones are wrong with a reason, not ruled out by their words alone
    assert all(c.why for c in asked[0].choices if not c.correct)


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_the_bool_question_asks_what_the_value_tells_not_where_a_line_is(language: str) -> None:
    asked = [q for q in _quiz(language) if "bool" in q.prompt and "void" in q.prompt]
    assert len(asked) == 1
    lengths = [len(c.text) for c in asked[0].choices]
    # the right choice is not told by its length
    assert max(lengths) < 1.5 * min(lengths), lengths
    assert all(c.why for c in asked[0].choices if not c.correct)
