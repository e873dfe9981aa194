"""A lesson done, then started again after misses: the class table counts every run's hints and
answers shown and says where the new run is; ``--students`` lists the earlier run's misses as
such. The same in text, csv and json."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from lessons.progress.export import export_data, lesson_info
from lessons.progress.records import QuestionRecord
from lessons.runner import LessonRun
from tests.cli.clirun import run_main
from tests.unit.lessons.review_progress import at, lesson, lessons, store_at

FIRST_RUN = {
    "0.0": QuestionRecord(right=True, attempts=1, at=at(0)),
    "1.0": QuestionRecord(right=True, attempts=1, hint=True, at=at(0, 1)),  # a hint
    "3.0": QuestionRecord(right=False, attempts=1, revealed=True, at=at(0, 2)),  # shown
    "4.0": QuestionRecord(right=True, attempts=1, at=at(0, 3)),
    "5.0": QuestionRecord(right=True, attempts=1, at=at(0, 4)),
    **{f"6.{n}": QuestionRecord(True, 1, scored=True, points=1, at=at(0, 5)) for n in range(6)},
    "6.6": QuestionRecord(right=False, attempts=1, revealed=True, scored=True, at=at(0, 6)),
}


def _export(tmp_path: Path) -> Path:
    store = store_at(tmp_path / "ada")
    record = store.lesson("diagonals")
    record.answers.update(FIRST_RUN)
    record.completed, record.best_score, record.page = True, 6, 6
    assert store.save("diagonals", record)
    LessonRun(lesson("diagonals"), store).restart()  # from page 1, a fresh score
    record = store_at(tmp_path / "ada").records["diagonals"]
    record.answers["0.0"] = QuestionRecord(right=True, attempts=2, at=at(1))  # the new run
    record.page = 1
    assert record.again and store.save("diagonals", record)
    path = tmp_path / "ada.json"
    records = store_at(tmp_path / "ada").records
    path.write_text(json.dumps(export_data(records, lesson_info(lessons()), "Ada")))
    return path


def test_the_first_runs_misses_stay_in_the_report(tmp_path: Path) -> None:
    path = _export(tmp_path)
    text = run_main("report", "--lang", "en", str(path))
    assert text.status == 0, text.err
    table = text.out.split("\nReviews (")[0]  # who never reviewed: after
    (ada,) = [line for line in table.splitlines() if line.strip().startswith("Ada")]
    cells = ada.split()
    assert cells[1:5] == ["7/7", "6/7", "1", "2"], ada  # best run; every run's hint and shown
    assert ada.endswith("done  started again, on page 2")
    # the per-question statistics: the earlier run's misses the new run has not reached
    stats = {
        line.split()[0] + "." + line.split()[1]: line.split()[2:8]
        for line in text.out.splitlines()
        if line.startswith("  ") and line.split()[0].isdecimal()
    }
    assert stats["4.1"] == ["1", "0", "0", "0", "1", "0"]  # answered, right, 1st, hints, shown
    assert stats["2.1"] == ["1", "1", "0", "1", "0", "0"]
    assert stats["5.1"][0] == "0"  # right at the first attempt then: not kept, not counted
    table = next(csv.DictReader(io.StringIO(run_main("report", "--format", "csv", str(path)).out)))
    assert (table["hints"], table["shown"], table["again_page"]) == ("1", "2", "2")
    (row,) = json.loads(run_main("report", "--format", "json", str(path)).out)["rows"]
    assert (row["hints"], row["shown"], row["again_page"], row["completed"]) == (1, 2, 2, True)

    students = ("report", "--lang", "en", "--students", str(path))
    answers = run_main(*students).out
    said = {}
    for line in answers.splitlines():
        if line.startswith("  ") and not line.startswith("    "):
            place = line.split()[0]
        elif line.startswith("    Ada"):
            said.setdefault(place, []).append(line[4:].split("  ", 2)[2].strip())
    assert said["1.1"] == ["right after 2 attempts"]  # the new run's
    assert said["2.1"] == [
        "earlier run: right after 1 attempt, with a hint",
        "reached, not answered",
    ]
    assert said["4.1"] == ["earlier run: answer shown after 1 attempt"]
    assert said["7.7"] == ["earlier run: answer shown after 1 attempt"]
    assert "5.1" not in said and "7.1" not in said  # beyond the new run's page, no miss
    rows = list(csv.DictReader(io.StringIO(run_main(*students, "--format", "csv").out)))
    earlier = [(r["page"], r["question"], r["shown"]) for r in rows if r["earlier"] == "1"]
    assert earlier == [("2", "1", "0"), ("4", "1", "1"), ("7", "7", "1")]
    data = json.loads(run_main(*students, "--format", "json").out)
    earlier_json = [(a["page"], a["question"]) for a in data["answers"] if a["earlier"]]
    assert earlier_json == [(2, 1), (4, 1), (7, 7)]
