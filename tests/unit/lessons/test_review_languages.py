"""The review speaks the student's language: its title, its pages' words and
its questions' prompts in Italian and Polish, as the catalogs translate them."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons import i18n
from lessons.model import Text
from lessons.review.plan import plan_review
from lessons.review.run import ReviewRun
from lessons.review.session import compose
from tests.unit.lessons.review_progress import at, lessons
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
