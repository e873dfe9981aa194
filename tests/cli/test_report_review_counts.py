"""The plain report (no --students) says, in a line a student who reviewed, how many review
questions, how many right at the first attempt and how many kinds are overdue; a line a student who
never reviewed and has kinds due from the lessons' misses; nothing when no kind is due for anyone
(the per-question detail is in --students)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from lessons.progress.reviews import ReviewHistory, ReviewOutcome
from tests.cli.test_report_reviews import OUTCOMES, export, report

HEADING = "Reviews (apart from the lesson scores; --students shows each question)"


def test_the_plain_report_counts_each_students_reviews(tmp_path: Path) -> None:
    ada = export(tmp_path, "Ada", ReviewHistory(OUTCOMES, 5))
    bob = export(tmp_path, "Bob", None, hour=1)
    text = report(str(ada), str(bob))
    assert text.status == 0, text.err
    part = text.out.split(HEADING + "\n")[1].splitlines()
    # 3 asked, 1 right; both kinds were due days ago (the test's clock is 2026-03), the
    # first on 2026-03-04: said as for a student who never reviewed
    assert part[0] == (
        "  Ada  3 review questions, 1 right at the first attempt; 2 kinds overdue since 2026-03-04"
    )
    assert part[1] == "  Bob  never reviewed; 2 kinds due, overdue since 2026-03-03"


def test_a_student_who_never_reviewed_is_said_to_with_what_is_due(tmp_path: Path) -> None:
    bob = export(tmp_path, "Bob", None)
    text = report(str(bob))
    assert text.status == 0, text.err
    part = text.out.split(HEADING + "\n")[1].splitlines()
    assert part[0] == "  Bob  never reviewed; 2 kinds due, overdue since 2026-03-03"
    out = report("--students", "--format", "csv", str(bob)).out
    rows = [row for row in csv.DictReader(io.StringIO(out)) if row["review"] == "1"]
    assert [(r["student"], r["kind"], r["box"], r["due"], r["overdue"]) for r in rows] == [
        ("Bob", "attacker", "1", "2026-03-03", "1"),
        ("Bob", "same-diagonal", "1", "2026-03-03", "1"),
    ]


def test_nothing_is_said_when_nothing_is_due(tmp_path: Path) -> None:
    import time

    # missed now, due tomorrow (a minute ago was yesterday for a run just after midnight, and
    # due today: a run at 00:00:40 failed)
    bob = export(tmp_path, "Bob", None, when=time.time())
    text = report(str(bob))
    assert text.status == 0 and HEADING not in text.out and "review" not in text.out.casefold()


def test_nothing_overdue_is_said(tmp_path: Path) -> None:
    import time

    now = time.time()
    fresh = (
        ReviewOutcome(
            now - 60, "same-diagonal", "diagonals", "0.0", "other=6,3 square=3,0", True, 1
        ),
    )
    ada = export(tmp_path, "Ada", ReviewHistory(fresh, 5), missed=("0.0",))
    line = report(str(ada)).out.split(HEADING + "\n")[1].splitlines()[0]
    assert line.endswith("1 review question, 1 right at the first attempt; nothing overdue")
    # a kind missed in a lesson and never reviewed, due since 2026-03-03, is overdue too
    ada = export(tmp_path, "Ada2", ReviewHistory(fresh, 5))
    line = report(str(ada)).out.split(HEADING + "\n")[1].splitlines()[0]
    assert line.endswith(
        "1 review question, 1 right at the first attempt; 1 kind overdue since 2026-03-03"
    )
