"""``report --students`` names each drawn question as that student was asked it, also when they
reached it and left it unanswered, and in text each student's line carries their own instance
(no heading shows the first student's instance above everyone's line)."""

from __future__ import annotations

import csv
import io
import itertools
from pathlib import Path

import pytest

from lessons.catalog import load_catalog
from lessons.progress.export import LessonInfo, export_text
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.cli.inproc import call

COUNTING = """@lesson my-counting
@title My counting

@page Counting
Small boards have few solutions.
@question solutions n=4
@end

@quiz
@question solutions n=5 pool=5..7
@end
"""
OWN = "How many solutions does the 5 x 5 board have?"


def left_on_the_quiz(folder: Path, tmp_path: Path, name: str, not_n: set[int]) -> tuple[Path, str]:
    """A student who reached the quiz page and answered nothing there: their export, and the
    prompt the tutor showed them (a size not in ``not_n``)."""
    lesson = next(each for each in load_catalog("en", [folder]).lessons if each.id == "my-counting")
    for seed in range(1, 200):
        store = ProgressStore(tmp_path / name / "progress.json")
        run = LessonRun(lesson, store, page=0)
        run.record.seed = seed
        run.goto(1)
        assert run.asked is not None
        prompt = " ".join(run.asked.posed.prompt.split())
        if not any(f"{n} x {n}" in prompt for n in not_n):
            break
    info = {"my-counting": LessonInfo(lesson.title, len(lesson.pages), lesson.max_score)}
    path = tmp_path / f"{name}.json"
    path.write_text(export_text({"my-counting": run.record}, info, student=name), "utf-8")
    return path, prompt


def test_an_unanswered_drawn_question_is_named_as_the_student_saw_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "11-count.md").write_text(COUNTING, encoding="utf-8")
    carol, carols = left_on_the_quiz(folder, tmp_path, "Carol", {5})
    dan, dans = left_on_the_quiz(folder, tmp_path, "Dan", {5, int(carols.split(" x ")[0][-1])})
    assert carols != dans and OWN not in (carols, dans)
    base = ["report", "--students", "--lessons-dir", str(folder), str(carol), str(dan)]
    status, out, err = call(capsys, *base, "--format", "csv")
    assert status == 0, err
    rows = [row for row in csv.DictReader(io.StringIO(out)) if row.get("page") == "2"]
    assert {row["student"]: row["prompt"] for row in rows} == {"Carol": carols, "Dan": dans}
    status, out, err = call(capsys, *base)
    lines = out.splitlines()
    heading = next(line for line in lines if line.strip().startswith("2.1"))
    assert "solutions" not in heading, heading  # no one student's instance above everyone's
    # each student's own prompt on the line under hers
    pairs = [(a.split()[0], b.strip()) for a, b in itertools.pairwise(lines) if a.strip()]
    assert ("Carol", carols) in pairs and ("Dan", dans) in pairs, out
