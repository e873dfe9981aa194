"""A review answered across midnight is one review: each of its
outcomes keeps when the review began, and a review is the outcomes of the day it began."""

from __future__ import annotations

from pathlib import Path

from lessons.progress.reviews import ReviewHistory, ReviewOutcome
from lessons.review.plan import plan_review
from lessons.review.run import ReviewRun
from lessons.review.session import compose
from lessons.review.words import last_review
from tests.unit.lessons.review_progress import Clock, at, lessons, miss, store_at


def test_a_review_across_midnight_is_one_review(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    miss(store, "naive-search", ["0.0", "3.0"], when=at(0))  # search space, random tries
    clock = Clock()
    clock.set(1, 11.5)  # 23:30, the day after
    review = compose(plan_review(lessons(), store, clock()), lessons(), store.review, 3)
    assert review is not None and len(review.items) == 2
    run = ReviewRun(review, store, clock)
    for index, moment in enumerate((11.9, 12.2)):  # 23:54, then 00:12 the next day
        clock.set(1, moment)
        run.goto(index)
        asked = run.asked
        assert asked is not None
        assert run.answer(asked.posed.expected).correct
    kept = store_at(tmp_path).review.outcomes
    assert len(kept) == 2 and len({outcome.started for outcome in kept}) == 1
    assert kept[0].started == kept[0].at == round(at(1, 11.9), 3)
    # one review, of the day it began: both questions, not the one after midnight alone
    said = last_review(kept)
    assert said.startswith("Last review, 2026-03-03: 2 of 2 questions right"), said


def test_outcomes_without_the_review_start_are_a_days_review() -> None:
    """A file written before the start was kept: a review is the outcomes of one day, as
    before; the start is read back as written, 0 when absent."""
    late = ReviewOutcome(at(1, 11.9), "orbit", "symmetry", "2.0", "x", True, 1)
    early = ReviewOutcome(at(1, 12.2), "attacker", "diagonals", "3.0", "y", True, 1)
    assert last_review([late, early]).startswith("Last review, 2026-03-04: 1 of 1 question")
    kept = ReviewHistory((late,), 5).to_json()
    assert "started" not in kept["outcomes"][0]
    begun = ReviewOutcome(at(1), "orbit", "symmetry", "2.0", "x", True, 1, started=at(1))
    (read,) = ReviewHistory.from_json(ReviewHistory((begun,), 5).to_json()).outcomes
    assert read.started == at(1)


def test_a_review_across_midnight_counts_its_due_dates_from_the_day_it_began(
    tmp_path: Path,
) -> None:
    """A review begun at 23:59 on 11-29 had two kinds answered right
    before midnight (box 2, due 12-02), one right after it (box 2, due 12-03) and one missed
    after it (box 1, due 12-01, not 11-30). Every date now counts from the review's day."""
    from lessons.review.boxes import Miss, day, standings

    began = at(1, 11.98)  # 23:59 the day after START
    outcomes = [
        ReviewOutcome(at(1, 11.985), "orbit", "symmetry", "2.0", "x", True, 1, started=began),
        ReviewOutcome(at(1, 12.005), "attacker", "diagonals", "3.0", "y", True, 1, started=began),
        ReviewOutcome(at(1, 12.008), "search-space", "naive", "0.0", "z", False, 1, started=began),
    ]
    misses = [Miss(kind, at(0)) for kind in ("orbit", "attacker", "search-space")]
    found = standings(misses, outcomes)
    review_day = day(began)
    assert found["orbit"].due_day == found["attacker"].due_day  # both box 2, 3 days later
    assert (found["attacker"].due_day - review_day).days == 3
    assert (found["search-space"].due_day - review_day).days == 1  # missed: the next day
