"""The review's outcomes in the progress file (saved atomically, merged across tutors, devices
and the server without losing one, checked when read) and when they bring a kind back: the
Leitner boxes, a review answered across midnight being one review."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from lessons.progress.export import ExportError, export_data, load_into, parse_export
from lessons.progress.records import RecordError
from lessons.progress.reviews import MAX_OUTCOMES, ReviewHistory, ReviewOutcome, merged
from lessons.progress.safe_file import Unreadable
from lessons.progress.store import FIRST_SCHEMA, SCHEMA, ProgressStore, decode_progress
from lessons.review import INTERVALS
from lessons.review.boxes import Miss, day, due, next_due, standings
from lessons.review.plan import plan_review
from lessons.review.run import ReviewRun
from lessons.review.session import compose
from lessons.review.words import last_review
from tests.unit.lessons.review_progress import (
    START,
    Clock,
    at,
    lessons,
    miss,
    right_first,
    store_at,
)


def outcome(
    day: float, kind: str = "same-diagonal", right: bool = True, **more: object
) -> ReviewOutcome:
    fields: dict[str, object] = {
        "at": at(day),
        "kind": kind,
        "lesson": "diagonals",
        "question": "0.0",
        "instance": f"other=3,{int(day)} square=1,2",
        "right": right,
        "attempts": 1,
    }
    fields.update(more)
    return ReviewOutcome(**fields)  # type: ignore[arg-type]


def test_an_outcome_is_saved_at_once_read_back_and_kept_by_two_tutors(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    store = ProgressStore(path)
    miss(store, "diagonals", ["0.0"])
    assert json.loads(path.read_text())["schema"] == FIRST_SCHEMA  # no review yet
    first = outcome(1)
    assert store.add_review(first, seed=77)
    data = json.loads(path.read_text())
    assert data["schema"] == SCHEMA  # a tutor without the review cannot drop it
    assert data["review"] == {"seed": 77, "outcomes": [first.to_json()]}
    again = ProgressStore(path)
    assert again.review == ReviewHistory((first,), 77)
    assert again.lesson("diagonals").answers["0.0"].attempts == 2  # the lessons kept too
    assert decode_progress(path.read_bytes())[1] == again.review
    assert again.reset() and ProgressStore(path).review == ReviewHistory()  # a reset forgets it
    path = tmp_path / "two-tutors.json"  # two tutors reviewing at once keep every outcome
    one, two = ProgressStore(path), ProgressStore(path)  # both read the file before either saves
    assert one.add_review(outcome(1, "attacker"), seed=5)
    assert two.add_review(outcome(1, "same-diagonal", right=False), seed=9)
    miss(one, "diagonals", ["3.0"])  # a lesson save merges the review on disk too
    assert one.add_review(outcome(2, "attacker", right=False))
    kinds = [(o.kind, o.right) for o in ProgressStore(path).review.outcomes]
    assert kinds == [("attacker", True), ("same-diagonal", False), ("attacker", False)]
    assert ProgressStore(path).review.seed == 5  # the smaller seed, whoever saved last


def test_a_merge_of_two_histories_is_the_same_whichever_side_merges() -> None:
    mine = ReviewHistory((outcome(1), outcome(3, "attacker"), outcome(5)), seed=40)
    theirs = ReviewHistory((outcome(2, "examined"), outcome(3, "attacker"), outcome(4)), seed=30)
    both = merged(mine, theirs)
    assert both == merged(theirs, mine)
    assert merged(both, theirs) == both  # nothing counted twice
    assert [o.at for o in both.outcomes] == [at(day) for day in (1, 2, 3, 4, 5)]
    assert both.seed == 30
    many = ReviewHistory(tuple(outcome(day / 1000) for day in range(MAX_OUTCOMES + 5)))
    assert len(merged(many, ReviewHistory()).outcomes) == MAX_OUTCOMES  # the latest kept
    assert merged(many, ReviewHistory()).outcomes[0].at == at(5 / 1000)


def test_an_export_carries_the_review_to_another_device(tmp_path: Path) -> None:
    laptop = ProgressStore(tmp_path / "laptop.json")
    miss(laptop, "diagonals", ["0.0"])
    laptop.add_review(outcome(1), seed=12)
    text = json.dumps(export_data(laptop.records, {}, "Ada", review=laptop.review))
    export = parse_export(text)
    assert export.intact and export.review == laptop.review
    lab = ProgressStore(tmp_path / "lab.json")
    lab.add_review(outcome(2, "attacker"), seed=99)
    load_into(lab, export)
    kinds = [o.kind for o in ProgressStore(tmp_path / "lab.json").review.outcomes]
    assert kinds == ["same-diagonal", "attacker"]
    bare = export_data(laptop.records, {}, "Ada")  # no review: the export as before
    assert "review" not in bare and parse_export(json.dumps(bare)).review == ReviewHistory()


BAD = [
    {"outcomes": {}},
    {"outcomes": [{"at": -1}]},
    {"outcomes": [{"at": 1e20}]},  # past the year 2999: no time a file may hold
    {"outcomes": [{"at": "yesterday"}]},
    {"outcomes": [{"at": 1, "right": "yes"}]},
    {"outcomes": [{"at": 1, "attempts": -2}]},
    {"outcomes": [{"at": 1, "attempts": True}]},
    {"outcomes": [{"at": 1, "kind": ["same-diagonal"]}]},
    {"outcomes": [{"at": 1, "kind": "k" * 65}]},
    {"outcomes": [{"at": 1, "instance": "x" * 1001}]},
    {"outcomes": ["same-diagonal"]},
    {"seed": -4},
    {"seed": 2**64},
    [],
]


@pytest.mark.parametrize("review", BAD)
def test_a_bad_review_record_is_refused_and_the_file_kept_aside(
    tmp_path: Path, review: object
) -> None:
    with pytest.raises(RecordError):
        ReviewHistory.from_json(review)
    path = tmp_path / "progress.json"
    raw = json.dumps({"schema": 3, "lessons": {}, "review": review})
    path.write_text(raw)
    with pytest.raises(Unreadable, match="review"):
        decode_progress(path.read_bytes())  # a report names the file and skips it
    store = ProgressStore(path)
    assert "bad review record" in store.warnings[0]
    (kept,) = tmp_path.glob("progress.json.corrupt-*")
    assert kept.read_text() == raw  # kept as it was, never overwritten
    export = {"format": "queens-tutor-progress-export", "version": 1, "lessons": {}}
    with pytest.raises(ExportError, match="review"):
        parse_export(json.dumps({**export, "review": review}))


def answered(kind: str, days: float, right: bool) -> ReviewOutcome:
    return ReviewOutcome(at(days), kind, "diagonals", "0.0", f"day={days}", right, 1)


def due_days(outcomes: list[ReviewOutcome], misses: list[Miss]) -> list[int]:
    """The days (from START) the kind is due after each event, as the test replays them."""
    found = standings(misses, outcomes)["same-diagonal"]
    return [(found.due_day - START.date()).days, found.box]


def test_intervals_grow_with_right_answers_and_shrink_with_a_miss() -> None:
    """The boxes are 1, 3, 7 and 21 days apart: a right answer moves a kind up, a miss to 1."""
    assert INTERVALS == (1, 3, 7, 21)
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
    """A review begun at 23:59 counts every due date from its own day, past midnight too."""
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
