"""The Leitner boxes: a kind missed in a lesson comes back the next day;
right at the first attempt it moves up a box (3, 7, then 21 days), missed again it goes back to
the first (1 day); what is due is computed from the progress file, on a clock the test sets."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from lessons.progress.reviews import ReviewOutcome
from lessons.review import INTERVALS
from lessons.review.boxes import Miss, day, due, next_due, standings
from lessons.review.plan import plan_review
from tests.unit.lessons.review_progress import START, at, lessons, miss, right_first, store_at


def answered(kind: str, days: float, right: bool) -> ReviewOutcome:
    return ReviewOutcome(at(days), kind, "diagonals", "0.0", f"day={days}", right, 1)


def due_days(outcomes: list[ReviewOutcome], misses: list[Miss]) -> list[int]:
    """The days (from START) the kind is due after each event, as the test replays them."""
    found = standings(misses, outcomes)["same-diagonal"]
    return [(found.due_day - START.date()).days, found.box]


def test_the_boxes_are_1_3_7_and_21_days_apart() -> None:
    assert INTERVALS == (1, 3, 7, 21)


def test_intervals_grow_with_right_answers_and_shrink_with_a_miss() -> None:
    missed = [Miss("same-diagonal", at(0))]
    history: list[ReviewOutcome] = []
    assert due_days(history, missed) == [1, 1]  # missed on day 0: due on day 1
    history.append(answered("same-diagonal", 1, right=True))
    assert due_days(history, missed) == [1 + 3, 2]
    history.append(answered("same-diagonal", 4, right=True))
    assert due_days(history, missed) == [4 + 7, 3]
    history.append(answered("same-diagonal", 11, right=True))
    assert due_days(history, missed) == [11 + 21, 4]
    history.append(answered("same-diagonal", 32, right=True))
    assert due_days(history, missed) == [32 + 21, 4]  # the last box keeps it
    history.append(answered("same-diagonal", 53, right=False))
    assert due_days(history, missed) == [53 + 1, 1]  # missed: the first box again
    history.append(answered("same-diagonal", 54, right=True))
    assert due_days(history, missed) == [54 + 3, 2]
    again = [*missed, Miss("same-diagonal", at(55))]  # missed again in a lesson
    assert due_days(history, again) == [55 + 1, 1]


def test_due_is_by_the_calendar_day_and_the_lowest_box_first() -> None:
    evening = [Miss("attacker", at(0, hours=9)), Miss("same-diagonal", at(0))]
    found = standings(evening, [answered("same-diagonal", 1, right=True)])
    assert [s.kind for s in due(found, at(1, hours=-11))] == ["attacker"]  # 1 a.m. next day
    assert due(found, at(0, hours=11)) == []  # the same day as the miss
    assert next_due(found, at(0)) == day(at(1))
    assert [s.kind for s in due(found, at(4))] == ["attacker", "same-diagonal"]  # box 1 first
    assert next_due(found, at(4)) is None


def test_what_is_due_is_computed_from_the_progress_file(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    miss(store, "diagonals", ["0.0", "3.0"], when=at(0))  # same-diagonal, attacker
    miss(store, "iterative", ["10.5"], when=at(0))  # reach-n: never asked anew
    right_first(store, "diagonals", ["4.0"])  # array-index: right, not missed
    miss(store, "problem", ["5.0"], when=at(0))  # a choice the lesson writes: never reviewed
    plan = plan_review(lessons(), store, at(0, hours=3))
    assert plan.count == 0 and plan.next_day == START.date() + timedelta(days=1)
    plan = plan_review(lessons(), store, at(1))
    assert [s.kind for s in plan.due] == ["attacker", "same-diagonal"]
    store.add_review(answered("same-diagonal", 1, right=True))
    store.add_review(answered("attacker", 1, right=False))
    plan = plan_review(lessons(), store_at(tmp_path), at(2))  # read back from the file
    assert [s.kind for s in plan.due] == ["attacker"]  # missed: due the next day
    assert plan.standings["same-diagonal"].box == 2
    assert [s.kind for s in plan_review(lessons(), store, at(3)).due] == ["attacker"]
    assert {s.kind for s in plan_review(lessons(), store, at(4)).due} == {
        "attacker",
        "same-diagonal",
    }
