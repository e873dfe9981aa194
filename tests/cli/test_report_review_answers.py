"""``report --students`` files a review question under the lesson its kind was missed in
and shows what the student answered, in text, csv and json."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

from lessons.progress.export import export_data, lesson_info
from lessons.progress.reviews import ReviewHistory, ReviewOutcome
from lessons.progress.store import ProgressStore
from tests.cli.clirun import run_main
from tests.unit.lessons.review_progress import at, lessons, miss

ON_LESSON_6 = ReviewOutcome(
    at(8), "next-choice", "recursive", "1.0", "board=recursive mode=first size=4 tick=9", False,
    2, cause="wrong", missed_in="iterative", given=("3", "1"),
)  # fmt: skip
OLD = ReviewOutcome(
    at(9), "next-choice", "iterative", "2.0", "board=iterative mode=first size=5 tick=20", False,
    1, cause="wrong",
)  # fmt: skip
"""A review written before the answers were kept."""


def _export(folder: Path, outcomes: tuple[ReviewOutcome, ...]) -> Path:
    store = ProgressStore(folder / "ada" / "progress.json")
    miss(store, "iterative", ["2.0"], when=at(0))
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
    text = run_main(*students)
    assert text.status == 0, text.err
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
    from lessons.runner import LessonRun
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
    assert run.answer(str(run.asked.posed.expected)).correct
    record = store.lesson("problem")
    assert record.answers["2.0"].given == ("5", run.finished_question.posed.expected)
    path = tmp_path / "ada.json"
    data = export_data(store.records, lesson_info(lessons()), "Ada")
    path.write_text(json.dumps(data))
    table = run_main("report", "--lang", "en", "--students", str(path), "--format", "csv")
    rows = [row for row in csv.DictReader(io.StringIO(table.out)) if row["review"] != "1"]
    (row,) = [row for row in rows if row["lesson"] == "problem" and row["page"] == "3"]
    assert row["answers"] == f"5 | {run.finished_question.posed.expected}"
    text = run_main("report", "--lang", "en", "--students", str(path))
    expected = run.finished_question.posed.expected
    minute = r"\((?:\d{4}-\d\d-\d\d )?\d\d:\d\d\)"  # its day too when not the line's
    assert re.search(rf"Answered: “5” {minute}, “{expected}” {minute}\.", text.out)
    del data["lessons"]["problem"]["answers"]["2.0"]["given"]  # an older file
    del data["lessons"]["problem"]["answers"]["2.0"]["given_at"]
    path.write_text(json.dumps(data))
    table = run_main("report", "--lang", "en", "--students", str(path), "--format", "csv")
    rows = [row for row in csv.DictReader(io.StringIO(table.out)) if row["lesson"] == "problem"]
    assert all(row["answers"] == "" for row in rows)
