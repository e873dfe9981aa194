"""What the teacher's report needs from a lesson record: when each outcome was recorded
(``QuestionRecord.at``), read compatibly from files written before it existed, and a progress
file read without being changed (``lessons.progress.store.read_records``)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from lessons.parsing.parser import parse
from lessons.progress.records import LessonRecord, QuestionRecord, RecordError
from lessons.progress.safe_file import Unreadable
from lessons.progress.store import ProgressStore, read_records
from lessons.runner import LessonRun

LESSON = """\
@lesson demo
@title Demo

@quiz Quiz
@question exists n=3
@end
"""


def test_an_old_record_without_times_reads_as_time_zero_and_a_time_must_be_a_number() -> None:
    old = {"answers": {"0.0": {"right": True, "attempts": 1, "scored": True, "points": 1}}}
    record = LessonRecord.from_json(old)
    assert record.answers["0.0"] == QuestionRecord(True, 1, scored=True, points=1, at=0.0)
    again = LessonRecord.from_json(record.to_json())
    assert again.answers["0.0"].at == 0.0 and again == record
    with pytest.raises(RecordError, match="at must be a number"):
        LessonRecord.from_json({"answers": {"0.0": {"right": True, "attempts": 1, "at": "x"}}})


def test_an_answer_is_stamped_with_its_time_and_saved(tmp_path: Path) -> None:
    lesson = parse(LESSON, "demo.md").lesson
    assert lesson is not None
    path = tmp_path / "progress.json"
    run = LessonRun(lesson, ProgressStore(path))
    before = time.time()
    assert run.asked is not None
    run.answer("no")  # 3 queens cannot be placed on a 3x3 board
    after = time.time()
    stamp = run.record.answers["0.0"].at
    assert before - 0.001 <= stamp <= after + 0.001
    saved = json.loads(path.read_text())["lessons"]["demo"]["answers"]["0.0"]
    assert saved["at"] == stamp and saved["right"] is True
    assert read_records(path)["demo"].answers["0.0"].at == stamp


def test_read_records_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text("{not json")
    with pytest.raises(Unreadable, match="not valid JSON"):
        read_records(path)
    files = [p.name for p in tmp_path.iterdir()]
    assert path.read_text() == "{not json" and files == ["progress.json"]  # no lock, not set aside
    path.write_text(json.dumps({"schema": 99, "lessons": {}}))
    with pytest.raises(Unreadable, match="newer queens-tutor \\(schema 99\\)"):
        read_records(path)
    with pytest.raises(FileNotFoundError):
        read_records(tmp_path / "none.json")
