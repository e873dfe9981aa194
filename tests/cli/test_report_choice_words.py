"""A choice question's answers are kept, and reported, as the choice picked: its number and its
words (not "Answered: “1”, “2”." nor ``1 | 2``, which tell a teacher nothing). A record made before
keeps its numbers and is read with the choices' words where the lesson is loaded."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from lessons.progress.export import LessonInfo, export_text
from lessons.progress.records import LessonRecord, QuestionRecord
from tests.cli.clirun import run_main
from tests.cli.test_course_identity import account

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
    minute = r"\((?:\d{4}-\d\d-\d\d )?\d\d:\d\d\)"  # when each was given
    said = f"Answered: “{re.escape(WRONG)}” {minute}, “{re.escape(RIGHT)}” {minute}\\."
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


def test_a_review_that_kept_a_choices_number_reads_its_words(tmp_path: Path) -> None:
    """The review's rows too: a same-diagonal question reviewed before answers were kept as
    the choice's words (``1``, then ``3``) reads by the choices the student was shown."""
    import json

    from lessons.progress.export import export_data, lesson_info
    from lessons.progress.reviews import ReviewHistory, ReviewOutcome
    from lessons.progress.store import ProgressStore
    from tests.unit.lessons.review_progress import at, lessons, miss

    store = ProgressStore(tmp_path / "ada" / "progress.json")
    miss(store, "diagonals", ["0.0"], when=at(0))
    reviewed = ReviewOutcome(
        at(3), "same-diagonal", "diagonals", "0.0", "square=1,2 other=3,0", False, 2,
        cause="wrong", given=("1", "3"),
    )  # fmt: skip
    path = tmp_path / "ada.json"
    data = export_data(
        store.records, lesson_info(lessons()), "Ada", review=ReviewHistory((reviewed,), 5)
    )
    path.write_text(json.dumps(data), encoding="utf-8")
    text = run_main("report", "--lang", "en", "--students", str(path))
    said = " ".join(text.out.split("Reviews (apart from the lesson scores)")[1].split())
    assert "Answered: “1. same col+row (sum)”, “3. neither”." in said, said
    table = run_main("report", "--lang", "en", "--students", str(path), "--format", "csv")
    rows = [row for row in csv.DictReader(io.StringIO(table.out)) if row["review"] == "1"]
    assert [row["answers"] for row in rows] == ["1. same col+row (sum) | 3. neither"]
