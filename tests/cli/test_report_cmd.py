"""``queens-tutor report`` on hand-made export files, one of them edited; ``progress --export``
and ``progress --format csv``; what the report needs of a record: when each outcome was
recorded (read compatibly from older files), and a progress file read without being changed."""

from __future__ import annotations

import csv
import io
import json
import time
from pathlib import Path

import pytest

from lessons.parsing.parser import parse
from lessons.progress.export import LessonInfo, export_data
from lessons.progress.records import LessonRecord, QuestionRecord, RecordError
from lessons.progress.safe_file import Unreadable
from lessons.progress.store import ProgressStore, read_records
from lessons.runner import LessonRun
from tests.cli.clirun import run_main
from tests.cli.test_progress_cmd import progress_file

INFO = {"iterative": LessonInfo("The iterative backtracker", 10, 5)}


def write(path: Path, data: dict[str, object]) -> Path:
    path.write_text(json.dumps(data, indent=1))
    return path


def class_files(tmp_path: Path) -> list[Path]:
    hinted = QuestionRecord(right=True, attempts=2, hint=True)
    shown = QuestionRecord(right=False, attempts=1, revealed=True)
    ada = export_data(
        {"iterative": LessonRecord(page=4, answers={"1.0": hinted, "2.0": shown})}, INFO, "Ada"
    )
    bob = export_data(
        {"iterative": LessonRecord(page=9, completed=True, best_score=2, max_score=5)}, INFO, "Bob"
    )
    eve = export_data({"iterative": LessonRecord(page=1)}, INFO, "Eve")
    eve["lessons"]["iterative"].update(completed=True, best_score=5)  # edited by hand
    return [
        write(tmp_path / f"{name}.json", data)
        for name, data in (("ada", ada), ("bob", bob), ("eve", eve))
    ]


def test_text_table_flags_the_edited_file_and_names_what_is_not_an_export(tmp_path: Path) -> None:
    notes = tmp_path / "notes.json"
    notes.write_text('{"hello": 1}')
    result = run_main("report", *map(str, class_files(tmp_path)), str(notes))
    assert result.status == 1
    assert "notes.json: not a queens-tutor progress export; skipped" in result.err
    lines = result.out.splitlines()
    assert "3 student files" in lines[0]
    assert "The iterative backtracker, step by step (iterative)" in lines  # as loaded here
    ada = next(line for line in lines if line.strip().startswith("Ada"))
    assert ada.split() == ["Ada", "4/10", "0/5", "1", "1", "-"]  # saved without a time
    bob = next(line for line in lines if line.strip().startswith("Bob"))
    assert bob.split() == ["Bob", "10/10", "2/5", "0", "0", "-", "done"]
    eve = next(line for line in lines if line.strip().startswith("Eve"))
    assert eve.split()[-1] == "EDITED"
    assert "eve.json: EDITED: the checksum does not match" in result.err
    assert "ada.json" not in result.err


def test_csv_and_json(tmp_path: Path) -> None:
    files = list(map(str, class_files(tmp_path)[:2]))
    result = run_main("report", "--format", "csv", *files)
    assert result.status == 0, result.err
    rows = list(csv.DictReader(io.StringIO(result.out)))
    assert [(r["student"], r["pages_done"], r["hints"], r["shown"]) for r in rows] == [
        ("Ada", "4", "1", "1"),
        ("Bob", "10", "0", "0"),
    ]
    assert all(r["intact"] == "1" for r in rows)
    data = json.loads(run_main("report", "--format", "json", *files).out)
    assert data["students"] == 2 and data["problems"] == []
    assert data["rows"][1]["completed"] is True


def test_progress_export_then_report(tmp_path: Path) -> None:
    _, env = progress_file(tmp_path)
    target = tmp_path / "mine.json"
    result = run_main("progress", "--export", str(target), "--name", "Zoë", env=env)
    assert result.status == 0, result.err
    assert f"Progress exported to {target} (3 lessons)" in result.out
    report = json.loads(run_main("report", "--format", "json", str(target)).out)
    rows = {row["lesson"]: row for row in report["rows"]}
    assert rows["problem"]["student"] == "Zoë" and rows["problem"]["completed"]
    assert rows["iterative"]["score"] == 1 and rows["iterative"]["intact"]
    assert rows["teachers-own"]["title"] == "teachers-own"  # a lesson not loaded now


def test_progress_csv(tmp_path: Path) -> None:
    _, env = progress_file(tmp_path)
    result = run_main("progress", "--format", "csv", env=env)
    assert result.status == 0, result.err
    rows = {row["id"]: row for row in csv.DictReader(io.StringIO(result.out))}
    assert rows["problem"]["completed"] == "1" and rows["problem"]["best_score"] == "4"
    assert rows["iterative"]["page"] == "4" and rows["iterative"]["score"] == "1"
    assert rows["diagonals"]["started"] == "0" and rows["diagonals"]["page"] == "1"
    # Page numbers agree in csv, json and text (counted from 1).
    listed = json.loads(run_main("progress", "--format", "json", env=env).out)["lessons"]
    assert {row["id"]: int(rows[row["id"]]["page"]) for row in listed} == {
        row["id"]: row["page"] for row in listed
    }


DEMO = """\
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
    lesson = parse(DEMO, "demo.md").lesson
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
