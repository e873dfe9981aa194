"""Each core mistake the review saw answered with the generic "is not the
answer" now gets a whole translated sentence that names it, in English, Italian and Polish.

The wrong numbers are worked out here from the mistake itself (n^n, n!, C(n^2, n), the families
counted once, the solutions divided by 8, the squares of the path, the two squares' sums and
differences), never read from the question; the lessons' own pages are played by the runner,
where a page's board of another size once hid the mistake (lesson 3 page 6, lesson 9 page 7).
"""

from __future__ import annotations

import math
import os
import tempfile
from collections.abc import Iterator
from fractions import Fraction

import pytest

from lessons import i18n
from lessons.answers.feedback import say
from lessons.catalog import load_catalog
from lessons.model import Question
from lessons.quiz import solver_facts as facts
from lessons.quiz.facts import METHOD_WORDS
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from solver.events import Try
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.methods.maze.maze import solve_maze
from solver.registry import naive_searches
from solver.session.board import BoardSession
from tests.tiers import sweep

LANGUAGES = ("en", "it", "pl")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def q(kind: str, **params: str) -> Question:
    return Question(line=1, kind=kind, params=params)


def typed(language: str, value: int | Fraction) -> str:
    """A number as a student of ``language`` types it: grouped or with the decimal comma."""
    if isinstance(value, Fraction) and value.denominator != 1:
        text = str(float(value))
        return text.replace(".", ",") if language != "en" else text
    return i18n.number(int(value))


def page_question(lesson_id: str, page: int, number: int) -> LessonRun:
    """Lesson ``lesson_id`` played by the runner up to question ``number`` of page ``page``
    (both from 1), every question before it shown."""
    os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp())
    lesson = load_catalog(i18n.current()).find(lesson_id)
    assert lesson is not None
    run = LessonRun(lesson, None)
    key = f"{page - 1}.{number - 1}"
    for _ in range(400):
        if run.asked is not None and run.asked.key == key:
            return run
        if run.asked is not None:
            run.reveal()
        elif run.answered:
            run.go_on()
        elif run.page_done:
            run.next_page()
        else:
            run.go_on()
    raise AssertionError(f"no question {key} in lesson {lesson_id}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_3_page_6_the_search_space_for_the_placements_examined(language: str) -> None:
    i18n.set_language(language)
    run = page_question("3", 6, 1)
    posed = run.asked.posed if run.asked else None
    assert posed is not None and posed.kind == "examined"
    space = math.comb(100, 10)  # brute force on 10 x 10: C(100, 10)
    verdict = run.answer(typed(language, space))
    assert verdict.counted and not verdict.correct
    assert say("mistake.space_for_examined", method="bruteforce", formula="C(n^2, n)") in (
        verdict.message
    )


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
def test_lesson_9_page_7_the_loops_ticks_for_the_squares_tested(language: str) -> None:
    i18n.set_language(language)
    run = page_question("9", 7, 1)
    posed = run.asked.posed if run.asked else None
    assert posed is not None and posed.kind == "examined"
    engine = IterativeEngine(int(posed.values["n"]), Mode.FIRST)
    ticks = engine.run().ticks  # 1,068: the loop's ticks to its first solution on 10 x 10
    verdict = run.answer(typed(language, ticks))
    assert verdict.counted and not verdict.correct
    assert say("mistake.ticks_for_tests") in verdict.message


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("method", "n", "other", "value"),
    [
        ("bruteforce", 5, "columns", 5**5),  # lesson 3 page 1: 3125 = n^n
        ("columns", 6, "permutations", math.factorial(6)),  # lesson 3's quiz: 720 = 6!
        ("columns", 8, "bruteforce", math.comb(64, 8)),
        ("permutations", 5, "columns", 5**5),
    ],
)
def test_another_methods_search_space(
    language: str, method: str, n: int, other: str, value: int
) -> None:
    i18n.set_language(language)
    posed = pose(q("search-space", method=method, n=str(n)), None)
    verdict = posed.check(typed(language, value))
    assert verdict.counted and not verdict.correct
    assert say(f"mistake.space_{other}_for_{method}", n=n, squares=n * n) in verdict.message


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("method", naive_searches())
def test_n_itself_for_a_search_space(language: str, method: str) -> None:
    """ "Four" (4, the board's side) for 4 x 4's search space was only
    "not right", while 4! and 16 had their reasons."""
    i18n.set_language(language)
    posed = pose(q("search-space", method=method, n="4"), None)
    verdict = posed.check("4")
    assert verdict.counted and not verdict.correct
    assert say("mistake.space_n", n=4, formula=METHOD_WORDS[method][1]) in verdict.message


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("n", [5, 8])
def test_the_families_for_all_the_solutions(language: str, n: int) -> None:
    """Lesson 6's quiz: 12 (the 8 x 8 families) for 92 solutions, and the other way round."""
    i18n.set_language(language)
    total, families = facts.count_solutions(n), facts.count_solutions(n, unique=True)
    every = pose(q("solutions", n=str(n)), None).check(str(families))
    assert not every.correct and say("mistake.unique_for_all") in every.message
    once = pose(q("solutions", n=str(n), unique="yes"), None).check(str(total))
    assert not once.correct and say("mistake.all_for_unique") in once.message


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_solutions_divided_by_the_8_symmetries(language: str) -> None:
    """Lesson 7's quiz: 11.5 = 92/8 for the 12 families of the 8 x 8 board."""
    i18n.set_language(language)
    total = facts.count_solutions(8)
    posed = pose(q("solutions", n="8", unique="yes"), None)
    verdict = posed.check(typed(language, Fraction(total, 8)))
    assert verdict.counted and not verdict.correct
    assert say("mistake.divided_by_symmetries", total=total) in verdict.message


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_squares_of_the_maze_path_for_its_moves(language: str) -> None:
    """Lesson 8 page 6: 9, the squares of the path the recipe finds, for its 8 moves."""
    i18n.set_language(language)
    run = page_question("8", 6, 1)
    asked = run.asked
    assert asked is not None and asked.question.kind == "maze"
    path = solve_maze(asked.question.maze)
    assert path is not None
    verdict = run.answer(str(len(path)))  # the squares, the start included
    assert verdict.counted and not verdict.correct
    assert say("mistake.squares_for_moves") in verdict.message


def lines(first: tuple[int, int], second: tuple[int, int]) -> dict[str, int]:
    (c1, r1), (c2, r2) = first, second
    return {"sum1": c1 + r1, "sum2": c2 + r2, "diff1": r1 - c1, "diff2": r2 - c2}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("square", "other", "picked", "message"),
    [
        ((1, 2), (3, 0), "2", "mistake.diff_not_equal_none"),  # same sum: the difference picked
        ((1, 2), (3, 0), "3", "mistake.missed_diagonal"),
        ((0, 1), (2, 3), "1", "mistake.sum_not_equal_none"),  # same difference: the sum picked
        ((0, 1), (2, 3), "3", "mistake.missed_diagonal"),
        ((1, 5), (2, 2), "1", "mistake.sum_not_equal_none"),  # neither
        ((1, 5), (2, 2), "2", "mistake.diff_not_equal_none"),
    ],
)
def test_lesson_4_same_diagonal_choices(
    language: str, square: tuple[int, int], other: tuple[int, int], picked: str, message: str
) -> None:
    i18n.set_language(language)
    question = q("same-diagonal", square="{},{}".format(*square), other="{},{}".format(*other))
    verdict = pose(question, None).check(picked)
    assert verdict.counted and not verdict.correct
    numbers = lines(square, other)
    said = say(
        message,
        **numbers,
        sum=numbers["sum1"],
        diff=numbers["diff1"],
    )
    assert said in verdict.message


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("square", "other", "picked", "kept"),
    [
        ((1, 4), (3, 6), "1", "3"),  # same difference 3: the sum picked
        ((1, 6), (3, 4), "2", "7"),  # same sum 7: the difference picked
    ],
)
def test_a_wrong_diagonal_leads_to_the_answer_without_saying_it(
    language: str, square: tuple[int, int], other: tuple[int, int], picked: str, kept: str
) -> None:
    """(docs/lesson-format.md: a reason leads to the answer and never says
    it): the sum picked where the difference is the same says the sums differ, and neither
    names the number that is the same nor says which rule it is."""
    i18n.set_language(language)
    question = q("same-diagonal", square="{},{}".format(*square), other="{},{}".format(*other))
    verdict = pose(question, None).check(picked)
    assert not verdict.correct
    assert kept not in verdict.message, verdict.message
    assert "that is the same" not in verdict.message


def attacked_tries(n: int) -> Iterator[tuple[IterativeEngine, Try]]:
    """The loop's engine at every tick whose square is attacked (each attacker in turn)."""
    engine = IterativeEngine(n, Mode.FIRST)
    while (event := engine.step()) is not None:
        if isinstance(event, Try) and event.attackers:
            yield engine, event


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_4_attack_rule_choices(language: str) -> None:
    """Every wrong rule, at every attacked try of the 5 x 5 search to its first solution: the
    row taken for a diagonal, a diagonal for the row, the sum for the difference and back."""
    i18n.set_language(language)
    seen = set()
    for engine, event in attacked_tries(5):
        for attacker in event.attackers:
            posed = pose(q("attack-rule", col=str(attacker.col)), BoardSession(engine=engine))
            square, queen = (event.col, event.row), (attacker.col, attacker.row)
            numbers = lines(square, queen)  # as the prompt names them, the square first
            right = {"row": "1", "sum": "2", "diff": "3"}[attacker.rule.value]
            for picked in {"1", "2", "3"} - {right}:
                verdict = posed.check(picked)
                assert verdict.counted and not verdict.correct
                message = {
                    ("1", "2"): "mistake.sum_not_equal_row",
                    ("1", "3"): "mistake.diff_not_equal_row",
                    ("2", "1"): "mistake.rows_differ",
                    ("3", "1"): "mistake.rows_differ",
                    ("3", "2"): "mistake.sum_not_equal_row",  # one nudge whatever the answer
                    ("2", "3"): "mistake.diff_not_equal_row",
                }[(right, picked)]
                said = say(
                    message,
                    **numbers,
                    row=event.row,
                    row1=event.row,
                    row2=attacker.row,
                    sum=numbers["sum1"],
                    diff=numbers["diff1"],
                )
                assert said in verdict.message
                seen.add((right, picked))
    assert len(seen) == 6  # every kind of wrong rule was met


def test_the_attack_rules_reasons_give_the_numbers_in_the_prompts_order() -> None:
    """ "The queen at (column 2, row 1) attacks the square (column 3,
    row 2). By which rule?", sum picked: "Not the sum: col+row is 5 and 3", the square's
    first. The prompt now names the square first, and the reasons give
    their numbers in the prompt's order, in the review as in the lesson."""
    i18n.set_language("en")
    for engine, event in attacked_tries(5):
        for attacker in event.attackers:
            if attacker.rule.value != "diff":
                continue
            posed = pose(q("attack-rule", col=str(attacker.col)), BoardSession(engine=engine))
            queen, square = attacker.col + attacker.row, event.col + event.row
            assert posed.prompt.index(f"column {event.col}") < posed.prompt.index(
                f"column {attacker.col}"
            )
            said = posed.check("2").message  # the sum, where the difference is the rule
            assert f"col+row is {square} and {queen}," in said, said
            return
    raise AssertionError("no attack along a difference")


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "columns 0 and 1 only"), ("it", "0 e 1"), ("pl", "0 i 1")],
)
def test_two_columns_placed_are_named_0_and_1(language: str, words: str) -> None:
    """ "Finora il ciclo ha piazzato regine solo nelle colonne da 0
    a 1" (columns from 0 to 1) for a square in column 2 and an empty column picked."""
    i18n.set_language(language)
    for engine, event in attacked_tries(5):
        if event.col != 2:
            continue
        posed = pose(q("attacker"), BoardSession(engine=engine))
        said = posed.check("4").message  # an empty column
        assert words in said and "0 a 1" not in said and "0 to 1" not in said, said
        return
    raise AssertionError("no attacked square in column 2")
