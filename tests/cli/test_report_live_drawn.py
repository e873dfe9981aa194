"""``report --students`` names each quiz question about the live board (next-choice, next-state,
attacker, ...) as the student was asked it: at the tick drawn for them and recorded with the
answer (``tick=84``), answered or reached and left; the statistics mark such questions "drawn
per student" (lesson 5's "Column 3 (b[3] = 2)", not the lesson's
own "Column 1 (b[1] = 2)")."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.progress.export import LessonInfo, export_text
from lessons.progress.store import ProgressStore
from lessons.quiz.kinds import LIVE
from tests.cli.inproc import call
from tests.unit.lessons.quiz_runs import quiz_page, quiz_run, waiting


def _export(
    tmp_path: Path, name: str, seed: int, answer: int, again: bool = False
) -> tuple[Path, dict[int, str]]:
    """A student who worked lesson 5's quiz (the first ``answer`` questions shown, the next
    one left waiting): her export and the prompt of each live question she was shown;
    ``again``: in a second run of the lesson, after a first whose whole quiz was shown (a
    restart draws anew and keeps off what the first run asked)."""
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


@pytest.mark.parametrize("again", [False, True])
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
