"""The report's smaller items: questions reached, not answered; whole prompts; absent roster
students in csv; built-in lesson titles of an older export; an export loaded under the login is
not SAME, its load said in one time format."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from lessons.catalog import load_catalog
from lessons.progress.export import export_text, lesson_info, parse_export
from lessons.progress.records import LessonRecord, Loaded, QuestionRecord
from lessons.shown_time import shown
from tests.cli.clirun import run_main
from tests.cli.test_report_served import add_user

LONG = (
    "Counting every placement of eight queens on the board, one per column, how many "
    "candidates does the naive search examine?"
)
LESSON = f"""\
@lesson demo
@title Demo lesson

@page Warm-up
@question number
prompt: {LONG}
answer: 16777216
@end
@question number
prompt: How many solutions has n = 4?
answer: 2
@end
"""


def course(tmp_path: Path) -> Path:
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "demo.md").write_text(LESSON, encoding="utf-8")
    return folder


def export(path: Path, name: str, record: LessonRecord, key: str = "demo", **more: str) -> Path:
    lessons = load_catalog("en", [path.parent / "course"], only_course=True).lessons
    text = export_text({key: record}, lesson_info(lessons), name, **more)  # type: ignore[arg-type]
    path.write_text(text, encoding="utf-8")
    return path


def test_students_lists_reached_questions_whole_prompts_and_absent_students(tmp_path: Path) -> None:
    folder = course(tmp_path)
    started = LessonRecord(page=0, answers={"0.1": QuestionRecord(True, 1, at=1_795_000_000.0)})
    ada = export(tmp_path / "ada.json", "Ada", started)
    roster = tmp_path / "roster.txt"
    roster.write_text("Ada\nBea\n", encoding="utf-8")
    base = ["report", "--students", "--lessons-dir", str(folder), "--only-course", str(ada)]
    text = run_main(*base).out
    assert "reached, not answered" in text  # 1.1: on her page, never answered
    assert LONG not in text and LONG[:40] in text  # the text view cuts it to a line
    rows = list(csv.DictReader(io.StringIO(run_main(*base, "--format", "csv",
                                                   "--roster", str(roster)).out)))  # fmt: skip
    first = next(row for row in rows if row["question"] == "1")
    assert first["prompt"] == LONG and first["attempts"] == "0" and first["finished"] == "0"
    assert rows[-1]["student"] == "Bea" and rows[-1]["lesson"] == ""  # on the roster, absent
    data = json.loads(run_main(*base, "--format", "json").out)
    assert LONG in {answer["prompt"] for answer in data["answers"]}


def test_only_course_still_names_the_built_in_lessons_of_an_older_export(tmp_path: Path) -> None:
    folder = course(tmp_path)
    path = tmp_path / "old.json"
    data = json.loads(export_text({"problem": LessonRecord(page=1)}, {}, "Ada"))
    del data["lesson_info"]  # an export of a tutor before lesson_info: no titles of its own
    from lessons.progress.export import checksum

    data["checksum"] = checksum(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    assert parse_export(path.read_text()).info == {}
    title = load_catalog("en").find("problem").title  # type: ignore[union-attr]
    result = run_main("report", "--lessons-dir", str(folder), "--only-course", str(path))
    assert result.status == 0, result.err
    assert f"{title} (problem)" in result.out


def test_an_export_under_a_display_name_loaded_under_the_login_is_not_same(tmp_path: Path) -> None:
    folder = course(tmp_path)
    record = LessonRecord(page=0, answers={"0.1": QuestionRecord(True, 1, at=1_795_000_000.0)})
    mine = export(tmp_path / "mine.json", "Ada Lovelace", record, login="ada")
    made = parse_export(mine.read_text())
    came = Loaded(made.student, made.exported, 1_795_000_100.0, made.login)
    root = tmp_path / "served"
    add_user(root, "ada", None)
    progress = root / "users" / "ada" / "data" / "queens-tutor" / "progress.json"
    loaded = replace(record, loaded=[came])
    progress.write_text(json.dumps({"schema": 1, "lessons": {"demo": loaded.to_json()}}))
    argv = ["report", "--lessons-dir", str(folder), "--only-course", str(mine)]
    result = run_main(*argv, "--server-data", str(root))
    assert result.status == 0, result.err
    assert "SAME" not in result.out and result.err == ""
    # Without the login in either file, the load still says where the record came from: a
    # note names it (it may be a classmate's export), never both files as SAME.
    anonymous = export(tmp_path / "typed.json", "Ada Lovelace", record)
    typed = parse_export(anonymous.read_text())
    came = Loaded(typed.student, typed.exported, 1_795_000_100.0)
    progress.write_text(
        json.dumps({"schema": 1, "lessons": {"demo": replace(record, loaded=[came]).to_json()}})
    )
    argv = ["report", "--lessons-dir", str(folder), "--only-course", str(anonymous)]
    result = run_main(*argv, "--server-data", str(root))
    assert "SAME" not in result.out and "identical answer records" not in result.err
    assert "holds answers first recorded under Ada Lovelace" in result.err
    # one time format in the text: the reader's local minute, never UTC's nor ISO's
    loaded_at = shown(datetime.fromtimestamp(1_795_000_100.0).astimezone().isoformat())
    assert f"loaded on {loaded_at} from an export made {shown(typed.exported)};" in result.err
    assert "UTC" not in result.err and typed.exported not in result.err


DRAWN = """\
@lesson drawn
@title Drawn lesson

@page Board
@board n=5

@quiz
@question same-diagonal square=1,0 other=3,2
@end
"""


def test_a_question_drawn_per_student_is_named_so_in_the_statistics(tmp_path: Path) -> None:
    """The statistics' prompt of a quiz question drawn per student has the
    lesson's own numbers, which nobody was asked: it says it was drawn per student."""
    from lessons.parsing.parser import parse
    from tests.cli.test_report_questions import outcome, record

    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "drawn.md").write_text(DRAWN, encoding="utf-8")
    lesson = parse(DRAWN, "drawn.md").lesson
    assert lesson is not None
    asked = outcome(True, 1, 1000.5, scored=True)
    rec = record({"1.0": replace(asked, instance="square=3,0 other=4,1")})
    path = tmp_path / "ada.json"
    path.write_text(export_text({"drawn": rec}, lesson_info([lesson]), "Ada"), encoding="utf-8")
    result = run_main(
        "report", "--questions", "--format", "json", "--lessons-dir", str(folder), str(path)
    )
    prompts = [row["prompt"] for row in json.loads(result.out)["questions"]]
    assert len(prompts) == 1
    assert prompts[0].startswith("drawn per student, e.g.: Column 1, row 0 and column 3, row 2")
