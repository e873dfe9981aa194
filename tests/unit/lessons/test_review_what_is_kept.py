"""What a review keeps and says: the first miss (a guess stretch: its score, or left early), the
days passed, the prompt asked, the kinds it cannot ask, the lesson's method, the answers typed;
in the outcome, at the review's end, in ``progress`` and the teacher's report."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from lessons.model import Lesson
from lessons.progress.export import export_data, lesson_info
from lessons.progress.reviews import ReviewHistory, ReviewOutcome, Stretch
from lessons.progress.store import ProgressStore
from lessons.quiz.guess import GuessResult
from lessons.review.boxes import Standing
from lessons.review.figures import printed_figures, right_figure
from lessons.review.plan import plan_review
from lessons.review.run import ReviewRun
from lessons.review.session import compose
from lessons.review.words import done, last_review, why_again
from tests.cli.clirun import run_main
from tests.tiers import sweep
from tests.unit.lessons.review_progress import (
    Clock,
    at,
    item_of,
    keys_of,
    lesson,
    lessons,
    miss,
    reviews_in_a_row,
    store_at,
)


def _review(tmp_path: Path, name: str, keys: dict[str, list[str]]) -> ReviewRun:
    store = store_at(tmp_path / name)
    for lesson_id, missed in keys.items():
        miss(store, lesson_id, missed, when=at(0))
    review = compose(plan_review(lessons(), store, at(1)), lessons(), store.review, seed=7)
    assert review is not None
    return ReviewRun(review, store, Clock(days=1))


def test_a_miss_keeps_what_missed_it_first(tmp_path: Path) -> None:
    """Wrong, then a hint: wrong; a hint before any answer: a hint; shown at once: shown."""
    for how, cause, hint, attempts in (("wrong", "wrong", True, 2), ("hint", "hint", True, 1)):
        run = _review(tmp_path, how, {"diagonals": ["0.0"]})  # same-diagonal: a choice
        assert run.asked is not None
        expected = run.asked.posed.expected
        if how == "wrong":
            run.answer(str((int(expected) + 1) % 3 + 1))
        run.hint()
        run.answer(str(int(expected) + 1))
        (outcome,) = run.review_store.review.outcomes if run.review_store else ()
        assert (outcome.right, outcome.attempts, outcome.hint, outcome.cause) == (
            False, attempts, hint, cause
        )  # fmt: skip
    run = _review(tmp_path, "shown", {"diagonals": ["0.0"]})
    run.reveal()
    (outcome,) = run.review_store.review.outcomes if run.review_store else ()
    assert (outcome.right, outcome.revealed, outcome.cause) == (False, True, "shown")
    assert not outcome.solved
    # kept through the progress file and a merge
    history = ReviewHistory.from_json(ReviewHistory((outcome,), 7).to_json())
    assert history.outcomes[0].cause == "shown"


def test_the_last_review_is_said_with_the_days_that_passed() -> None:
    """Missed (box 1) or right (box 2) in the last review: said, with its day and the days since."""
    for box, days, said in ((1, 5, "You missed"), (2, 13, "You answered")):
        standing = Standing("same-diagonal", box=box, since=at(0), missed_in_lesson=False)
        item: Any = SimpleNamespace(
            standing=standing, template=SimpleNamespace(lesson=lesson("diagonals"))
        )
        text = why_again(item, lessons(), at(days))
        assert text.startswith(said) and f"review of 2026-03-02; {days} days later" in text, text
        assert "; 1 day later" in why_again(item, lessons(), at(1))


def test_missed_questions_the_review_cannot_ask_are_named_with_what_to_do(tmp_path: Path) -> None:
    """Not once answered right since; one whose ``review=`` names a kind is reviewed as it."""
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


def _lessons_1_3_5(store: ProgressStore) -> None:
    """Lessons 1, 3 and 5 done, every question of lesson 5 missed (the answer shown)."""
    miss(store, "problem", [], when=at(0))
    miss(store, "naive-search", [], when=at(0))
    miss(store, "iterative", keys_of(lesson("iterative")), when=at(0), how="shown")


@pytest.mark.parametrize(
    ("seed", "lesson_6"),
    sweep([(seed, done) for seed in range(1, 7) for done in (False, True)],
          everyday=[(1, False)], several=True),
)  # fmt: skip
def test_a_kind_comes_back_on_the_method_of_the_lesson_it_was_missed_in(
    tmp_path: Path, seed: int, lesson_6: bool
) -> None:
    """On lesson 5's loop, not lesson 6's placeQueens unless she did lesson 6; filed under 5."""
    store = store_at(tmp_path)
    _lessons_1_3_5(store)
    if lesson_6:
        miss(store, "recursive", [], when=at(0))
    for day, review in reviews_in_a_row(store, seed, range(1, 10)):
        item = item_of(review, "next-choice")
        assert item.template.lesson.id in {"iterative", "recursive", "small-boards", "recipe"}
        if not lesson_6:
            assert item.template.lesson.id != "recursive", (day, item.instance.text)
            assert item.instance.board is not None
            assert item.instance.board.algorithm == "iterative"
        assert item.lesson.id == "iterative"
        # asked on another lesson's question: filed under the lesson of the miss
        assert item.template.lesson.id == item.lesson.id or (
            item.missed_in is not None and item.missed_in.id == item.lesson.id
        )
        if day == 1 and not lesson_6:
            page = review.lesson.pages[review.items.index(item)]
            assert "In lesson 5," in page.blocks[0].markdown  # type: ignore[union-attr]


def test_a_review_saves_each_outcome_as_it_goes_with_what_was_typed(tmp_path: Path) -> None:
    """Saved at the first wrong answer, updated by the second: each answer typed, in order."""
    store = store_at(tmp_path)
    miss(store, "naive-search", ["0.0"], when=at(0))
    review = compose(plan_review(lessons(), store, at(1)), lessons(), store.review, 3)
    assert review is not None
    run = ReviewRun(review, store, clock=lambda: at(1))
    assert run.asked is not None
    expected = run.asked.posed.expected
    assert not run.answer(" 12 ").correct
    (saved,) = store_at(tmp_path).review.outcomes
    assert (saved.kind, saved.right, saved.attempts, saved.at) == ("search-space", False, 1, at(1))
    assert saved.instance == review.items[0].instance.text and saved.given == ("12",)
    assert store_at(tmp_path).review.seed == 3
    assert run.answer(expected).correct
    (outcome,) = store_at(tmp_path).review.outcomes
    assert outcome.given == ("12", expected)
    assert not outcome.right and outcome.attempts == 2 and outcome.solved  # right in the end


def _printed_review(
    tmp_path: Path,
    kind: str,
    keys: list[str],
    seed: int,
    days: int,
    loaded: tuple[Lesson, ...] = (),
) -> list[str | None]:
    """The right figures of ``days`` reviews in a row of ``kind``, lesson 3's ``keys`` missed."""
    store = store_at(tmp_path)
    miss(store, "naive-search", keys, when=at(0))
    figures: list[str | None] = []
    for _day, review in reviews_in_a_row(store, seed, range(1, days + 1), loaded):
        figures.append(right_figure(item_of(review, kind).instance))
    return figures


@pytest.mark.parametrize("seed", sweep(range(1, 5), everyday=[1]))
def test_a_courses_pages_figures_are_kept_off_too(tmp_path: Path, seed: int) -> None:
    """A course's printed figures (text or explanation) are kept off too."""
    import math

    from lessons.model import Lesson, Page, Question, Text

    brute, perms = math.comb(81, 9), math.factorial(9)
    page = Page(
        1,
        "Big boards",
        False,
        (
            Text(2, f"Brute force on 9 x 9 has {brute:,} placements."),
            Question(3, "number", prompt="9! ?", answer="1", explain=f"It is {perms:,}."),
        ),
    )
    course = Lesson("big-boards", "Big boards", "en", Path("big.md"), (page,))
    loaded = (*lessons(), course)
    printed = printed_figures(loaded)
    assert {str(brute), str(perms)} <= printed
    figures = _printed_review(tmp_path, "search-space", ["0.0"], seed, 4, loaded)
    assert not set(figures) & printed, figures


def _stretch_run(tmp_path: Path) -> tuple[ReviewRun, int, int]:
    """A review of lesson 5's first quiz stretch waiting: the run, its ticks and its goal."""
    store = store_at(tmp_path)
    miss(store, "iterative", ["10.6"], when=at(0))
    plan = plan_review(lessons(), store, at(1))
    review = compose(plan, lessons(), store.review, seed=3)
    assert review is not None and review.items[0].kind == "guess"
    run = ReviewRun(review, store, Clock(1))
    run.goto(0)
    assert run.asked is not None
    values = run.asked.posed.values
    ticks, goal = int(values["ticks"]), int(values["goal"])
    return run, ticks, goal


def test_a_stretch_below_its_goal_or_left_is_said_so(tmp_path: Path) -> None:
    run, ticks, goal = _stretch_run(tmp_path)
    asked = goal + 3
    verdict = run.answer_guess(GuessResult(asked=asked, right=goal - 2, played=ticks))
    assert not verdict.correct
    (outcome,) = run.outcomes.values()
    assert outcome.cause == "wrong"
    assert outcome.stretch == Stretch(goal - 2, asked, goal, ticks, ticks)
    assert outcome.lang == "en"
    # a second visit, right, changes nothing of the first visit's score
    run.answer_guess(GuessResult(asked=asked, right=asked, played=ticks))
    (outcome,) = run.outcomes.values()
    assert outcome.stretch == Stretch(goal - 2, asked, goal, ticks, ticks) and outcome.solved
    score = f"{goal - 2} of {asked} squares right, needed {goal}"
    # saved, and read back
    kept = store_at(tmp_path).review.outcomes
    assert [each.stretch for each in kept] == [outcome.stretch]
    # the review's end
    plan = plan_review(lessons(), store_at(tmp_path), at(1))
    end = done(0, 1, plan, lessons(), [outcome])
    assert f"Missed: predicting ticks ({score})." in end
    assert "a wrong first answer" not in end
    # progress
    assert f"Missed: predicting ticks ({score})." in last_review(kept)
    run, ticks, _goal = _stretch_run(tmp_path / "left")  # a board left before the end
    run.answer_guess(GuessResult(asked=2, right=2, played=3))
    (outcome,) = run.outcomes.values()
    assert outcome.stretch is not None and outcome.stretch.left
    end = done(
        0, 1, plan_review(lessons(), store_at(tmp_path / "left"), at(1)), lessons(), [outcome]
    )
    assert f"(the board left after 3 of {ticks} ticks)" in end


def test_other_misses_are_named_by_what_missed_them() -> None:
    outcomes = [
        ReviewOutcome(at(1), "attacker", "diagonals", "3.0", "x", False, 1, cause="wrong"),
        ReviewOutcome(at(1, 1), "same-diagonal", "diagonals", "0.0", "y", False, 0, hint=True),
        ReviewOutcome(at(1, 2), "next-choice", "iterative", "2.0", "z", True, 1),
    ]
    said = last_review(outcomes)
    assert said.startswith("Last review, 2026-03-03: 1 of 3 questions right at the first")
    assert "which queen attacks (a wrong first answer); same diagonal (a hint taken)." in said


def test_progress_and_the_report_say_every_stretchs_score(tmp_path: Path) -> None:
    """The text report (however the stretch was answered), its csv and json (``progress`` says
    the last review as the stretch test's ``last_review`` does)."""
    runs = [(0, 53, True, "", 22), (1, 120, False, "hint", 19), (2, 140, False, "wrong", 20)]
    outcomes = tuple(
        ReviewOutcome(at(1, hours), "guess", "iterative", "10.6",
                      f"board=iterative size=6 ticks=24 tick={tick}", right, 1,
                      hint=cause == "hint", cause=cause, stretch=Stretch(score, 22, 21, 24, 24),
                      lang="en")
        for hours, tick, right, cause, score in runs
    )  # fmt: skip
    store = store_at(tmp_path / "home")
    miss(store, "iterative", ["10.6"], when=at(0))
    path = tmp_path / "ada.json"
    data = export_data(
        store.records, lesson_info(lessons()), "Ada", review=ReviewHistory(outcomes, 5)
    )
    path.write_text(json.dumps(data))
    text = run_main("report", "--lang", "en", "--students", str(path))
    assert text.status == 0, text.err
    said = " ".join(text.out.split())
    assert "right at the first attempt (22 of 22 squares right, needed 21)" in said
    assert "missed: a hint taken (19 of 22 squares right, needed 21)" in said
    assert "missed: 20 of 22 squares right, needed 21" in said
    assert "a wrong first answer" not in said
    table = list(
        csv.DictReader(
            io.StringIO(run_main("report", "--students", "--format", "csv", str(path)).out)
        )
    )
    reviewed = [row for row in table if row["review"] == "1"]
    ticks = [[row[f"ticks_{name}"] for name in ("right", "asked", "goal")] for row in reviewed]
    assert ["20", "22", "21"] in ticks, ticks
    js = json.loads(run_main("report", "--students", "--format", "json", str(path)).out)
    stretch = {"right": 20, "asked": 22, "goal": 21, "played": 24, "ticks": 24}
    assert stretch in [each["stretch"] for each in js["reviews"]]


def test_a_file_without_the_stretch_still_loads() -> None:
    old = {"at": at(1), "kind": "guess", "lesson": "iterative", "question": "10.6"}
    old |= {"instance": "", "right": False, "attempts": 1, "cause": "wrong"}
    (outcome,) = ReviewHistory.from_json({"outcomes": [old]}).outcomes
    assert outcome.stretch is None and outcome.lang == ""
    assert "stretch" not in outcome.to_json()
