"""``queens-tutor progress`` and ``lessons`` say where a finished lesson started again stands as
the lesson menu does: its page and best score, not "done" (review walk 5, F3)."""

from __future__ import annotations

from pathlib import Path

from lessons.progress.words import completion_words
from tests.cli.clirun import run_main
from tests.unit.lessons.review_progress import lesson, store_at


def test_a_lesson_started_again_is_at_its_page_with_its_best_score(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path)}
    store = store_at(tmp_path)
    record = store.lesson("problem")
    record.completed, record.again, record.best_score, record.page = True, True, 3, 2
    assert store.save("problem", record)
    menu = completion_words(store.lesson("problem"), lesson("problem"))
    assert menu == "page 3/6, best 3/6"
    for command in (("progress",), ("lessons", "list")):
        text = run_main(*command, "--lang", "en", env=env)
        assert text.status == 0, text.err
        (line,) = [line for line in text.out.splitlines() if "The problem and its" in line]
        assert line.endswith(f"[{menu}]"), line
