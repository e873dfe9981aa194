"""Starting a finished lesson again with a fresh score draws its quiz anew: each attempt has its own
draw, the same each time it is opened; looking the lesson through keeps the old one; a new attempt
does not ask an instance the student has answered while the question's pool has others."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.progress.records import LessonRecord, merge
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.unit.lessons.quiz_runs import quiz_page, quiz_run, waiting
from tests.unit.lessons.review_progress import lesson

SEED = 424_242


def _work_quiz(run: LessonRun) -> dict[str, str]:
    """Reveal every question of the run's quiz page; the instance each was asked, by key."""
    asked: dict[str, str] = {}
    for each in waiting(run):
        asked[each.key] = each.instance
        run.reveal()
    if run.page_done and run.is_last_page:
        run.next_page()
    return asked


def _first_asked(run: LessonRun) -> tuple[str, str]:
    assert run.asked is not None
    return run.asked.key, run.asked.instance


@pytest.mark.parametrize("lesson_id", ["naive-search", "iterative", "recursive"])
def test_a_restart_asks_other_instances(tmp_path: Path, lesson_id: str) -> None:
    the_lesson = lesson(lesson_id)
    path = tmp_path / "p.json"
    first = _work_quiz(quiz_run(the_lesson, SEED, path))
    drawn = [key for key, instance in first.items() if instance]
    assert drawn
    assert ProgressStore(path).lesson(lesson_id).completed
    # Looking it through (no fresh score) asks the old instances.
    key, instance = _first_asked(
        LessonRun(the_lesson, ProgressStore(path), page=quiz_page(the_lesson))
    )
    assert first[key] == instance
    # Starting it again with a fresh score draws others: none answered before.
    again = LessonRun(the_lesson, ProgressStore(path), restart=True)
    again.goto(quiz_page(the_lesson))
    second = _work_quiz(again)
    for key in drawn:
        assert second[key] != first[key], (key, first[key])
    record = ProgressStore(path).lesson(lesson_id)
    assert record.attempt == 1
    assert all(first[key] in record.asked_before[key] for key in drawn)
    # The second attempt opened again draws the same as it did.
    key, instance = _first_asked(
        LessonRun(the_lesson, ProgressStore(path), page=quiz_page(the_lesson))
    )
    assert second[key] == instance


def test_the_attempt_and_the_asked_instances_survive_the_file_and_a_merge() -> None:
    ours = LessonRecord(attempt=2, asked_before={"5.0": ["n=6", "n=7"]})
    theirs = LessonRecord(attempt=3, asked_before={"5.0": ["n=8"], "5.1": ["tick=40"]})
    both = merge(ours, theirs)
    assert both.attempt == 3
    assert both.asked_before == {"5.0": ["n=6", "n=7", "n=8"], "5.1": ["tick=40"]}
    assert LessonRecord.from_json(both.to_json()) == both
    bad = {**both.to_json(), "asked_before": {"5.0": [1, "n=6"], "5.1": "x"}}
    assert LessonRecord.from_json(bad).asked_before == {"5.0": ["n=6"]}
    assert LessonRecord.from_json({}).attempt == 0
