"""What a student answered, every attempt with its time, kept across sittings (Esc to the menu,
or the tutor ended and started again) and shown by ``report --students`` in text, csv and json:
a choice by its number and words (a record that kept numbers only is read with the loaded
lesson's words); a review question filed under the lesson its kind was missed in."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from lessons.progress.export import LessonInfo, export_data, export_text, lesson_info
from lessons.progress.records import LessonRecord, QuestionRecord, RecordError, _question
from lessons.progress.reviews import ReviewHistory, ReviewOutcome
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.cli.clirun import run_main, run_ok
from tests.cli.course_kit import ONE_QUESTION
from tests.cli.test_course_identity import account
from tests.tui.lesson_apps import menu_opened
from tests.tui.screen_text import on_top, press_for, wait_for
from tests.unit.lessons.review_progress import at, lessons, miss
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen

MINUTE = r"\((?:\d{4}-\d\d-\d\d )?\d\d:\d\d\)"
"""When an answer was given (its day too when not the line's)."""

LESSON = """\
@lesson pick
@title Pick one

@quiz Quiz
@question choice
prompt: In b[], what does b[2] = 3 say?
- [ ] the queen of row 2 is in column 3
  why: That reads b[] the other way round.
- [x] the queen of column 2 is in row 3
- [ ] there are 2 queens in row 3
@end
"""
WRONG, RIGHT = "1. the queen of row 2 is in column 3", "2. the queen of column 2 is in row 3"


def _course(tmp_path: Path) -> Path:
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "30-pick.md").write_text(LESSON, encoding="utf-8")
    return folder


def _answers(course: Path, exported: Path) -> tuple[str, list[str]]:
    argv = ("report", "--students", "--lessons-dir", str(course), "--only-course", str(exported))
    text = run_main(*argv)
    table = run_main(*argv, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(table.out)))
    return text.out, [row["answers"] for row in rows if row["lesson"] == "pick"]


def test_a_choice_is_kept_and_reported_by_its_words(tmp_path: Path) -> None:
    course = _course(tmp_path)
    ada = account(tmp_path / "s-ada", "ada")
    lessons = ("--lessons-dir", str(course), "--only-course")
    # the wrong choice typed by its number, the right one by the first words of its text
    worked = run_main(
        "--plain", *lessons, stdin="lesson 30\n1\nthe queen of column\nenter\n", env=ada
    )
    assert worked.status == 0, worked.err
    exported = tmp_path / "ada.json"
    assert run_main("progress", "--export", str(exported), *lessons, env=ada).status == 0
    text, cells = _answers(course, exported)
    said = f"Answered: “{re.escape(WRONG)}” {MINUTE}, “{re.escape(RIGHT)}” {MINUTE}\\."
    assert re.search(said, " ".join(text.split())), text
    assert max(len(line) for line in text.splitlines()) <= 80, text  # wrapped as the prompts
    assert cells == [f"{WRONG} | {RIGHT}"]


def test_a_record_that_kept_the_choices_numbers_reads_their_words(tmp_path: Path) -> None:
    course = _course(tmp_path)
    record = LessonRecord(page=0, completed=True, best_score=0, max_score=1, runs=1)
    record.answers = {"0.0": QuestionRecord(True, 2, scored=True, at=1.7e9, given=("1", "2"))}
    record.updated = 1.7e9
    info = {"pick": LessonInfo("Pick one", 1, 1)}
    old = tmp_path / "old.json"
    old.write_text(export_text({"pick": record}, info, student="Bo", login="bo"), "utf-8")
    text, cells = _answers(course, old)
    assert f"Answered: “{WRONG}”, “{RIGHT}”." in " ".join(text.split()), text  # no times kept
    assert cells == [f"{WRONG} | {RIGHT}"]


ON_LESSON_6 = ReviewOutcome(
    at(8), "next-choice", "recursive", "1.0", "board=recursive mode=first size=4 tick=9", False,
    2, cause="wrong", missed_in="iterative", given=("3", "1"),
)  # fmt: skip
OLD = ReviewOutcome(
    at(9), "next-choice", "iterative", "2.0", "board=iterative mode=first size=5 tick=20", False,
    1, cause="wrong",
)  # fmt: skip
"""A review written before the answers were kept."""


def _export(
    folder: Path, outcomes: tuple[ReviewOutcome, ...], missed: str = "iterative 2.0"
) -> Path:
    """Ada's export: ``missed`` (a lesson and its questions missed) and her review."""
    store = ProgressStore(folder / "ada" / "progress.json")
    lesson, *keys = missed.split()
    miss(store, lesson, keys, when=at(0))
    miss(store, "recursive", [], when=at(0))
    path = folder / "ada.json"
    data = export_data(
        store.records, lesson_info(lessons()), "Ada", review=ReviewHistory(outcomes, 5)
    )
    path.write_text(json.dumps(data))
    return path


def test_a_review_question_is_filed_under_the_lesson_of_the_miss_with_its_answers(
    tmp_path: Path,
) -> None:
    """What the student typed for a missed review question, in text, csv and json; a file
    written before they were kept reads as none."""
    path = _export(tmp_path, (ON_LESSON_6, OLD))
    students = ("report", "--lang", "en", "--students", str(path))
    text = run_ok(*students)
    said = " ".join(text.out.split("Reviews (apart from the lesson scores)\n")[1].split())
    assert "From lesson 5, The iterative backtracker" in said
    assert "(missed there), asked on lesson 6's method" in said
    assert "Answered: “3”, “1”." in said and said.count("Answered:") == 1
    table = run_main(*students, "--format", "csv")
    rows = [row for row in csv.DictReader(io.StringIO(table.out)) if row["review"] == "1"]
    assert [(row["lesson"], row["answers"]) for row in rows] == [
        ("iterative", "3 | 1"),
        ("iterative", ""),
    ]
    data = json.loads(run_main(*students, "--format", "json").out)
    reviewed = [(r["lesson"], r["asked_on"], r["answers"]) for r in data["reviews"]]
    assert reviewed == [("iterative", "recursive", ["3", "1"]), ("iterative", "", [])]


def test_a_lesson_she_did_not_do_is_not_named(tmp_path: Path) -> None:
    """A question drawn from lesson 8's question on the same loop (a lesson she did not do)
    is filed under lesson 5 and says nothing of lesson 8."""
    on_8 = ReviewOutcome(
        at(8), "next-choice", "recipe", "1.0", "board=iterative mode=first size=8 tick=40",
        False, 1, cause="wrong", missed_in="iterative",
    )  # fmt: skip
    path = _export(tmp_path, (on_8,))
    text = run_main("report", "--lang", "en", "--students", str(path))
    said = " ".join(text.out.split("Reviews (apart from the lesson scores)\n")[1].split())
    assert "From lesson 5, The iterative backtracker" in said
    assert "asked on lesson" not in said and "lesson 8" not in said
    data = json.loads(run_main("report", "--students", str(path), "--format", "json").out)
    (review,) = data["reviews"]
    assert review["lesson"] == "iterative" and review["asked_on"] == ""


def test_a_lesson_questions_answers_are_recorded_and_shown(tmp_path: Path) -> None:
    """What the student typed is kept with a lesson's outcome and shown for a missed question
    (csv and text); an older record reads as none."""
    from tests.unit.lessons.review_progress import lesson

    store = ProgressStore(tmp_path / "ada" / "progress.json")
    run = LessonRun(lesson("problem"), store)
    while run.asked is None or run.asked.key != "2.0":  # p3: the row of column 3
        if run.asked is not None:
            run.reveal()
        elif run.finished_question is not None:
            run.go_on()
        else:
            assert run.next_page()
    assert not run.answer(" 5 ").correct
    expected = run.asked.posed.expected
    assert run.answer(str(expected)).correct
    record = store.lesson("problem")
    assert record.answers["2.0"].given == ("5", expected)
    path = tmp_path / "ada.json"
    data = export_data(store.records, lesson_info(lessons()), "Ada")
    path.write_text(json.dumps(data))
    table = run_main("report", "--lang", "en", "--students", str(path), "--format", "csv")
    rows = [row for row in csv.DictReader(io.StringIO(table.out)) if row["review"] != "1"]
    (row,) = [row for row in rows if row["lesson"] == "problem" and row["page"] == "3"]
    assert row["answers"] == f"5 | {expected}"
    text = run_main("report", "--lang", "en", "--students", str(path))
    assert re.search(rf"Answered: “5” {MINUTE}, “{expected}” {MINUTE}\.", text.out)
    del data["lessons"]["problem"]["answers"]["2.0"]["given"]  # an older file
    del data["lessons"]["problem"]["answers"]["2.0"]["given_at"]
    path.write_text(json.dumps(data))
    table = run_main("report", "--lang", "en", "--students", str(path), "--format", "csv")
    rows = [row for row in csv.DictReader(io.StringIO(table.out)) if row["lesson"] == "problem"]
    assert all(row["answers"] == "" for row in rows)


def test_a_review_that_kept_a_choices_number_reads_its_words(tmp_path: Path) -> None:
    """A same-diagonal question reviewed before answers were kept as the choice's words
    (``1``, then ``3``) reads by the choices the student was shown."""
    reviewed = ReviewOutcome(
        at(3), "same-diagonal", "diagonals", "0.0", "square=1,2 other=3,0", False, 2,
        cause="wrong", given=("1", "3"),
    )  # fmt: skip
    path = _export(tmp_path, (reviewed,), missed="diagonals 0.0")
    text = run_main("report", "--lang", "en", "--students", str(path))
    said = " ".join(text.out.split("Reviews (apart from the lesson scores)")[1].split())
    assert "Answered: “1. same col+row (sum)”, “3. neither”." in said, said
    table = run_main("report", "--lang", "en", "--students", str(path), "--format", "csv")
    rows = [row for row in csv.DictReader(io.StringIO(table.out)) if row["review"] == "1"]
    assert [row["answers"] for row in rows] == ["1. same col+row (sum) | 3. neither"]


ALPHA = ONE_QUESTION.format(id="alpha")


def course(folder: Path) -> Path:
    folder.mkdir()
    (folder / "20-alpha.md").write_text(ALPHA, encoding="utf-8")
    return folder


def reported(
    course: Path, env: dict[str, str], tmp_path: Path
) -> tuple[str, dict[str, Any], dict[str, str]]:
    """The report's text, its json row and its csv row of the question, from the student's
    export."""
    lessons = ("--lessons-dir", str(course), "--only-course")
    exported = tmp_path / "export.json"
    run_ok("progress", "--export", str(exported), "--force", *lessons, env=env)
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
    said = f"right after 3 attempts\n +Answered: “7” {MINUTE}, “5” {MINUTE}, “2” "
    assert re.search(said, text)


async def test_wrong_answers_are_kept_after_esc_to_the_menu(tmp_path: Path) -> None:
    folder = course(tmp_path / "course")
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(folder)], only_course=True))
    async with menu_opened(app, (100, 30)) as pilot:
        await press_for(pilot, LessonScreen, "enter")
        await pilot.press("7", "enter")
        screen = on_top(app, LessonScreen)
        await wait_for(pilot, lambda: screen.lesson_run.feedback is not None)
        await press_for(pilot, LessonMenuScreen, "escape")
        await press_for(pilot, LessonScreen, "enter")
        await pilot.press("2", "enter")
        reopened = on_top(app, LessonScreen)
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
