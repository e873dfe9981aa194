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
from lessons.review.figures import figures_in, printed_figures, right_figure
from lessons.review.plan import plan_review
from lessons.review.session import compose
from tests.tiers import sweep
from tests.unit.lessons.review_progress import at, lessons, miss, store_at
from tests.unit.lessons.test_review_walk_8 import _record

QUIZ_RANDOM_TRIES = "6.3"
"""Lesson 3's quiz question ``random-tries n=6 pool=6,7``."""


@pytest.mark.parametrize("seed", sweep(range(1, 9), everyday=[1]))
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
    said = "the rotations by 0, 90, 180 and 270\ndegrees: 40,320 / 92"
    assert figures_in(said) == {"40320", "92"}  # a two-digit count is a figure too
    assert not figures_in("di 90, 180 e 270 gradi") and not figures_in("o 90, 180 i 270 stopni")
    assert {"180", "438", "12"} <= printed_figures(lessons())  # the quiz's own n = 6 read
    unmet = frozenset({("naive-search", QUIZ_RANDOM_TRIES)})
    for language in ("en", "it", "pl"):
        printed = printed_figures(lessons(language), unmet)
        assert "180" not in printed and {"438", "12"} <= printed, language


def _array_index_reviews(tmp_path: Path, seed: int, days: int) -> list[dict[str, str]]:
    """``days`` reviews in a row of "array index" (each missed), lesson 4's quiz C++ a[] and
    b[] questions missed first."""
    store = store_at(tmp_path)
    miss(store, "diagonals", ["6.3", "6.4"], when=at(0))
    asked: list[dict[str, str]] = []
    for day in range(1, days + 1):
        review = compose(plan_review(lessons(), store, at(day)), lessons(), store.review, seed)
        assert review is not None
        (item,) = [item for item in review.items if item.kind == "array-index"]
        asked.append(dict(item.instance.asks))
        _record(store, item, day, review.seed)
    return asked


@pytest.mark.parametrize("seed", range(1, 7))
def test_array_index_varies_its_answers_variants_and_tells_mistakes_apart(
    tmp_path: Path, seed: int
) -> None:
    """Items 3 as walked: six reviews, all n = 8 C++, answered b[9] three times and a[7]
    twice (a new i and j, the same diagonal), one with j = 0 (i+j = i-j: the student's
    mistake, the sum for the difference, not told apart), never Pascal. Six reviews in a row
    now ask six answers no lesson question asked, each with its mistakes apart, and turn
    through the variants lesson 4 teaches."""
    from lessons.quiz.drawers.pooled import index_answer, tells_mistakes_apart

    asked = _array_index_reviews(tmp_path, seed, 6)
    answers = [index_answer(asks) for asks in asked]
    assert len(set(answers)) == len(answers), answers
    assert all(tells_mistakes_apart(asks) for asks in asked), asked
    assert all(asks["col"] != "0" for asks in asked if asks.get("base") != "pascal"), asked
    variants = {(asks["array"], asks.get("base", "c")) for asks in asked}
    assert ("a", "pascal") in variants or ("b", "pascal") in variants, variants
    assert len(variants) >= 3, variants
    lesson_own = {7, 4, -3, 0, 10}  # the answers lesson 4's own questions ask
    assert not set(answers) & lesson_own, answers


def test_array_index_feedback_names_the_rule_not_the_sum() -> None:
    """Item 4: "a[] records the col+row diagonal: its index is i+j = 3+4" for the a[] cell of
    row 3, column 4, and "shifted by n-1 = 7" after "i-j = 6-0": the answer but for an
    addition."""
    from lessons.answers.checking import Posed
    from lessons.model import Question
    from lessons.quiz.pose import pose

    def cell(array: str, row: int, col: int) -> Posed:
        params = {"array": array, "row": str(row), "col": str(col), "n": "8"}
        return pose(Question(1, "array-index", params), None)

    a_cell = cell("a", 3, 4)
    for wrong in ("6", "-1"):  # b[]'s index, the difference
        said = a_cell.check(wrong).message
        assert "its index is" in said and "3+4" not in said, said
    b_cell = cell("b", 6, 1)
    said = b_cell.check("5").message  # i-j, the shift left out
    assert "shifted by n-1," in said and "n-1 = 7" not in said, said
