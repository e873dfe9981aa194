"""The installed ``queens-tutor review`` in a real terminal of 80x24: the review opens
on its first question with its board, a wrong answer and then the right one are answered by
keyboard, Enter goes on to the next question, the answer shown ends it; escape goes back to the
lesson menu, whose first line then says nothing is due; the outcomes are in the progress
file."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from lessons.progress.reviews import ReviewHistory
from lessons.progress.store import ProgressStore
from lessons.review.run import ReviewRun
from tests.e2e.test_lessons_in_tmux import right_pane, shows
from tests.e2e.tmux import Tmux, tutor_command
from tests.tui.test_lessons_keyboard import lecture_next_choice
from tests.unit.lessons.review_progress import miss
from tui.lesson_context import LessonContext

SEED = 4242


@pytest.mark.integration
def test_a_review_in_a_real_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    store = ProgressStore()
    days_ago = time.time() - 3 * 86_400
    miss(store, "iterative", ["2.0"], when=days_ago)  # next-choice, lesson 5
    miss(store, "diagonals", ["0.0"], when=days_ago)  # same-diagonal, lesson 4
    assert store.merge_review(ReviewHistory((), SEED))
    review = LessonContext.load(lang="en").review()  # what the command will draw
    assert review is not None
    run = ReviewRun(review, None)
    assert run.engine is not None and run.asked is not None
    snapshot = run.engine.snapshot()
    answer = lecture_next_choice(snapshot.b, snapshot.k)  # type: ignore[attr-defined]
    wrong = "b" if answer != "b" else "0"
    with Tmux(f"{tutor_command()} review", env={"XDG_DATA_HOME": str(data)}) as session:
        screen = session.wait_for("Review: where the search goes next (1/2)")
        assert "you missed a question of this kind on" in right_pane(screen)
        assert "board" in screen and "b[]" in screen  # the question's board and its state
        assert " Review of 2 questions: 0 right at the first attempt so far" in screen
        status = next(line for line in screen.splitlines() if " Review of 2 questions" in line)
        assert re.search(r"n = \d+  tick \d+$", status.rstrip()), status  # whole
        session.keys(wrong, "Enter")
        session.wait_for(shows("Try again, or ask for a hint."))
        session.keys(*answer, "Enter")
        # The feedback names every row the loop passes: a long one is read on with Enter.
        screen = session.wait_for(
            lambda s: "Enter: go on." in right_pane(s) or "Enter: read on." in right_pane(s)
        )
        while "Enter: read on." in right_pane(screen):
            session.keys("Enter")
            screen = session.wait_for(lambda s, seen=screen: s != seen)  # type: ignore[misc]
        session.wait_for(shows("Enter: go on."))
        session.keys("Enter")
        session.wait_for("Review: same diagonal (2/2)")
        session.keys("F3")
        screen = session.wait_for(shows("The answer:"))
        session.keys("Enter")
        screen = session.wait_for(
            shows("Review done: 0 of 2 questions right at the first attempt.")
        )
        assert len(screen.splitlines()) <= 24 and all(
            len(line) <= 80 for line in screen.splitlines()
        )
        session.keys("Enter")
        session.wait_for("Review: nothing due")
        session.keys("q")
        assert session.wait_exit() == 0
    saved = json.loads((data / "queens-tutor" / "progress.json").read_text())["review"]
    assert [(o["kind"], o["right"], o["attempts"]) for o in saved["outcomes"]] == [
        ("next-choice", False, 2),  # decided at the wrong answer; the right one counted too
        ("same-diagonal", False, 0),  # the answer shown
    ]
