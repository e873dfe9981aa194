"""Question prompts in the report:
whole in csv and json and on a text report that is not a terminal; a question drawn per student
shown as that student was asked it; one title for a lesson in every section."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from lessons.catalog import load_catalog
from lessons.progress.export import LessonInfo, export_text
from lessons.progress.records import LessonRecord, QuestionRecord
from tests.cli.inproc import call

LESSON = "iterative"
"""The lesson whose answers the exports hold (the Wrocław lecture's loop)."""


def iterative_keys() -> list[str]:
    lesson = load_catalog("en").find(LESSON)
    assert lesson is not None
    return [
        f"{index}.{number}"
        for index, page in enumerate(lesson.pages)
        for number, _question in enumerate(page.questions)
    ]


@pytest.fixture
def files(tmp_path: Path) -> list[str]:
    answers = {key: QuestionRecord(True, 2, at=1_790_000_000.0) for key in iterative_keys()}
    iterative = LessonRecord(page=3, answers=answers)
    drawn = QuestionRecord(
        True, 1, scored=True, points=1, at=1_790_000_000.0, instance="method=bruteforce n=7"
    )
    naive = LessonRecord(page=6, answers={"6.0": drawn})  # lesson 3's quiz: its own n is 6
    info = {"iterative": LessonInfo("An old title", 10, 5)}
    path = tmp_path / "ada.json"
    text = export_text({"iterative": iterative, "naive-search": naive}, info, student="Ada")
    path.write_text(text, encoding="utf-8")
    return [str(path)]


def test_questions_csv_json_and_text_have_whole_prompts(
    files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _status, out, _err = call(capsys, "report", "--questions", "--format", "csv", *files)
    prompts = [row["prompt"] for row in csv.DictReader(io.StringIO(out))]
    assert prompts and not any(prompt.endswith("…") for prompt in prompts)
    assert max(len(prompt) for prompt in prompts) > 60
    _status, out, _err = call(capsys, "report", "--questions", "--format", "json", *files)
    assert not any(row["prompt"].endswith("…") for row in json.loads(out)["questions"])
    longest = max(prompts, key=len)
    _status, out, _err = call(capsys, "report", "--questions", *files)  # not a terminal
    assert longest in out and "…" not in out


def test_one_title_for_a_lesson_in_every_section(
    files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _status, out, _err = call(capsys, "report", "--students", *files)
    assert "An old title" not in out
    _status, out, _err = call(capsys, "report", "--format", "json", *files)
    rows = json.loads(out)["rows"]
    titles = {row["title"] for row in rows if row["lesson"] == LESSON}
    assert titles == {"The iterative backtracker, step by step"}


def test_students_text_wraps_every_prompt_whole(
    files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Whole prompts, wrapped at 80 columns, as csv and json give them; a drawn question as
    the student was asked it, on the line under hers."""
    drawn = QuestionRecord(False, 3, scored=True, at=1_790_000_100.0, instance="method=columns n=5")
    naive = LessonRecord(page=6, answers={"6.1": drawn})
    bob = tmp_path / "bob.json"
    bob.write_text(export_text({"naive-search": naive}, {}, student="Bob"), encoding="utf-8")
    files = [*files, str(bob)]
    _status, out, _err = call(capsys, "report", "--students", "--format", "json", *files)
    answers = json.loads(out)["answers"]
    prompts = {row["prompt"] for row in answers}
    assert max(len(prompt) for prompt in prompts) > 200  # the loop you drive on 4 x 4
    where = ("Ada", "naive-search", 7, 1)
    (asked,) = [
        a["prompt"]
        for a in answers
        if (a["student"], a["lesson"], a["page"], a["question"]) == where
    ]
    assert "search space for n = 7:" in asked  # as she was asked it: the lesson's own n is 6
    _status, out, _err = call(capsys, "report", "--students", *files)
    answers = out[out.index("Answers in ") :]
    assert "…" not in answers
    assert max(len(line) for line in answers.splitlines()) <= 80
    flowing = " ".join(answers.split())
    for prompt in prompts:
        assert " ".join(prompt.split()) in flowing, prompt
    # a drawn question: the student's own prompt on the line under her outcome
    lines = answers.splitlines()
    at = next(n for n, line in enumerate(lines) if "right at the first attempt" in line)
    assert lines[at + 1].startswith("      Brute force puts n queens")
    assert "search space for n = 7:" in " ".join(" ".join(lines[at + 1 : at + 4]).split())
    at = next(n for n, line in enumerate(lines) if "3 wrong attempts" in line)
    assert lines[at + 1].startswith("      One queen per column")
    assert "search space for n = 5:" in " ".join(" ".join(lines[at + 1 : at + 4]).split())
