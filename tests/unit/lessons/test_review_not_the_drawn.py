"""The review never asks again the instance a lesson's quiz drew for the student while the kind
has others."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.catalog import load_catalog
from lessons.progress.records import QuestionRecord
from lessons.progress.reviews import ReviewHistory, ReviewOutcome
from lessons.quiz.drawers.base import read_instance
from lessons.review.plan import plan_review
from lessons.review.session import compose
from tests.tiers import sweep
from tests.unit.lessons.review_progress import at, store_at

COUNTING = """@lesson my-counting
@title My counting
@summary How many solutions

@page Counting
Small boards have few solutions.
@question solutions n=4
@end

@quiz
@question solutions n=5 pool=5..7
@end
"""


SEEDS = [range(1, 11), range(11, 21), range(21, 31), range(31, 41)]
"""The reviews' seeds, ten a case: the everyday run draws with the first ten, the thorough tier
with all 40."""


@pytest.mark.parametrize(
    "seeds", sweep(SEEDS, everyday=SEEDS[:1]), ids=[f"seeds {r[0]}-{r[-1]}" for r in SEEDS]
)
def test_the_review_does_not_ask_the_count_the_quiz_drew(tmp_path: Path, seeds: range) -> None:
    course = tmp_path / "course"
    course.mkdir()
    (course / "11-count.md").write_text(COUNTING, encoding="utf-8")
    lessons = load_catalog("en", [course]).lessons
    store = store_at(tmp_path)
    record = store.lesson("my-counting")
    record.completed = True
    record.answers["0.0"] = QuestionRecord(right=True, attempts=2, at=at())  # the practice n=4
    record.answers["1.0"] = QuestionRecord(
        right=True, attempts=1, scored=True, points=1, at=at(), instance="n=7"
    )  # the quiz drew 7 x 7 for this student
    assert store.save("my-counting", record)
    asked = []
    for seed in seeds:
        for before in ("8", "6"):  # the day before the review asked 8 x 8 (or 6 x 6)
            past = ReviewOutcome(at(1), "solutions", "my-counting", "0.0", f"n={before}", True, 1)
            store.review = ReviewHistory((past,), seed)
            plan = plan_review(lessons, store, at(4))
            assert [standing.kind for standing in plan.due] == ["solutions"]
            session = compose(plan, lessons, store.review, seed)
            assert session is not None
            instance = read_instance(session.items[0].instance.text)
            asked.append(instance)
            assert instance != {"n": "7"}, f"seed {seed}: the quiz's own 7 x 7 asked again"
    # every size of the kind is one a lesson asks (4, 6 and 8 the built-in lessons, 5 the
    # quiz) or the student was drawn (7): the review asks 5, the quiz's own size, which it
    # drew another for her, before a question of a lesson she did not do or one she met
    # As lesson 6 asks no plain count, the kind's other variant, the
    # count of orbits, draws 5 x 5 and 7 x 7 too, and the review takes its turn with it: a
    # count the student never gave (the quiz drew the plain 7 x 7).
    plain = {each["n"] for each in asked if each.get("unique", "no") == "no"}
    assert plain <= {"5"}, asked
    assert all(each == {"n": "5"} or each.get("unique") == "yes" for each in asked), asked
