"""``report --students`` names each drawn question as that student was asked it (drawn per
student, or about the live board at the tick drawn for them), in a first run and after a
restart, each student's line with their own instance; the statistics say "drawn per
student"."""

from __future__ import annotations

import csv
import io
import itertools
from pathlib import Path

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.progress.export import LessonInfo, export_text
from lessons.progress.store import ProgressStore
from lessons.quiz.kinds import LIVE
from lessons.runner import LessonRun
from tests.cli.inproc import call
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import quiz_page, quiz_run, waiting

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


def _export(
    tmp_path: Path, name: str, seed: int, answer: int, again: bool = False
) -> tuple[Path, dict[int, str]]:
    """A student's export of lesson 5's quiz (``answer`` questions answered, the next left
    waiting) and each live prompt she was shown; ``again``: in a second run of the lesson."""
    i18n.set_language("en")
    lesson = load_catalog("en").find("iterative")
    assert lesson is not None
    path = tmp_path / name / "progress.json"
    run = quiz_run(lesson, seed, path)
    if again:
        for _asked in waiting(run):
            run.reveal()
        run.restart()
        run = quiz_run(lesson, seed, path)
        assert run.record.attempt == 1
    shown: dict[int, str] = {}
    for number, asked in enumerate(waiting(run)):
        if asked.question.kind in LIVE:
            # the question as asked, without the line that says where in the search it is
            # ("Later in the same search: tick 64."): the report names the question
            prompt = asked.posed.prompt
            moments = ("Later in the same search:", "Earlier in the same search:")
            if prompt.startswith((*moments, "The board shows this search at tick")):
                prompt = prompt.partition("\n")[2]
            shown[number] = " ".join(prompt.split())
        if number == answer:
            break
        run.reveal()
    record = ProgressStore(path).lesson(lesson.id)
    info = {lesson.id: LessonInfo(lesson.title, len(lesson.pages), lesson.max_score)}
    out = tmp_path / f"{name}.json"
    out.write_text(export_text({lesson.id: record}, info, student=name), "utf-8")
    return out, shown


# after a restart (a run drawn anew, kept off what the first asked) everyday; a first run in
# the thorough tier
@pytest.mark.parametrize("again", sweep([False, True], everyday=[True]))
def test_live_quiz_questions_are_named_at_the_students_own_tick(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], again: bool
) -> None:
    lesson = load_catalog("en").find("iterative")
    assert lesson is not None
    quiz = quiz_page(lesson) + 1
    cleo, cleos = _export(tmp_path, "Cleo", 84_001, 3, again)
    dan, dans = _export(tmp_path, "Dan", 912_377, 3, again)
    assert len(cleos) >= 3 and cleos != dans  # the two were asked different situations
    base = ["report", "--students", "--format", "csv", str(cleo), str(dan)]
    status, out, err = call(capsys, *base)
    assert status == 0, err
    rows = [row for row in csv.DictReader(io.StringIO(out)) if row["page"] == str(quiz)]
    for student, shown in (("Cleo", cleos), ("Dan", dans)):
        mine = [row for row in rows if row["student"] == student]
        prompts = {int(row["question"]) - 1: row["prompt"] for row in mine}
        for number, prompt in shown.items():  # answered (shown), and the one left waiting
            assert prompts[number] == prompt, (student, number)
    status, out, err = call(capsys, "report", str(cleo), str(dan))
    assert status == 0, err
    marked = [line for line in out.splitlines() if "drawn per student" in line]
    assert any("Column" in line for line in marked), out
