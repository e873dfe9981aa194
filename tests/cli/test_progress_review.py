"""The student is told where the review stands, as the teacher's report says it: ``progress``
says how many questions are due now, of how many overdue since when, and the next day one is
due, in text and json; the review's intro says the day a late kind was due."""

from __future__ import annotations

import json
import time
from datetime import date, timedelta
from pathlib import Path

from lessons.model import Text
from lessons.review.plan import plan_review
from lessons.review.session import compose
from tests.cli.clirun import run_main
from tests.unit.lessons.review_progress import at, lessons, miss, store_at


def test_progress_says_what_is_due_and_when_next(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path)}
    none = run_main("progress", env=env)
    assert none.status == 0 and "Review: nothing due" in none.out
    store = store_at(tmp_path)
    miss(store, "diagonals", ["0.0"], when=time.time() - 3 * 86_400)  # same-diagonal: due
    miss(store, "iterative", ["2.0"], when=time.time())  # next-choice: due tomorrow
    text = run_main("progress", env=env)
    assert text.status == 0, text.err
    late = (date.today() - timedelta(days=2)).isoformat()  # missed 3 days ago: due the next
    line = f"Review: 1 question due, overdue since {late} (queens-tutor review opens it)"
    assert line in text.out.splitlines(), text.out
    data = json.loads(run_main("progress", "--format", "json", env=env).out)
    assert data["review"] == {"due": 1, "next": (date.today() + timedelta(days=1)).isoformat()}


def test_progress_says_how_many_are_overdue_and_since_when(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path)}
    store = store_at(tmp_path)
    miss(store, "diagonals", ["0.0"], when=time.time() - 5 * 86_400)  # due 4 days ago
    miss(store, "iterative", ["2.0"], when=time.time() - 86_400)  # due today: not late
    text = run_main("progress", "--lang", "en", env=env)
    assert text.status == 0, text.err
    since = (date.today() - timedelta(days=4)).isoformat()
    line = (
        f"Review: 2 questions due; 1 of them overdue since {since} (queens-tutor review opens it)"
    )
    assert line in text.out.splitlines(), text.out


def test_the_intro_says_the_day_a_late_kind_was_due(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    miss(store, "diagonals", ["0.0"], when=at(0))  # due on 2026-03-03
    for day, late in ((1, False), (6, True)):
        review = compose(plan_review(lessons(), store, at(day)), lessons(), store.review, 7)
        assert review is not None
        intro = next(b for b in review.lesson.pages[0].blocks if isinstance(b, Text)).markdown
        assert ("It was due on 2026-03-03." in intro) == late, intro
