"""Review walk 3's teacher and student items (issue 43): a miss is reported by what missed it
first (F7); the intro of a kind missed in the last review says how many days passed (F10); the
prompt a review asked is worked out again, word for word, for the teacher's report (F6)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from lessons.progress.reviews import ReviewHistory
from lessons.review.asked import review_prompt
from lessons.review.boxes import Standing
from lessons.review.plan import plan_review
from lessons.review.run import ReviewRun
from lessons.review.session import compose
from lessons.review.words import why_again
from tests.unit.lessons.review_progress import Clock, at, lesson, lessons, miss, store_at


def _review(tmp_path: Path, name: str, keys: dict[str, list[str]]) -> ReviewRun:
    store = store_at(tmp_path / name)
    for lesson_id, missed in keys.items():
        miss(store, lesson_id, missed, when=at(0))
    review = compose(plan_review(lessons(), store, at(1)), lessons(), store.review, seed=7)
    assert review is not None
    return ReviewRun(review, store, Clock(days=1))


def test_a_miss_keeps_what_missed_it_first(tmp_path: Path) -> None:
    """F7: a wrong first answer, then a hint, is a wrong first answer (the outcome is decided
    at the first answer); a hint before any answer is a hint; the answer shown at once, shown."""
    run = _review(tmp_path, "wrong", {"diagonals": ["0.0"]})  # same-diagonal: a choice
    assert run.asked is not None
    expected = run.asked.posed.expected
    run.answer(str((int(expected) + 1) % 3 + 1))
    run.hint()
    run.answer(str(int(expected) + 1))
    (outcome,) = run.review_store.review.outcomes if run.review_store else ()
    assert (outcome.right, outcome.attempts, outcome.hint, outcome.cause) == (
        False,
        2,
        True,
        "wrong",
    )
    run = _review(tmp_path, "hint", {"diagonals": ["0.0"]})
    assert run.asked is not None
    expected = run.asked.posed.expected
    run.hint()
    run.answer(str(int(expected) + 1))
    (outcome,) = run.review_store.review.outcomes if run.review_store else ()
    assert (outcome.right, outcome.attempts, outcome.hint, outcome.cause) == (
        False,
        1,
        True,
        "hint",
    )
    run = _review(tmp_path, "shown", {"diagonals": ["0.0"]})
    run.reveal()
    (outcome,) = run.review_store.review.outcomes if run.review_store else ()
    assert (outcome.right, outcome.revealed, outcome.cause) == (False, True, "shown")
    # kept through the progress file and a merge
    history = ReviewHistory.from_json(ReviewHistory((outcome,), 7).to_json())
    assert history.outcomes[0].cause == "shown"


def test_a_kind_missed_in_the_last_review_says_the_days_that_passed() -> None:
    """F10: as the right-answer case does."""
    standing = Standing("same-diagonal", box=1, since=at(0), missed_in_lesson=False)
    item: Any = SimpleNamespace(
        standing=standing, template=SimpleNamespace(lesson=lesson("diagonals"))
    )
    text = why_again(item, lessons(), at(5))
    assert "You missed this kind of question in the review of 2026-03-02; 5 days later" in text
    assert "; 1 day later" in why_again(item, lessons(), at(1))


def test_the_report_names_the_prompt_the_review_asked(tmp_path: Path) -> None:
    """F6: every kind's instance, posed again from what the outcome keeps (the lesson, the
    question and the instance), gives the prompt the review's page asked."""
    every = {
        each.id: [
            f"{index}.{number}"
            for index, page in enumerate(each.pages)
            for number, _question in enumerate(page.questions)
        ]
        for each in lessons()
    }
    store = store_at(tmp_path)
    for lesson_id, keys in every.items():
        miss(store, lesson_id, keys, when=at(0))
    plan = plan_review(lessons(), store, at(1))
    kinds = set()
    for seed in (3, 4):
        review = compose(plan, lessons(), store.review, seed)
        assert review is not None
        run = ReviewRun(review, None)
        for index, item in enumerate(review.items):
            run.goto(index)
            assert run.asked is not None
            asked = " ".join(run.asked.posed.prompt.split())
            template = item.template
            again = review_prompt(template.lesson, template.key, item.instance.text)
            assert again == asked, (item.kind, item.instance.text)
            kinds.add(item.kind)
    assert {"next-choice", "same-diagonal", "queen-row"} & kinds


def test_missed_questions_the_review_cannot_ask_are_named_with_what_to_do(
    tmp_path: Path,
) -> None:
    """A lesson's own choice questions missed (the review cannot ask them anew) are named, by
    lesson and page, with what to do, where the review says it has nothing or is done; one
    answered right since (a restart) is not; one whose ``review=`` names the kind that asks
    its skill anew (lesson 1's page 2, reading b[]) is reviewed as that kind instead."""
    from lessons.progress.records import QuestionRecord
    from lessons.review.words import done, nothing_due

    store = store_at(tmp_path)
    miss(store, "problem", ["1.0", "5.0", "5.2"], when=at(0))  # lesson 1's own choices
    plan = plan_review(lessons(), store, at(1))
    assert [standing.kind for standing in plan.due] == ["queen-row"]  # page 2: reading b[]
    said = nothing_due(plan, lessons(), store)
    sentence = (
        "The review cannot ask again what you missed in lesson 1, The problem and its "
        "representation, on page 6: re-read that page."
    )
    assert sentence in said, said
    assert sentence in done(1, 1, plan, lessons())
    miss(store, "diagonals", ["0.0"], when=at(0))  # one the review asks: not named
    assert "lesson 4" not in nothing_due(plan_review(lessons(), store, at(1)), lessons(), store)
    record = store.lesson("problem")  # page 6's questions answered right since
    for key in ("5.0", "5.2"):
        record.answers[key] = QuestionRecord(right=True, attempts=1, at=at(0, hours=1))
    assert store.save("problem", record)
    said = nothing_due(plan_review(lessons(), store, at(1)), lessons(), store)
    assert "lesson 1" not in said, said


def test_reading_b_is_asked_on_a_board_that_shows_that_b(tmp_path: Path) -> None:
    """F4: the review's "reading b[]" question is drawn on a board, as lesson 1 asks it: the
    lecture's search for every solution, at the tick that reports the solution asked."""
    from lessons.quiz.drawers.base import read_instance

    store = store_at(tmp_path)
    miss(store, "problem", ["2.0"], when=at(0))  # lesson 1's queen-row beside its board
    for seed in (1, 2, 3):
        review = compose(plan_review(lessons(), store, at(1)), lessons(), store.review, seed)
        assert review is not None
        (item,) = [item for item in review.items if item.kind == "queen-row"]
        assert item.instance.board is not None and item.instance.tick > 0
        run = ReviewRun(review, None)
        run.goto(review.items.index(item))
        assert run.engine is not None and run.asked is not None
        shown = "[" + ",".join(str(row) for row in run.engine.snapshot().b) + "]"  # type: ignore[attr-defined]
        assert shown == read_instance(item.instance.text)["b"]
