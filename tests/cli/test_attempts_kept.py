"""Every attempt at a question is kept, its answer and its time, across sittings: a student who
answers wrong, leaves (Esc to the menu, or the tutor ends and starts again, reading its store anew)
and comes back keeps her wrong answers in the record, and the report shows each with its
time, in text, csv and json."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import datetime
from pathlib import Path

import pytest

from lessons.progress.records import QuestionRecord, RecordError, _question
from tests.cli.clirun import run_main
from tests.cli.test_course_identity import account
from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen

LESSON = """\
@lesson alpha
@title Lesson alpha

@quiz Quiz
@question number
prompt: How many solutions has n = 4?
answer: 2
@end
"""


def course(folder: Path) -> Path:
    folder.mkdir()
    (folder / "20-alpha.md").write_text(LESSON, encoding="utf-8")
    return folder


def reported(course: Path, env: dict[str, str], tmp_path: Path) -> tuple[str, dict, dict]:
    """The report's text, its json row and its csv row of the question, from the student's
    export."""
    lessons = ("--lessons-dir", str(course), "--only-course")
    exported = tmp_path / "export.json"
    made = run_main("progress", "--export", str(exported), "--force", *lessons, env=env)
    assert made.status == 0, made.err
    argv = ("report", "--students", *lessons, str(exported))
    text = run_main(*argv).out
    (row,) = [r for r in json.loads(run_main(*argv, "--format", "json").out)["answers"]]
    (cells,) = [r for r in csv.DictReader(io.StringIO(run_main(*argv, "--format", "csv").out))]
    return text, row, cells


def test_wrong_answers_are_kept_across_a_restart_of_the_tutor(tmp_path: Path) -> None:
    folder = course(tmp_path / "course")
    ada = account(tmp_path / "s-ada", "ada")
    lessons = ("--plain", "--lessons-dir", str(folder), "--only-course")
    first = run_main(*lessons, stdin="lesson 20\n7\n", env=ada)  # the tutor ends
    assert first.status == 0 and "7 is not right" in first.out, first.out + first.err
    again = run_main(*lessons, stdin="lesson 20\n5\n2\n", env=ada)  # and starts again
    assert again.status == 0 and "Right: 2." in again.out, again.out + again.err
    text, row, cells = reported(folder, ada, tmp_path)
    assert row["attempts"] == 3 and row["answers"] == ["7", "5", "2"]
    times = [datetime.fromisoformat(at) for at in row["answered_at"]]
    assert len(times) == 3 and times == sorted(times)
    assert cells["answers"] == "7 | 5 | 2"
    assert cells["answered_at"] == " | ".join(row["answered_at"])
    minute = r"\((?:\d{4}-\d\d-\d\d )?\d\d:\d\d\)"  # its time of day: the line names the day
    assert re.search(f"right after 3 attempts\n +Answered: “7” {minute}, “5” {minute}, “2” ", text)


async def test_wrong_answers_are_kept_after_esc_to_the_menu(tmp_path: Path) -> None:
    folder = course(tmp_path / "course")
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(folder)], only_course=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await pilot.press("7", "enter")
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await wait_for(pilot, lambda: screen.lesson_run.feedback is not None)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await pilot.press("2", "enter")
        reopened = app.screen
        assert isinstance(reopened, LessonScreen)
        await wait_for(pilot, lambda: reopened.lesson_run.asked is None)
    text, row, _cells = reported(folder, {}, tmp_path)
    assert row["attempts"] == 2 and row["answers"] == ["7", "2"]
    assert len(row["answered_at"]) == 2
    assert "Answered: “7” (" in text


def test_the_answers_times_are_read_one_for_each_answer() -> None:
    kept = _question({"right": False, "attempts": 2, "given": ["7", "5"], "given_at": [1.7e9, 2e9]})
    assert kept.given_at == (1.7e9, 2e9)
    older = _question({"right": False, "attempts": 2, "given": ["7", "5"]})
    assert older == QuestionRecord(False, 2, given=("7", "5"))
    for times in ([1.7e9], [1.7e9, -1], [1.7e9, float("nan")], [1.7e9, "x"], "12", [1e20, 1]):
        with pytest.raises(RecordError, match="given_at must hold one time for each answer"):
            _question({"right": False, "attempts": 2, "given": ["7", "5"], "given_at": times})


def test_answers_kept_before_their_times_go_on_without_times(tmp_path: Path) -> None:
    """An open question of a file that kept its answers but not their times: the answers go
    on, every one, and the record still reads (no time is made up for the earlier ones)."""
    from lessons.catalog import load_catalog
    from lessons.progress.records import LessonRecord
    from lessons.progress.store import ProgressStore
    from lessons.runner import LessonRun

    folder = course(tmp_path / "course")
    (lesson,) = load_catalog("en", [folder], only_course=True).lessons
    path = tmp_path / "progress.json"
    record = LessonRecord(page=0)
    record.open["0.0"] = QuestionRecord(False, 1, scored=True, at=1.7e9, given=("7",))
    assert ProgressStore(path).save("alpha", record)
    run = LessonRun(lesson, ProgressStore(path))
    assert run.asked is not None and run.asked.given == ("7",)
    run.answer("5")
    run.answer("2")
    kept = ProgressStore(path).records["alpha"].answers["0.0"]
    assert kept.given == ("7", "5", "2") and kept.given_at == () and kept.attempts == 3
