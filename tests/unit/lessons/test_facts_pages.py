"""The fact checks of the lessons: the symmetry page's example is a solution the program finds
that no quarter turn keeps; brute force's "candidates" are asked with one meaning each, and
the count until the first solution is what ``queens-tutor compare`` prints; the exercises of
the Italian Python course are told as the course tells them."""

from __future__ import annotations

import json

import pytest

from lessons.catalog import load_catalog
from lessons.model import Lesson, Question
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from solver.methods.iterative.engine import IterativeEngine, Mode, Stop
from solver.registry import backtrackers, naive_searches
from tests.cli.inproc import call

LESSONS = {lesson.id: lesson for lesson in load_catalog("en").lessons}


def quarter_turn(b: tuple[int, ...]) -> tuple[int, ...]:
    """The queen at (column c, row r) goes to (column n-1-r, row c): written out again here,
    independent of solver.symmetry."""
    n = len(b)
    turned = [-1] * n
    for c, r in enumerate(b):
        turned[n - 1 - r] = c
    return tuple(turned)


def attacks(b: tuple[int, ...]) -> bool:
    pairs = ((i, j) for i in range(len(b)) for j in range(i + 1, len(b)))
    return any(b[i] == b[j] or abs(b[i] - b[j]) == j - i for i, j in pairs)


def page_index(lesson: Lesson, title: str) -> int:
    return next(i for i, page in enumerate(lesson.pages) if page.title == title)


def test_the_symmetry_page_turns_a_solution_the_program_found() -> None:
    lesson = LESSONS["symmetry"]
    page = page_index(lesson, "Is every solution symmetric?")
    text = " ".join(b.markdown for b in lesson.pages[page].blocks if hasattr(b, "markdown"))
    assert "every solution is 'symmetric'" in text and "**wrong**" in text
    run = LessonRun(lesson, page=page)
    assert run.asked is not None and run.asked.posed.kind == "rotations"
    assert run.engine is not None
    found = run.engine.solutions[-1]  # the solution the loop found on this page's board
    engine = IterativeEngine(8, Mode.FIRST)
    engine.run(Stop.SOLUTION)
    assert found == engine.solutions[0]  # the loop's own first solution, not a table
    assert not attacks(found)
    turns = [found]
    for _ in range(3):
        turns.append(quarter_turn(turns[-1]))
    assert all(not attacks(t) for t in turns)  # a turn of a solution is a solution
    assert quarter_turn(found) != found  # ... but not the same one
    posed = run.asked.posed
    assert posed.expected == str(len(set(turns)))
    for turned in turns:
        assert "[" + ", ".join(map(str, turned)) + "]" in posed.explanation
    assert "not symmetric by rotations" in posed.explanation


def test_rotations_of_a_solution_the_half_turn_keeps() -> None:
    b = (2, 4, 1, 7, 0, 6, 3, 5)
    posed = pose(Question(1, "rotations", {"b": "[2,4,1,7,0,6,3,5]"}), None)
    half = quarter_turn(quarter_turn(b))
    assert half == b and quarter_turn(b) != b
    assert posed.expected == "2"


def test_examined_agrees_with_queens_tutor_compare(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = call(capsys, "compare", "6", "--format", "json")
    assert status == 0
    printed = {row["method"]: row["examined"] for row in json.loads(out)["methods"]}
    asked = {*backtrackers(), *naive_searches()}  # the methods an examined question names
    assert asked <= set(printed)
    for method in (name for name in printed if name in asked):
        posed = pose(Question(1, "examined", {"method": method, "n": "6"}), None)
        assert posed.choices[int(posed.expected)] == f"{printed[method]:,}", method
        assert "until its first solution" in posed.prompt


def test_brute_force_questions_say_which_number_they_mean() -> None:
    space = pose(Question(1, "search-space", {"method": "bruteforce", "n": "8"}), None)
    assert space.expected == "4426165368"
    assert "search space" in space.prompt and "not only those" in space.prompt
    first = pose(Question(1, "examined", {"method": "bruteforce", "n": "8"}), None)
    assert "4,426,165,368" in first.choices  # the search space is offered, and is wrong
    assert not first.check("4,426,165,368").correct
    assert first.check(first.choices[int(first.expected)]).correct
    assert "until its first solution" in first.prompt


def test_exercise_3_is_told_as_the_course_tells_it() -> None:
    texts = {
        lesson_id: " ".join(
            block.markdown.replace("\n", " ")
            for page in LESSONS[lesson_id].pages
            for block in page.blocks
            if hasattr(block, "markdown")
        )
        for lesson_id in ("naive-search", "symmetry", "cost")
    }
    assert "same solution twice" in texts["naive-search"]
    assert "exercise 3" in texts["naive-search"] and "15 solutions" in texts["naive-search"]
    assert "*not repeated*" in texts["symmetry"]
    assert "exercise 6" not in texts["cost"] and "exercise 3, in its point 6" in texts["cost"]
