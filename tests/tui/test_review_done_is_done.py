"""A finished review is done: its last page offers no ``R`` (it
replayed the same questions as "a new one" and rewrote their saved outcomes: a shown answer
became "right after 1 attempt"), ``R`` there does nothing, and the run refuses to start again."""

from __future__ import annotations

import time

from lessons.progress.reviews import ReviewHistory
from tests.tui.screen_text import wait_for
from tests.tui.test_review_screen import store_at_default
from tests.unit.lessons.review_progress import miss
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.review_screen import ReviewScreen


async def test_r_on_a_finished_review_neither_replays_nor_rewrites() -> None:
    store = store_at_default()
    miss(store, "iterative", ["2.0"], when=time.time() - 3 * 86_400)  # one question due
    assert store.merge_review(ReviewHistory((), 4242))
    app = QueensTutorApp(lessons=LessonContext.load(lang="en"), review=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        run = screen.review_run
        await pilot.press("f3")  # the answer shown: missed
        await wait_for(pilot, lambda: bool(run.outcomes) and run.asked is None)
        # Enter while the board still plays the answer (as many ticks as the instance
        # drawn plays) first ends the playing: pressed until the review is done
        for _press in range(10):
            await pilot.press("enter")
            await pilot.pause()
            if run.finished:
                break
        await wait_for(pilot, lambda: run.finished)
        (saved,) = store_at_default().review.outcomes
        assert saved.revealed and not saved.solved
        assert screen.check_action("restart_at_end", ()) is False
        offered = screen.active_bindings.get("R")
        assert offered is None or not offered.enabled  # not in the key bar
        await pilot.press("R")
        await pilot.pause()
        assert run.finished and run.asked is None  # no question asked again
        run.restart()  # the run refuses too
        assert run.finished and run.asked is None
        assert store_at_default().review.outcomes == (saved,)
