"""Honest scores: a hint, a wrong attempt or a shown answer costs the point, and leaving the
lesson and coming back does not give it back; a finished lesson reopens with its score kept."""

from __future__ import annotations

import json
from pathlib import Path

from lessons.progress.records import LessonRecord
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.unit.lessons.test_runner import demo, finish_page, right

QUIZ = 2
"""The demo lesson's quiz page: three scored questions."""


def reopen(path: Path) -> LessonRun:
    return LessonRun(demo(), ProgressStore(path))


def test_a_hint_is_remembered_after_leaving_and_coming_back(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    run = LessonRun(demo(), ProgressStore(path), page=QUIZ)
    run.hint()  # then the student leaves without answering
    again = reopen(path)
    assert again.page_index == QUIZ and again.asked is not None and again.asked.hint_shown
    assert again.answer(right(again)).correct
    assert again.score == 0 and again.record.answers["2.0"].hint


def test_a_wrong_attempt_is_remembered_after_leaving(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    run = LessonRun(demo(), ProgressStore(path), page=QUIZ)
    assert not run.answer("1").correct  # exists n=3: 1 is "yes", wrong
    again = reopen(path)
    assert again.asked is not None and again.asked.attempts == 1
    again.answer(right(again))
    assert again.score == 0 and again.record.answers["2.0"].attempts == 2


def test_a_shown_answer_is_remembered_and_scores_nothing(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    run = LessonRun(demo(), ProgressStore(path), page=QUIZ)
    run.reveal()
    again = reopen(path)
    assert again.asked is not None and again.asked.key == "2.1"  # the shown one is not asked again
    assert again.record.answers["2.0"].revealed and again.score == 0


def test_without_help_the_point_is_scored(tmp_path: Path) -> None:
    run = LessonRun(demo(), ProgressStore(tmp_path / "progress.json"), page=QUIZ)
    run.answer(right(run))
    assert run.score == 1


def test_an_empty_answer_is_not_an_attempt(tmp_path: Path) -> None:
    run = LessonRun(demo(), ProgressStore(tmp_path / "progress.json"), page=QUIZ)
    verdict = run.answer("")
    assert not verdict.counted and run.asked is not None and run.asked.attempts == 0
    run.answer(right(run))
    assert run.score == 1


def test_a_finished_lesson_reopens_at_its_start_with_its_score(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    run = LessonRun(demo(), ProgressStore(path), page=QUIZ)
    run.hint()
    finish_page(run)
    run.next_page()
    assert run.completed and run.score == 2
    again = reopen(path)
    assert again.page_index == 0 and again.score == 2 and again.completed
    fresh = LessonRun(demo(), ProgressStore(path), restart=True)
    assert fresh.page_index == 0 and fresh.score == 0 and fresh.record.best_score == 2


def test_an_old_progress_file_without_open_questions_still_reads() -> None:
    old = {"page": 2, "answers": {"2.0": {"right": True, "attempts": 1, "points": 1}}}
    record = LessonRecord.from_json(json.loads(json.dumps(old)))
    assert record.open == {} and record.score == 1
    assert LessonRecord.from_json(record.to_json()) == record
