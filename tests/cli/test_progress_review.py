"""``queens-tutor progress`` says where the review stands: how many
questions are due now and the next day one is due, in text and json."""

from __future__ import annotations

import json
import time
from datetime import date, timedelta
from pathlib import Path

from tests.cli.clirun import run_main
from tests.unit.lessons.review_progress import miss, store_at


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
