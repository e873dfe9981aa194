"""The teacher's page (tui/serve/teacher_page.py) and who is stuck (lessons/report/live.py),
without a server: the stuck first, names escaped, nothing but the page's own HTML."""

from __future__ import annotations

import json
from pathlib import Path

from lessons.catalog import load_catalog
from lessons.progress.export import Export
from lessons.progress.records import LessonRecord, QuestionRecord
from lessons.report.live import class_now, stuck_on
from lessons.report.served import Session, Where
from tui.serve.teacher_page import teacher_page

NOW = 1_795_000_000.0


def export(name: str, **records: LessonRecord) -> Export:
    return Export(name, "", dict(records), {}, intact=True)


def session(user: str, lesson: str | None, page: int | None, state: str = "connected") -> Session:
    where = Where("lesson", lesson, page, "2026-11-18T11:00:00+00:00")
    return Session(user, "192.0.2.1", 42, "2026-11-18T10:00:00+00:00", state, where)


def test_the_stuck_are_the_open_questions_of_the_page_they_are_on() -> None:
    record = LessonRecord(
        answers={"1.0": QuestionRecord(True, 1, at=NOW - 900)},
        open={
            "1.1": QuestionRecord(False, 3, at=NOW - 120),
            "2.0": QuestionRecord(False, 5, at=NOW - 60),  # another page: not where she is
        },
    )
    stuck = stuck_on(export("ada", iterative=record), "iterative", 2, NOW)
    assert stuck is not None and (stuck.question, stuck.attempts, stuck.minutes) == (2, 3, 2.0)
    assert stuck_on(export("ada", iterative=record), "iterative", 1, NOW) is None
    assert stuck_on(export("ada", iterative=record), "recursive", 2, NOW) is None
    seats = class_now(
        [
            session("cy", "iterative", 2, state="detached"),
            session("bob", "iterative", 2),
            session("ada", "iterative", 2),
        ],
        [("a", export("ada", iterative=record)), ("b", export("bob"))],
        NOW,
    )
    assert [seat.session.user for seat in seats] == ["ada", "bob", "cy"]


def test_the_page_escapes_names_and_runs_nothing(tmp_path: Path) -> None:
    root = tmp_path / "served"
    (root / "users").mkdir(parents=True)
    evil = "<script>alert(1)</script>"
    live = {"user": evil, "address": "192.0.2.1", "pid": 7, "started": "x", "state": "connected"}
    (root / "live.json").write_text(json.dumps({"schema": 1, "sessions": [live]}))
    page = teacher_page(root, load_catalog("en"), "tina & co")
    assert "<script" not in page and "&lt;script&gt;" in page and "tina &amp; co" in page
    assert "1 session now, 0 stuck on a question" in page
    assert "Questions of" not in page  # nobody's progress yet: no statistics
