"""Reading b[] (``queen-row``): no quiz or review draws an instance where two typical slips give
one number; every slip gets the same named feedback in en, it and pl."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons import i18n
from lessons.model import Question
from lessons.quiz.draw import draw
from lessons.quiz.drawers.base import b_values
from lessons.quiz.kinds import KINDS
from lessons.quiz.params import Params
from lessons.quiz.reading import pose_queen_row
from lessons.review.session import Loaded
from tests.tiers import examples
from tests.unit.lessons.review_progress import lesson, lessons


def slip_numbers(b: tuple[int, ...], col: int) -> list[int]:
    """The numbers the typical slips give, worked out here: b[] read the other way round, the
    column itself, the row counted from 1, the column counted from 1 (b[col-1])."""
    right = b[col]
    found = [b.index(col), col, right + 1] + ([b[col - 1]] if col > 0 else [])
    return [number for number in found if number != right]


def apart(params: dict[str, str]) -> bool:
    numbers = slip_numbers(b_values(params["b"]), int(params["col"]))
    return len(set(numbers)) == len(numbers)


def quiz_questions() -> list[tuple[str, Question]]:
    """Lesson 1's scored queen-row questions, with their keys."""
    found = []
    for index, page in enumerate(lesson("problem").pages):
        for number, question in enumerate(page.questions):
            if question.kind == "queen-row" and page.scored:
                found.append((f"{index}.{number}", question))
    assert found
    return found


def test_a_lessons_own_queen_row_instance_is_never_drawn() -> None:
    """B = [1, 6, 2, 5, 7, 4, 0, 3], column 1: 1 is the column itself and b[0]."""
    (_key, question), *_rest = quiz_questions()
    pool = KINDS["queen-row"].drawer.pool(question)
    assert {"b": "[1,6,2,5,7,4,0,3]", "col": "1"} not in pool
    assert {"b": "[1,6,2,5,7,4,0,3]", "col": "2"} in pool  # 2, 4, 3, 6: apart
    assert all(apart(each) for each in pool if each != dict(question.params))


@pytest.mark.timeout(120)
@settings(max_examples=examples(400), deadline=None)
@given(seed=st.integers(min_value=1, max_value=2**31 - 1), attempt=st.integers(0, 3))
def test_a_quiz_draws_slips_apart(seed: int, attempt: int) -> None:
    problem = lesson("problem")
    for key, question in quiz_questions():
        drawn = draw(question, seed, key if attempt == 0 else f"{key}@{attempt}", problem)
        assert apart(dict(drawn.params)), (seed, key, drawn.params)


@pytest.mark.timeout(120)
@settings(max_examples=examples(100), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_a_review_draws_slips_apart(seed: int) -> None:
    known = Loaded(lessons())
    drawer = KINDS["queen-row"].drawer
    for each, key in known.of_kind("queen-row"):
        template = known.template(each, key, drawer)
        assert template is not None
        instances = drawer.instances(template, known, random.Random(seed))
        for _count, instance in zip(range(20), instances, strict=False):
            assert apart(dict(instance.asks)), instance.asks


@pytest.mark.parametrize(
    ("b", "col"),
    [("[5,2,4,7,0,3,1,6]", "4"), ("[1,6,2,5,7,4,0,3]", "2"), ("[0,4,7,5,2,6,1,3]", "5")],
)
def test_every_slip_is_named_alike_in_every_language(b: str, col: str) -> None:
    """Each slip's number (b read the other way round, the column, rows from 1, b[col-1]) is
    named alike in en, it and pl."""
    named: dict[str, set[str]] = {}
    try:
        for lang in ("en", "it", "pl"):
            i18n.set_language(lang)
            posed = pose_queen_row(
                Question(0, "queen-row", {"b": b, "col": col}),
                Params({"b": b, "col": col}, "@question queen-row"),
                None,
            )
            named[lang] = set(posed.wrong)
            for given, why in posed.wrong.items():
                assert why in " ".join(posed.check(given).message.split()), (lang, given)
    finally:
        i18n.set_language("en")
    numbers = {str(n) for n in slip_numbers(b_values(b), int(col))}
    assert named["en"] == named["it"] == named["pl"] == numbers
