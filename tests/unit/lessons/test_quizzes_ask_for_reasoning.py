"""The quizzes of lessons 1, 2 and 7 ask to apply the pages to a case they do not show: their
written answers held to the solver's, in en, it and pl."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from lessons.model import Question
from lessons.quiz.pose import pose
from solver.checker import attacks_among
from solver.events import Rule
from solver.methods.naive.search import solutions
from solver.symmetry import images, orbit
from tests.unit.lessons.quiz_runs import lesson_in, quiz_run, waiting

LANGUAGES = ["en", "it", "pl"]
RECALLED = {"exists", "solutions"}
"""The kinds lesson 2's quiz asked about the very sizes its pages ran."""


def _quiz(lang: str, lesson_id: str) -> list[Question]:
    lesson = lesson_in(lang, lesson_id)
    page = next(page for page in lesson.pages if page.scored)
    return list(page.questions)


def _right(question: Question) -> int:
    """The index of the right choice."""
    return next(i for i, choice in enumerate(question.choices) if choice.correct)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_1_asks_whether_two_queens_of_a_b_attack(lang: str) -> None:
    first = _quiz(lang, "problem")[0]
    assert first.kind == "choice" and "b[1] = 2" in first.prompt and "b[3] = 4" in first.prompt
    (pair,) = attacks_among([(1, 2), (3, 4)])  # b[1] = 2, b[3] = 4: (column, row)
    assert pair.rule == str(Rule.DIFF)  # on one diagonal
    assert _right(first) == 2  # "yes, along a diagonal"; the two "no" choices say why not
    assert all(choice.why for choice in first.choices if not choice.correct)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_1_asks_to_read_the_wroclaw_b_row_by_row(lang: str) -> None:
    last = _quiz(lang, "problem")[-1]
    assert last.kind == "number" and "[0, 2, 4, 1, 3]" in last.prompt
    b = (0, 2, 4, 1, 3)
    by_row = [b.index(row) for row in range(len(b))]  # the column of the queen in each row
    assert last.answer == str(by_row[3])
    wrong = dict(last.wrong)
    assert set(wrong) == {str(b[3]), "3"}  # b read as it is; the index itself
    assert str(by_row) in last.explain  # the whole list, read row by row
    verdict = pose(last, None).check(str(b[3]))
    assert not verdict.correct and wrong[str(b[3])] in verdict.message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_2_asks_no_fact_its_pages_ran_but_the_loop_on_5x5(lang: str) -> None:
    quiz = _quiz(lang, "small-boards")
    kinds = [question.kind for question in quiz]
    assert not RECALLED & set(kinds)
    assert kinds == ["choice", "choice", "choice", "next-choice", "next-choice", "attacker"]
    corner = quiz[0]
    four = list(solutions("permutations", 4))
    corners = {(0, 0), (0, 3), (3, 0), (3, 3)}
    assert len(four) == 2 and not any((c, b[c]) in corners for b in four for c in range(4))
    assert corner.choices[_right(corner)].text.startswith(("no", "nie"))
    assert all(choice.why for choice in quiz[0].choices + quiz[2].choices if not choice.correct)


def test_lesson_2_draws_moments_of_the_5x5_search_no_page_showed(tmp_path: Path) -> None:
    lesson = lesson_in("en", "small-boards")
    ticks: Counter[tuple[str, str]] = Counter()
    for seed in range(1, 13):
        run = quiz_run(lesson, seed, tmp_path / f"{seed}.json")
        for asked in waiting(run):
            if asked.question.kind in ("next-choice", "attacker"):
                assert asked.instance.startswith("tick="), asked.instance
                tick = int(asked.instance.removeprefix("tick="))
                assert tick > 16  # past the first solution, the last tick a page showed
                ticks[(asked.question.kind, str(tick))] += 1
            run.reveal()
    assert len({tick for kind, tick in ticks if kind == "next-choice"}) >= 4
    assert len({tick for kind, tick in ticks if kind == "attacker"}) >= 3


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_7_asks_how_many_symmetries_give_a_solution_back(lang: str) -> None:
    """On a board of another size than the quiz's count of unique solutions (5 x 5): the orbit
    its answer tells is no part of that count."""
    first = _quiz(lang, "symmetry")[0]
    assert first.kind == "number" and "[1, 3, 5, 0, 2, 4]" in first.prompt
    b = (1, 3, 5, 0, 2, 4)
    fixed = sum(1 for image in images(b).values() if image == b)
    assert first.answer == str(fixed) and fixed == 8 // len(orbit(b))
    for other in orbit(b) - {b}:
        assert ", ".join(str(row) for row in other) in first.explain
    # doing nothing alone, every rotation, every symmetry, and 3 (no count of symmetries)
    assert {number for number, _why in first.wrong} == {"1", "3", "4", "8"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_7_asks_the_unique_solutions_of_7x7_from_its_orbits(lang: str) -> None:
    second = _quiz(lang, "symmetry")[1]
    assert second.kind == "number"
    found = list(solutions("permutations", 7))
    sizes: Counter[int] = Counter()
    seen: set[tuple[int, ...]] = set()
    for b in found:
        if b not in seen:
            seen |= orbit(b)
            sizes[len(orbit(b))] += 1
    assert sorted(sizes.items()) == [(4, 2), (8, 4)]  # what the prompt says, in words
    assert str(len(found)) in second.prompt and "4" in second.prompt and "8" in second.prompt
    assert second.answer == str(sum(sizes.values()))
    wrong = {int(number) for number, _why in second.wrong}
    # 7: the two small orbits added to 40 / 8
    small = sizes[4]
    assert wrong == {
        len(found),
        len(found) // 8,
        sizes[8],
        len(found) // 4,
        len(found) // 8 + small,
    }
