"""``queens-tutor report`` on hand-made exports (one edited), ``progress --export`` and
``progress --format csv``; one thing said in every form: the gradebook's score and ``done_at``,
the lessons in the course's order (or, for lessons neither loaded nor described, in the order
the class first worked in them, with one problem line), ``--live`` on an empty live folder;
an outcome's time read compatibly from older files; a progress file read without a change."""

from __future__ import annotations

import csv
import io
import json
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from lessons.parsing.parser import parse
from lessons.progress.export import LessonInfo, export_data, export_text
from lessons.progress.records import Completion, LessonRecord, QuestionRecord, RecordError
from lessons.progress.safe_file import Unreadable
from lessons.progress.store import ProgressStore, decode_progress
from lessons.runner import LessonRun
from lessons.shown_time import machine
from tests.cli.clirun import run_main, run_ok
from tests.cli.course_kit import DUE as PAST_DUE
from tests.cli.course_kit import ONE_QUESTION, course_folder, done
from tests.cli.inproc import call
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


def test_text_csv_and_json_tables_flag_an_edited_file_and_name_a_non_export(tmp_path: Path) -> None:
    notes = tmp_path / "notes.json"
    notes.write_text('{"hello": 1}')
    files = list(map(str, class_files(tmp_path)))
    result = run_main("report", *files, str(notes))
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
    result = run_ok("report", "--format", "csv", *files[:2])  # in csv and json
    rows = list(csv.DictReader(io.StringIO(result.out)))
    assert [(r["student"], r["pages_done"], r["hints"], r["shown"]) for r in rows] == [
        ("Ada", "4", "1", "1"),
        ("Bob", "10", "0", "0"),
    ]
    assert all(r["intact"] == "1" for r in rows)
    data = json.loads(run_main("report", "--format", "json", *files[:2]).out)
    assert data["students"] == 2 and data["problems"] == []
    assert data["rows"][1]["completed"] is True


def test_progress_export_then_report_and_progress_csv(tmp_path: Path) -> None:
    _, env = progress_file(tmp_path)
    target = tmp_path / "mine.json"
    result = run_ok("progress", "--export", str(target), "--name", "Zoë", env=env)
    assert f"Progress exported to {target} (3 lessons)" in result.out
    report = json.loads(run_main("report", "--format", "json", str(target)).out)
    rows = {row["lesson"]: row for row in report["rows"]}
    assert rows["problem"]["student"] == "Zoë" and rows["problem"]["completed"]
    assert rows["iterative"]["score"] == 1 and rows["iterative"]["intact"]
    assert rows["teachers-own"]["title"] == "teachers-own"  # a lesson not loaded now
    result = run_ok("progress", "--format", "csv", env=env)
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
    assert decode_progress(path.read_bytes())[0]["demo"].answers["0.0"].at == stamp


def test_reading_progress_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text("{not json")
    with pytest.raises(Unreadable, match="not valid JSON"):
        decode_progress(path.read_bytes())
    files = [p.name for p in tmp_path.iterdir()]
    assert path.read_text() == "{not json" and files == ["progress.json"]  # no lock, not set aside
    path.write_text(json.dumps({"schema": 99, "lessons": {}}))
    with pytest.raises(Unreadable, match="newer queens-tutor \\(schema 99\\)"):
        decode_progress(path.read_bytes())


DUE = datetime.now().astimezone().replace(microsecond=0) + timedelta(days=3)
EARNED = datetime.now().astimezone().replace(microsecond=0) - timedelta(hours=2)


def started(at: datetime) -> LessonRecord:
    """A lesson begun: its one question right (a point), the lesson not finished."""
    record = LessonRecord(page=0, completed=False, best_score=0, max_score=1, runs=1)
    record.answers = {"0.0": QuestionRecord(True, 1, scored=True, points=1, at=at.timestamp())}
    record.updated = at.timestamp() + 60
    return record


@pytest.fixture
def course(tmp_path: Path) -> Path:
    toml = f'[[assignment]]\nid = "w1"\nlessons = [20, 21]\ndue = "{DUE.isoformat()}"\n'
    # ids against the files' order
    return course_folder(tmp_path / "course", toml, "zeta", "alpha", lesson=ONE_QUESTION)


def export(folder: Path, name: str, records: dict[str, LessonRecord]) -> str:
    path = folder / f"{name}.json"
    path.write_text(export_text(records, {}, student=name, login=name), encoding="utf-8")
    return str(path)


def test_csv_json_and_text_give_one_score_and_done_at_for_points_earned(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ada = export(tmp_path, "ada", {"zeta": started(EARNED)})
    cy = export(tmp_path, "cy", {})
    base = ["report", "--gradebook", "--lessons-dir", str(course), "--only-course", ada, cy]
    status, out, err = call(capsys, *base)
    assert status == 0, err
    lines = [" ".join(line.split()) for line in out.splitlines()]
    assert "ada ada 1/2 not due yet" in lines and "cy cy 0/2 not due yet" in lines
    status, out, err = call(capsys, *base, "--format", "csv")
    table = list(csv.reader(io.StringIO(out)))
    assert table[1:] == [
        ["ada", "", "", "ada", "", "", "not-due-yet"],  # no grade before the due date
        ["cy", "", "", "cy", "", "", "not-due-yet"],
    ]
    status, out, err = call(capsys, *base, "--format", "json")
    grades = {s["login"]: s["grades"]["w1"] for s in json.loads(out)["students"]}
    assert grades["ada"]["score"] == 1 and grades["ada"]["done_at"] == machine(EARNED)
    assert grades["cy"]["score"] == 0 and grades["cy"]["done_at"] is None


def test_the_class_table_lists_lessons_in_the_order_of_the_questions(
    course: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ada = export(tmp_path, "ada", {"zeta": started(EARNED), "alpha": started(EARNED)})
    status, out, err = call(capsys, "report", "--lessons-dir", str(course), "--only-course", ada)
    assert status == 0, err
    headings = [line for line in out.splitlines() if line.startswith(("Lesson", "Questions"))]
    assert headings == [
        "Lesson zeta (zeta)",  # 20-zeta.md comes first in the course, as in the questions
        "Lesson alpha (alpha)",
        "Questions of Lesson zeta (zeta)",
        "Questions of Lesson alpha (alpha)",
    ]
    status, out, err = call(
        capsys, "report", "--format", "csv", "--lessons-dir", str(course), "--only-course", ada
    )
    assert [row["lesson"] for row in csv.DictReader(io.StringIO(out))] == ["zeta", "alpha"]


def test_report_live_on_an_empty_live_folder_says_it_is_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "srv" / "live").mkdir(parents=True, mode=0o700)
    status, out, err = call(capsys, "report", "--live", "--server-data", str(tmp_path / "srv"))
    assert (status, err) == (0, "")
    assert out == f"No session is running on this server ({tmp_path / 'srv' / 'live'} is empty).\n"
    (tmp_path / "new").mkdir()
    status, out, err = call(capsys, "report", "--live", "--server-data", str(tmp_path / "new"))
    assert status == 0 and "does not exist" in out  # no server ever ran here: as before


FIRST = 1_790_000_000.0
RERUN = FIRST + 5 * 86_400


@pytest.fixture
def ada(tmp_path: Path) -> str:
    record = LessonRecord(page=2, completed=True, best_score=1, max_score=1, runs=2)
    record.answers = {"2.0": QuestionRecord(True, 1, scored=True, points=1, at=RERUN)}
    record.completions = [Completion(FIRST + 600, 1), Completion(RERUN, 1)]
    record.updated = RERUN
    path = tmp_path / "ada.json"
    path.write_text(export_text({"four-queens": record}, {}, student="Ada"), encoding="utf-8")
    return str(path)


def test_a_lesson_nobody_describes_is_said_unknown_and_read_from_its_record(
    ada: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = call(capsys, "report", "--format", "csv", ada)
    assert status == 1
    assert err.count("\n") == 1  # one line for every such lesson
    assert "lessons not loaded here that the file does not describe ('four-queens')" in err
    assert "--lessons-dir" in err
    row = next(csv.DictReader(io.StringIO(out)))
    assert (row["pages_done"], row["pages"]) == ("3", "3")  # finished: on its last page, 3rd
    first_day = datetime.fromtimestamp(FIRST + 600).date().isoformat()
    assert row["first_activity"][:10] == first_day  # a re-run keeps the first start


def test_lessons_not_described_come_in_the_order_the_class_first_worked_in_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = PAST_DUE - timedelta(days=7)  # "zeta" is lesson 10 of the course, "alpha" 11
    ada = export(tmp_path, "Ada", {"zeta": done(first), "alpha": done(PAST_DUE)})
    later = [done(PAST_DUE + timedelta(hours=hours)) for hours in (1, 2)]
    bob = export(tmp_path, "Bob", dict(zip(("alpha", "zeta"), later, strict=True)))
    status, out, err = call(capsys, "report", "--format", "json", "--students", ada, bob)
    data = json.loads(out)
    assert [row["lesson"] for row in data["rows"]] == ["zeta", "zeta", "alpha", "alpha"]
    assert data["answers"][0]["lesson"] == "zeta"
    assert data["answers"][-1]["lesson"] == "alpha"
    status, out, err = call(capsys, "report", ada, bob)
    assert status == 1
    assert out.index("zeta (zeta)") < out.index("alpha (alpha)")
    assert out.index("Questions of zeta") < out.index("Questions of alpha")
    assert err.splitlines() == [
        "queens-tutor report: 2 files hold lessons not loaded here that they do not describe "
        "('alpha', 'zeta'): their titles are not known, their pages only where a run was "
        "finished (it ended on the last), their order only as the class first worked in them; "
        "give their folder with --lessons-dir"
    ]
    scores = sorted(line.split()[:3] for line in out.splitlines() if " 1/1 " in line)
    assert scores == [["Ada", "1/1", "2/2"]] * 2 + [["Bob", "1/1", "2/2"]] * 2  # each is there
