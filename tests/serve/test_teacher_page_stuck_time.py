"""Who is stuck counts time on the question, not only wrong attempts: a
student five minutes on a page whose question she has not answered is stuck on it, with no
attempt made; one who just arrived is not; one who answered it is not."""

from __future__ import annotations

from datetime import UTC, datetime

from lessons.parsing.parser import parse
from lessons.progress.export import Export
from lessons.progress.records import LessonRecord, QuestionRecord
from lessons.report.live import STUCK_MINUTES, class_now
from lessons.report.served import Session, Where

NOW = 1_795_000_000.0
LESSON = parse(
    "@lesson demo\n@title Demo\n\n@page Read\nText.\n\n@page Ask\n@question number\n"
    "prompt: How many solutions has n = 4?\nanswer: 2\n@end\n",
    "demo.md",
).lesson


def at(minutes_ago: float) -> str:
    return datetime.fromtimestamp(NOW - minutes_ago * 60, UTC).isoformat()


def seat_of(user: str, page: int, minutes_ago: float, record: LessonRecord | None):  # type: ignore[no-untyped-def]
    where = Where("lesson", "demo", page, at(minutes_ago))
    session = Session(user, "192.0.2.1", 7, at(60), "connected", where)
    exports = [("x", Export(user, "", {"demo": record} if record else {}, {}, intact=True))]
    assert LESSON is not None
    (seat,) = class_now([session], exports, NOW, {"demo": LESSON})
    return seat.stuck


def test_time_on_a_question_not_answered_counts_as_stuck() -> None:
    stuck = seat_of("ada", 2, STUCK_MINUTES + 2, None)
    assert stuck is not None and (stuck.question, stuck.attempts) == (1, 0)
    assert stuck.on_page is not None and round(stuck.on_page) == STUCK_MINUTES + 2
    assert seat_of("bob", 2, 1, None) is None  # just arrived
    assert seat_of("cy", 1, 30, None) is None  # a page without a question
    done = LessonRecord(page=1, answers={"1.0": QuestionRecord(True, 1, at=NOW - 60)})
    assert seat_of("dee", 2, 30, done) is None  # answered


def test_the_teacher_page_says_how_long_a_student_is_on_the_question(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    from lessons.catalog import load_catalog
    from tui.serve.teacher_page import teacher_page

    root = tmp_path / "served"
    (root / "users" / "ada" / "state" / "queens-tutor").mkdir(parents=True)
    (root / "users" / "ada" / "user.txt").write_text("ada")
    where = {"schema": 1, "screen": "lesson", "lesson": "problem", "page": 2}
    (root / "users" / "ada" / "state" / "queens-tutor" / "where.json").write_text(
        json.dumps({**where, "updated": datetime.now(UTC).replace(year=2020).isoformat()})
    )
    live = {"user": "ada", "address": "192.0.2.1", "pid": 7, "started": at(60)}
    (root / "live.json").write_text(
        json.dumps({"schema": 1, "sessions": [{**live, "state": "connected"}]})
    )
    catalog = load_catalog("en")
    problem = catalog.find("problem")
    assert problem is not None
    assert problem.pages[1].questions  # the page the test puts her on asks something
    page = teacher_page(root, catalog, "tina")
    assert "no answer yet, on the page for" in page and "1 stuck on a question" in page
