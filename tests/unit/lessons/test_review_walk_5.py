"""Review walk 5's items about what a review draws (issue 43): a guess stretch shares no tick
with any earlier review's stretch of the kind on the same board (F5: ticks 62-89 after 59-89
and 76-103), and "reading b[]" never asks about an array a lesson reads out, whatever the
column (F12: lesson 1's b = [0, 2, 4, 1, 3] came back with only the column changed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.progress.reviews import ReviewOutcome
from lessons.quiz.drawers.base import read_instance
from lessons.review.plan import plan_review
from lessons.review.session import compose
from tests.tiers import sweep
from tests.unit.lessons.review_progress import at, lessons, miss, store_at

SEEDS = range(1, 7)


@pytest.mark.parametrize("seed", sweep(SEEDS, everyday=[1]))
def test_a_guess_stretch_shares_no_tick_with_an_earlier_reviews(tmp_path: Path, seed: int) -> None:
    store = store_at(tmp_path)
    miss(store, "iterative", ["10.6", "10.7", "10.8"], when=at(0))
    played: list[tuple[tuple[str, str, str], int, int]] = []
    for day in range(1, 7):  # missed each time: due again the next day
        plan = plan_review(lessons(), store, at(day))
        review = compose(plan, lessons(), store.review, seed=seed)
        assert review is not None
        (item,) = [item for item in review.items if item.kind == "guess"]
        asks = read_instance(item.instance.text)
        board = (asks["board"], asks["size"], asks["mode"])
        start, end = int(asks["tick"]), int(asks["tick"]) + int(asks["ticks"])
        overlaps = [
            before == board and start < their_end and their_start < end
            for before, their_start, their_end in played
        ]
        # none of the earlier reviews' while the board has room (three reviews), and never
        # the last review's
        assert not any(overlaps[:3]), (day, board, (start, end), played)
        assert not overlaps or not overlaps[-1], (day, board, (start, end), played)
        played.append((board, start, end))
        template = item.template
        outcome = ReviewOutcome(
            at(day), "guess", template.lesson.id, template.key, item.instance.text, False, 1
        )
        assert store.add_review(outcome, review.seed)


def test_reading_b_never_asks_about_an_array_a_lesson_reads_out(tmp_path: Path) -> None:
    for seed in range(1, 40):  # seeds 15, 17, 26 and 38 drew lesson 1's own array
        store = store_at(tmp_path / str(seed))
        miss(store, "problem", ["2.0"], when=at(0))  # b = [0, 2, 4, 1, 3], column 3
        plan = plan_review(lessons(), store, at(1))
        review = compose(plan, lessons(), store.review, seed=seed)
        assert review is not None
        (item,) = [item for item in review.items if item.kind == "queen-row"]
        b = read_instance(item.instance.text)["b"].replace(" ", "")
        assert b not in ("[0,2,4,1,3]", "[0,4,7,5,2,6,1,3]"), (seed, item.instance.text)


@pytest.mark.parametrize(("key", "kind"), [("3.0", "random-tries"), ("0.0", "search-space")])
def test_a_repeated_question_is_the_one_asked_longest_ago(
    tmp_path: Path, key: str, kind: str
) -> None:
    """F6: once every instance of the kind was asked, the review asks again the one asked
    longest ago, never a more recent one (n = 10 came back at +1 and +15 while the n = 7 of a
    review between them did not)."""
    store = store_at(tmp_path)
    miss(store, "naive-search", [key], when=at(0))
    asked: list[str] = []
    for day in range(1, 12):  # missed each time: due again the next day
        plan = plan_review(lessons(), store, at(day))
        review = compose(plan, lessons(), store.review, seed=3)
        assert review is not None
        (item,) = [item for item in review.items if item.kind == kind]
        text = item.instance.text
        if text in asked:
            last = {each: max(i for i, was in enumerate(asked) if was == each) for each in asked}
            assert last[text] == min(last.values()), (day, text, asked)
        asked.append(text)
        template = item.template
        outcome = ReviewOutcome(at(day), kind, template.lesson.id, template.key, text, False, 1)
        assert store.add_review(outcome, review.seed)
    assert len(set(asked)) > 1
