"""The review's outcomes in the progress file: saved atomically, merged across tutors, devices and
the server without losing one, the same whichever side merges, checked when read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lessons.progress.export import ExportError, export_data, load_into, parse_export
from lessons.progress.records import RecordError
from lessons.progress.reviews import MAX_OUTCOMES, ReviewHistory, ReviewOutcome, merged
from lessons.progress.safe_file import Unreadable
from lessons.progress.store import FIRST_SCHEMA, SCHEMA, ProgressStore, read_progress
from tests.unit.lessons.review_progress import at, miss


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


def test_an_outcome_is_saved_at_once_and_read_back(tmp_path: Path) -> None:
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
    assert read_progress(path)[1] == again.review


def test_two_tutors_reviewing_at_once_keep_every_outcome(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
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


def test_reset_forgets_the_review_too(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    store = ProgressStore(path)
    store.add_review(outcome(1))
    assert store.reset()
    assert ProgressStore(path).review == ReviewHistory()


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
        read_progress(path)  # a report names the file and skips it
    store = ProgressStore(path)
    assert "bad review record" in store.warnings[0]
    (kept,) = tmp_path.glob("progress.json.corrupt-*")
    assert kept.read_text() == raw  # kept as it was, never overwritten
    export = {"format": "queens-tutor-progress-export", "version": 1, "lessons": {}}
    with pytest.raises(ExportError, match="review"):
        parse_export(json.dumps({**export, "review": review}))
