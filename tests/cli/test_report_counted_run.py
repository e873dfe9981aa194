"""``report --students`` with a course shows the run of a lesson that counts and says which it
is: a lesson done on time with a miss (1/2) and run again after the due date
(2/2 at 50%, a tie: the earlier run counts) listed the late run's answers and only the
on-time run's miss, as 'earlier run'. The tutor now keeps a finished run's answers when it is
started again, and the report lists that run's outcomes as the run that counts beside the
latest run's."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from lessons.progress.store import ProgressStore
from tests.cli.clirun import run_main
from tests.cli.test_course_identity import account
from tests.cli.test_report_gradebook import LESSON

RIGHT_AFTER_A_MISS = "lesson 20\n3\n2\nenter\n10\nenter\n"
AGAIN_ALL_RIGHT = "lesson 20\n1\nenter\n2\nenter\n10\nenter\n"


class Clock:
    """The progress store's clock, set by the test: ``clock()`` is the moment now."""

    def __init__(self, moment: float) -> None:
        self.moment = moment

    def __call__(self) -> float:
        return self.moment


def runs_around_a_due_date(monkeypatch: pytest.MonkeyPatch) -> tuple[datetime, Clock]:
    """A due date an hour ago, and the progress dated a minute before it: a test moves the
    clock past it between two runs."""
    due = datetime.now().astimezone().replace(microsecond=0) - timedelta(hours=1)
    clock = Clock(due.timestamp() - 60)
    monkeypatch.setattr(ProgressStore, "clock", clock)
    return due, clock


def _course(folder: Path, due: datetime) -> None:
    (folder / "course.toml").write_text(
        '[[assignment]]\nid = "week1"\ntitle = "Week 1"\nlessons = ["alpha"]\n'
        f'due = "{due.isoformat()}"\nlate_credit = 0.5\n',
        encoding="utf-8",
    )


def test_the_run_that_counts_is_shown_and_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    due, clock = runs_around_a_due_date(monkeypatch)
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "20-alpha.md").write_text(LESSON.format(id="alpha"), encoding="utf-8")
    _course(folder, due)
    ada = account(tmp_path / "s-ada", "ada")
    lessons = ("--lessons-dir", str(folder), "--only-course")
    first = run_main("--plain", *lessons, stdin=RIGHT_AFTER_A_MISS, env=ada)
    assert first.status == 0, first.err
    clock.moment = due.timestamp() + 60  # the due date falls between the two runs
    again = run_main("--plain", *lessons, stdin=AGAIN_ALL_RIGHT, env=ada)
    assert again.status == 0, again.err
    exported = tmp_path / "ada.json"
    assert run_main("progress", "--export", str(exported), *lessons, env=ada).status == 0
    report = ("report", "--students", *lessons, str(exported))
    out = run_main(*report).out
    lines = [line.strip() for line in out.splitlines()]
    heading = lines.index("Answers in Lesson alpha (alpha)")
    assert lines[heading + 1].startswith("ada counts 1/2 on time, earned ")
    assert lines[heading + 1].endswith(
        "by an earlier run: its answers are marked “run that counts”, the latest run's “latest run”"
    )
    said = [line.split("  ", 2)[-1] for line in lines[heading + 2 :] if line.startswith("ada  ")]
    assert said == [
        "run that counts: right after 2 attempts",  # 1.1, on time
        "latest run: right at the first attempt",
        "run that counts: right at the first attempt",  # 1.2
        "latest run: right at the first attempt",
    ], out
    # its miss is the counted run's, not said again as an earlier run's
    assert not [line for line in said if "earlier run" in line]
    rows = list(csv.DictReader(io.StringIO(run_main(*report, "--format", "csv").out)))
    lessons_rows = [(row["question"], row["run"], row["right_first"]) for row in rows]
    expected = [("1", "counted", "0"), ("1", "latest", "1"), ("2", "counted", "1")]
    assert lessons_rows == [*expected, ("2", "latest", "1")]
    answers = json.loads(run_main(*report, "--format", "json").out)["answers"]
    assert [row["run"] for row in answers] == ["counted", "latest", "counted", "latest"]
    # when the latest run counts (both runs on time, the latest better), the line says so
    # and the rows are the latest run's, the earlier run's miss said as before
    _course(folder, datetime.now().astimezone() + timedelta(days=1))
    bo = account(tmp_path / "s-bo", "bo")
    for stdin in (RIGHT_AFTER_A_MISS, AGAIN_ALL_RIGHT):
        assert run_main("--plain", *lessons, stdin=stdin, env=bo).status == 0
    later = tmp_path / "bo.json"
    assert run_main("progress", "--export", str(later), *lessons, env=bo).status == 0
    out = run_main("report", "--students", *lessons, str(later)).out
    assert "bo counts 2/2 on time, earned " in out and ", by the latest run" in out, out
    assert "run that counts:" not in out and "earlier run: right after 2 attempts" in out


def test_the_question_statistics_count_the_run_that_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ada missed question 1 in her on-time run (the run that counts) and
    got it right in her late run again; the statistics said 2 of 2 right at the first
    attempt while ``--students`` said "run that counts: right after 2 attempts". They now
    count the run that counts, and the report says which runs they count."""
    due, clock = runs_around_a_due_date(monkeypatch)
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "20-alpha.md").write_text(LESSON.format(id="alpha"), encoding="utf-8")
    _course(folder, due)
    ada = account(tmp_path / "s-ada", "ada")
    lessons = ("--lessons-dir", str(folder), "--only-course")
    assert run_main("--plain", *lessons, stdin=RIGHT_AFTER_A_MISS, env=ada).status == 0
    clock.moment = due.timestamp() + 60  # the due date falls between the two runs
    assert run_main("--plain", *lessons, stdin=AGAIN_ALL_RIGHT, env=ada).status == 0
    exported = tmp_path / "ada.json"
    assert run_main("progress", "--export", str(exported), *lessons, env=ada).status == 0
    data = json.loads(run_main("report", "--format", "json", *lessons, str(exported)).out)
    first = [row for row in data["questions"] if row["question"] == 1 and row["page"] == 1]
    assert [(row["answered"], row["right"], row["right_first"]) for row in first] == [(1, 1, 0)]
    assert first[0]["attempts_mean"] == 2
    out = run_main("report", *lessons, str(exported)).out
    assert "The statistics count each student's run that counts, as the gradebook" in out, out
    # without the course, the latest run: right at the first attempt
    data = json.loads(run_main("report", "--format", "json", str(exported)).out)
    first = [row for row in data["questions"] if row["question"] == 1 and row["page"] == 1]
    assert [(row["answered"], row["right_first"]) for row in first] == [(1, 1)]
    out = run_main("report", str(exported)).out
    assert "The statistics count each student's latest run" in out, out


def test_a_record_made_before_runs_were_kept_is_counted_by_its_latest_run_and_said(
    tmp_path: Path,
) -> None:
    """Where the run that counts is an earlier one whose answers the record
    does not keep (made before they were kept), the statistics can only count the latest run
    (with the earlier runs' misses), and the line above them says whose, as ``--students``
    says it of that student."""
    from lessons.progress.export import LessonInfo, export_text
    from lessons.progress.records import Completion, LessonRecord, QuestionRecord

    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "20-alpha.md").write_text(LESSON.format(id="alpha"), encoding="utf-8")
    due = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=1)
    _course(folder, due)
    early, late = (due - timedelta(hours=2)).timestamp(), (due + timedelta(hours=2)).timestamp()
    record = LessonRecord(page=0, completed=True, best_score=2, max_score=2, runs=2)
    record.answers = {
        f"0.{n}": QuestionRecord(True, 1, scored=True, points=1, at=late) for n in range(2)
    }
    record.earlier = {"0.0": QuestionRecord(True, 2, at=early)}
    record.completions = [Completion(early, 1), Completion(late, 2)]  # 1 on time beats 2 x 50%
    record.updated = late
    path = tmp_path / "ada.json"
    info = {"alpha": LessonInfo("Lesson alpha", 1, 2)}
    path.write_text(export_text({"alpha": record}, info, student="Ada", login="ada"))
    lessons = ("--lessons-dir", str(folder), "--only-course")
    out = run_main("report", *lessons, str(path)).out
    said = " ".join(out.split())
    assert (
        "Counted by the latest run, with the earlier runs' misses, as the record of the run "
        "that counts was made before runs were kept: Ada (Lesson alpha)"
    ) in said, out
    assert (
        "whose answers her file does not keep"
        in run_main("report", "--students", *lessons, str(path)).out
    )
