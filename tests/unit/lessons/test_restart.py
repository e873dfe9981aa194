"""Starting a finished lesson again: its quiz drawn anew for each attempt, and the questions missed
before kept for the review."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.progress.records import LessonRecord, QuestionRecord, merge
from lessons.progress.store import ProgressStore
from lessons.review.plan import plan_review
from lessons.runner import LessonRun
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import quiz_page, quiz_run, waiting
from tests.unit.lessons.review_progress import at, lesson, lessons, miss, store_at

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


@pytest.mark.parametrize(
    "lesson_id", sweep(["naive-search", "iterative", "recursive"], everyday=["iterative"])
)
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


def _standings(store: ProgressStore) -> set[str]:
    return set(plan_review(lessons(), store, at(1)).standings)


@pytest.mark.parametrize(
    ("where", "right", "attempts", "kept"),
    [("answers", True, 2, True), ("open", False, 1, True), ("answers", True, 1, False)],
)
def test_a_miss_survives_starting_the_lesson_again(
    tmp_path: Path, where: str, right: bool, attempts: int, kept: bool
) -> None:
    """Right after two attempts, or left after a wrong one: kept for the review (due the next
    day, as before); right at the first attempt: not kept."""
    store = store_at(tmp_path)
    record = store.lesson("diagonals")
    getattr(record, where)["0.0"] = QuestionRecord(right=right, attempts=attempts, at=at())
    record.completed = True
    assert store.save("diagonals", record)
    LessonRun(lesson("diagonals"), store).restart()
    again = store_at(tmp_path)  # as the next start reads it
    assert again.records["diagonals"].answers == {}  # a fresh score
    assert ("same-diagonal" in _standings(again)) is kept
    assert bool(plan_review(lessons(), again, at(1)).due) is kept
    assert kept or again.records["diagonals"].earlier == {}


def test_misses_of_two_runs_merge_to_the_latest_of_each_question() -> None:
    """One entry a question, the latest miss; a file written before, with ``key#2``, reads the same
    way."""
    one = QuestionRecord(right=True, attempts=2, at=at())
    two = QuestionRecord(right=True, attempts=3, at=at(2))
    other = QuestionRecord(right=False, attempts=1, at=at(1))
    ours = LessonRecord(earlier={"0.0": one, "1.0": other})
    theirs = LessonRecord(earlier={"0.0": two})
    both = merge(ours, theirs).earlier
    assert both == {"0.0": two, "1.0": other}
    assert merge(theirs, ours).earlier == both
    assert LessonRecord.from_json(merge(ours, theirs).to_json()).earlier == both
    old = LessonRecord(earlier={"0.0": two, "0.0#2": one, "1.0": other}).to_json()
    assert LessonRecord.from_json(old).earlier == both


def test_earlier_stays_bounded_and_the_review_sees_the_same(tmp_path: Path) -> None:
    """30 restarts, the first question missed each time, keep one miss (the latest) and the
    review due; a miss followed by a right answer stays until the review asked it."""
    store = store_at(tmp_path)
    for day in range(30):
        miss(store, "diagonals", ["0.0", "3.0"] if day == 0 else ["0.0"], when=at(day))
        LessonRun(lesson("diagonals"), store).restart()
    record = store_at(tmp_path).records["diagonals"]
    assert sorted(record.earlier) == ["0.0", "3.0"]  # one a question, not 31
    assert record.earlier["0.0"].at == at(29)
    plan = plan_review(lessons(), store_at(tmp_path), at(30))
    assert plan.standings["same-diagonal"].since == at(29)
    assert {s.kind for s in plan.due} == {"same-diagonal", "attacker"}  # day 0's miss too


def test_a_run_started_again_resumes_where_it_was_left(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    miss(store, "diagonals", ["0.0"])  # completed
    run = LessonRun(lesson("diagonals"), store)
    run.restart()
    last = len(run.lesson.pages) - 1
    run.goto(last)  # the quiz page reached, not answered
    again = store_at(tmp_path)
    record = again.records["diagonals"]
    assert not record.run_finished and record.completed  # the lesson stays done once
    resumed = LessonRun(lesson("diagonals"), again)
    assert resumed.page_index == last
    assert again.in_progress(lessons()) is not None
    for _asked in waiting(resumed):  # finishing the run again ends it
        resumed.reveal()
    assert resumed.record.run_finished and store_at(tmp_path).records["diagonals"].run_finished
