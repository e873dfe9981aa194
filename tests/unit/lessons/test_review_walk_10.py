"""Student walk 10's items about what a review draws and when it is due (issue 43).

- 2: random tries asked n = 4 (24/2 = 12, the answer of lesson 3's own n = 5) and n = 8
  (40,320/92, about 438, printed on lesson 3's page) while n = 6 (180) was never asked: the
  student's quiz had drawn n = 7 for her, the quiz's own n = 6 counted as practised, and
  lesson 7's "rotations by 0, 90, 180 and 270 degrees" as a printed 180.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.progress.records import QuestionRecord
from lessons.review.reviewers import figures_in, printed_figures, right_figure
from lessons.review.session import compose, plan_review
from tests.unit.lessons.review_progress import at, lessons, miss, store_at
from tests.unit.lessons.test_review_walk_8 import _record

QUIZ_RANDOM_TRIES = "6.3"
"""Lesson 3's quiz question ``random-tries n=6 pool=6,7``."""


@pytest.mark.parametrize("seed", range(1, 9))
def test_random_tries_asks_unprinted_figures_before_printed_ones(tmp_path: Path, seed: int) -> None:
    """Item 2 as walked: the quiz drew n = 7 for her and she missed it. The sizes whose
    figure no page prints and no question she read asks, 9 (1,031) and the quiz's own 6 (180,
    never read by her), come first; 4 (12) and 8 (438) after them."""
    store = store_at(tmp_path)
    miss(store, "naive-search", [], when=at(0))
    record = store.lesson("naive-search")
    record.answers[QUIZ_RANDOM_TRIES] = QuestionRecord(
        right=False, attempts=1, revealed=True, scored=True, at=at(0), instance="n=7"
    )
    assert store.save("naive-search", record)
    asked: list[tuple[int, str | None]] = []
    for day in range(1, 5):
        review = compose(plan_review(lessons(), store, at(day)), lessons(), store.review, seed)
        assert review is not None
        (item,) = [item for item in review.items if item.kind == "random-tries"]
        asked.append((int(dict(item.instance.asks)["n"]), right_figure(item.instance)))
        _record(store, item, day, review.seed)
    assert sorted(asked[:2]) == [(6, "180"), (9, "1031")], asked
    assert sorted(asked[2:]) == [(4, "12"), (8, "438")], asked  # then the printed ones, new


def test_an_angle_is_no_printed_figure_and_a_quiz_instance_never_read_is_not_either() -> None:
    assert figures_in("the rotations by 0, 90, 180 and 270\ndegrees: 40,320 / 92") == {"40320"}
    assert not figures_in("di 90, 180 e 270 gradi") and not figures_in("o 90, 180 i 270 stopni")
    assert {"180", "438", "12"} <= printed_figures(lessons())  # the quiz's own n = 6 read
    unmet = frozenset({("naive-search", QUIZ_RANDOM_TRIES)})
    for language in ("en", "it", "pl"):
        printed = printed_figures(lessons(language), unmet)
        assert "180" not in printed and {"438", "12"} <= printed, language
