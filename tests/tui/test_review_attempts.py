"""A review question's attempts as the student made them: one wrong
answer typed on the review's screen is one attempt (it was counted twice: Textual ran the
lesson screen's handler of the answer after the review screen's own, which had called it)."""

from __future__ import annotations

import time

from lessons.progress.reviews import ReviewHistory
from tests.tui.screen_text import wait_for
from tests.tui.test_review_screen import store_at_default
from tests.unit.lessons.review_progress import miss
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.review_screen import ReviewScreen


async def test_one_wrong_answer_is_one_attempt() -> None:
    store = store_at_default()
    ago = time.time() - 3 * 86_400
    miss(store, "iterative", ["2.0"], when=ago)  # next-choice: a typed answer
    assert store.merge_review(ReviewHistory((), 4242))
    app = QueensTutorApp(lessons=LessonContext.load(lang="en"), review=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        asked = screen.lesson_run.asked
        assert asked is not None
        wrong = "b" if asked.posed.expected != "b" else "0"
        await pilot.press(wrong, "enter")
        await wait_for(pilot, lambda: bool(screen.review_run.outcomes))
        await pilot.pause()
        assert screen.lesson_run.asked is not None and screen.lesson_run.asked.attempts == 1
        (outcome,) = store_at_default().review.outcomes
        assert (outcome.kind, outcome.right, outcome.attempts) == ("next-choice", False, 1)
