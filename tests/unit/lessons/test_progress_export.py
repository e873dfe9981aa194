"""Exported progress (lessons/progress/export.py): the checksum catches edits, a load merges
through the store, and the class report counts what each student did."""

from __future__ import annotations

import json
import time
from datetime import datetime
from pathlib import Path

import pytest

from lessons.progress.export import (
    ExportError,
    LessonInfo,
    activity,
    class_report,
    export_data,
    export_text,
    load_into,
    parse_export,
)
from lessons.progress.records import LessonRecord, QuestionRecord
from lessons.progress.store import ProgressStore
from lessons.progress.values import local_moment

INFO = {
    "iterative": LessonInfo("The iterative backtracker", 10, 5),
    "diagonals": LessonInfo("Diagonals", 6, 4),
}


def records() -> dict[str, LessonRecord]:
    return {
        "iterative": LessonRecord(
            page=3,
            answers={
                "1.0": QuestionRecord(right=True, attempts=1, scored=True, points=1),
                "2.0": QuestionRecord(right=True, attempts=2, hint=True, scored=True),
                "2.1": QuestionRecord(right=False, attempts=1, hint=True, revealed=True),
            },
        ),
        "diagonals": LessonRecord(page=5, completed=True, best_score=3, max_score=4, runs=1),
    }


def test_export_round_trip_is_intact() -> None:
    text = export_text(records(), INFO, "Ada", now=0)
    export = parse_export(text)
    assert export.intact
    assert export.student == "Ada"
    assert export.exported == "1970-01-01T00:00:00Z"
    assert export.records == records()
    assert export.info == INFO
    data = export_data(records(), INFO, "Ada")
    assert parse_export(json.dumps(data, indent=4, sort_keys=False)).intact  # reformatted


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["lessons"]["diagonals"].update(best_score=4),
        lambda d: d.update(student="Someone else"),
        lambda d: d["lessons"].pop("iterative"),
        lambda d: d.update(checksum="sha256:" + "0" * 64),
        lambda d: d.pop("checksum"),
    ],
)
def test_any_edit_breaks_the_checksum(edit: object) -> None:
    data = export_data(records(), INFO, "Ada")
    edit(data)  # type: ignore[operator]
    assert not parse_export(json.dumps(data)).intact


def test_load_into_a_store_merges(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "progress.json")
    store.save("diagonals", LessonRecord(page=2, completed=False, best_score=4, max_score=4))
    export = parse_export(export_text(records(), INFO, "Ada"))
    saved = load_into(store, export)
    assert saved == 2
    again = ProgressStore(tmp_path / "progress.json")
    assert again.records["iterative"].page == 3
    assert again.records["diagonals"].completed
    assert again.records["diagonals"].best_score == 4  # never goes down
    # Each record keeps where it came from, through the file and the next save's merge.
    (came,) = again.records["iterative"].loaded
    assert came.student == "Ada" and came.exported == export.exported != ""
    assert abs(came.at - time.time()) < 600
    again.save("iterative", LessonRecord(page=4))
    assert ProgressStore(tmp_path / "progress.json").records["iterative"].loaded == [came]


def test_an_edited_export_is_not_loaded(tmp_path: Path) -> None:
    data = export_data(records(), INFO, "Ada")
    data["lessons"]["diagonals"]["best_score"] = 4
    store = ProgressStore(tmp_path / "progress.json")
    with pytest.raises(ExportError, match="changed after it was exported"):
        load_into(store, parse_export(json.dumps(data)))
    assert store.records == {}
    assert not (tmp_path / "progress.json").exists()


def test_class_report_rows() -> None:
    ada = parse_export(export_text(records(), INFO, "Ada"))
    bob = parse_export(export_text({"iterative": LessonRecord(page=1)}, INFO, ""))
    rows = class_report([("ada.json", ada), ("bob.json", bob)])
    assert [(r.lesson, r.student) for r in rows] == [
        ("diagonals", "Ada"),
        ("iterative", "Ada"),
        ("iterative", "bob.json"),  # no name in the file: the file names the student
    ]
    diagonals, ada_iterative, _ = rows
    assert (diagonals.pages_done, diagonals.pages, diagonals.score) == (6, 6, 3)
    assert diagonals.completed and diagonals.max_score == 4
    assert (ada_iterative.pages_done, ada_iterative.score) == (3, 1)
    assert (ada_iterative.hints, ada_iterative.shown) == (2, 1)


def test_a_lessons_first_and_last_activity() -> None:
    at = 1_795_000_000.0
    record = LessonRecord(
        answers={"0.0": QuestionRecord(True, 1, at=at + 60)},
        open={"1.0": QuestionRecord(False, 2, at=at)},
        updated=at + 120,
    )
    assert activity(record) == (at, at + 120)
    assert activity(LessonRecord(updated=at)) == (at, at)
    assert activity(LessonRecord()) == (0.0, 0.0) and local_moment(0.0) == ""
    shown = local_moment(at)
    assert shown.startswith("2026-11-") and datetime.fromisoformat(shown).timestamp() == at


def test_loading_a_file_is_not_work_in_the_lesson() -> None:
    """A record loaded from an export keeps its last work (answer or run) as its last activity,
    not the load; a page turned after the load is work again."""
    from lessons.progress.records import Completion, Loaded

    at = 1_795_000_000.0
    load = at + 6 * 86_400
    record = LessonRecord(
        answers={"0.0": QuestionRecord(True, 1, at=at + 60)},
        completions=[Completion(at + 60, 1)],
        updated=load + 0.2,
        loaded=[Loaded("Ada", "2026-11-19T10:00:00Z", load, "ada")],
    )
    assert activity(record) == (at + 60, at + 60)
    record.updated = load + 600  # a page turned after the load
    assert activity(record) == (at + 60, load + 600)
    opened = LessonRecord(updated=load + 0.2, loaded=record.loaded)  # no answer: not known
    assert activity(opened) == (0.0, 0.0)
