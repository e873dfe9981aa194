"""A guess stretch missed in a review is said as it went (score below goal, or left early), in the
outcome, at the review's end, in ``progress`` and in the teacher's report."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from lessons.progress.export import export_data, lesson_info
from lessons.progress.reviews import ReviewHistory, ReviewOutcome, Stretch
from lessons.quiz.guess import GuessResult
from lessons.review.plan import plan_review
from lessons.review.run import ReviewRun
from lessons.review.session import compose
from lessons.review.words import done, last_review
from tests.cli.clirun import run_main
from tests.unit.lessons.review_progress import Clock, at, lessons, miss, store_at


def _stretch_run(tmp_path: Path) -> tuple[ReviewRun, int, int]:
    """A review of lesson 5's first quiz stretch, its question waiting: the run, the
    stretch's questions and its goal."""
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


def test_a_stretch_below_its_goal_is_said_by_its_score(tmp_path: Path) -> None:
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


def test_a_board_left_before_the_end_is_said(tmp_path: Path) -> None:
    run, ticks, _goal = _stretch_run(tmp_path)
    run.answer_guess(GuessResult(asked=2, right=2, played=3))
    (outcome,) = run.outcomes.values()
    assert outcome.stretch is not None and outcome.stretch.left
    end = done(0, 1, plan_review(lessons(), store_at(tmp_path), at(1)), lessons(), [outcome])
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
    """``progress``, the text report (however the stretch was answered), its csv and json."""
    runs = [(0, 53, True, "", 22), (1, 120, False, "hint", 19), (2, 140, False, "wrong", 20)]
    outcomes = tuple(
        ReviewOutcome(at(1, hours), "guess", "iterative", "10.6",
                      f"board=iterative size=6 ticks=24 tick={tick}", right, 1,
                      hint=cause == "hint", cause=cause, stretch=Stretch(score, 22, 21, 24, 24),
                      lang="en")
        for hours, tick, right, cause, score in runs
    )  # fmt: skip
    home = tmp_path / "home"
    store = store_at(home)
    miss(store, "iterative", ["10.6"], when=at(0))
    store.add_review(outcomes[-1], 5)
    env = {"HOME": str(home), "XDG_DATA_HOME": str(home)}
    shown = run_main("progress", "--lang", "en", env=env)
    assert shown.status == 0, shown.err
    assert "Missed: predicting ticks (20 of 22 squares right, needed 21)." in shown.out
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
