"""The review speaks the student's language, and a wrong answer the kind names no mistake for is
told how the answer is worked out."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons import i18n
from lessons.model import Text
from lessons.review.plan import plan_review
from lessons.review.run import ReviewRun
from lessons.review.session import compose
from lessons.runner import LessonRun
from tests.unit.lessons.review_progress import Clock, at, lesson, lessons, miss, store_at
from tests.unit.lessons.test_review_draw import missed_store


@pytest.mark.parametrize("language", ["it", "pl"])
def test_a_review_speaks_the_students_language(tmp_path: Path, language: str) -> None:
    store = missed_store(tmp_path, {"diagonals": ["0.0"], "small-boards": ["2.0"]})
    i18n.set_language(language)
    plan = plan_review(lessons(language), store, at(1))
    review = compose(plan, lessons(language), store.review, seed=5)
    assert review is not None
    words = i18n.translation(language)
    assert review.lesson.title == words.gettext("Review") != "Review"
    run = ReviewRun(review, None)
    assert run.asked is not None
    english = i18n.translation("en")
    for index in range(len(review.items)):
        run.goto(index)
        assert run.asked is not None
        prompt = run.asked.posed.prompt
        i18n.set_language("en")
        run_en = ReviewRun(review, None)
        run_en.goto(index)
        assert run_en.asked is not None and run_en.asked.posed.prompt != prompt
        i18n.set_language(language)
    intro = review.lesson.pages[0].blocks[0]
    assert isinstance(intro, Text) and english.gettext("Here is a new one.") not in intro.markdown


def _unnamed_wrong(expected: str, named: set[str], tolerance: int) -> str:
    """A wrong number no mistake of the kind names, away from the tolerance."""
    value = int(expected) + tolerance + 7
    while str(value) in named:
        value += 1
    return str(value)


def test_a_wrong_answer_in_a_review_is_told_the_working(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    miss(store, "naive-search", ["3.0"], when=at(0))  # random tries
    review = compose(plan_review(lessons(), store, at(1)), lessons(), store.review, 3)
    assert review is not None and review.items[0].kind == "random-tries"
    run = ReviewRun(review, store, Clock(1))
    run.goto(0)
    asked = run.asked
    assert asked is not None and asked.posed.hint
    posed = asked.posed
    wrong = _unnamed_wrong(posed.expected, set(posed.wrong), posed.tolerance)
    verdict = run.answer(wrong)
    assert not verdict.correct
    said = verdict.message
    assert not said.startswith(f"{wrong} is not right. Try again"), said  # not a bare verdict
    assert f"{wrong} is not right. {posed.hint}" in said, said
    assert "ask for a hint" not in said  # the hint's words were said
    # the answer is still to be found: nothing of it is given away
    assert posed.expected not in said.replace(wrong, "")


def test_a_lessons_wrong_answer_is_said_as_before() -> None:
    run = LessonRun(lesson("naive-search"), None)
    run.goto(3)
    asked = run.asked
    assert asked is not None and asked.question.kind == "random-tries"
    posed = asked.posed
    wrong = _unnamed_wrong(posed.expected, set(posed.wrong), posed.tolerance)
    said = run.answer(wrong)
    text = said.message
    assert f"{wrong} is not right. Try again, or ask for a hint." in text, text
