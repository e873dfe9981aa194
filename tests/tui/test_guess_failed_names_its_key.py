"""A guess question failed: the feedback names the key that shows the answer as the key bar
does, f3 (issue 39, student walk 5, en F13: "Press [o] to try again, or [s] to show the
answer." beside a key bar naming f3, where s is a letter while an answer is typed)."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.guess_keys import guess_all
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import lines, wait_for
from tui.widgets.key_bar import KeyBar

LESSON = """\
@lesson guessing
@title Guessing

@quiz
@board n=4
@question guess ticks=14 goal=3
@end
"""


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_failed_guess_names_f3_and_f3_shows_the_answer(language: str) -> None:
    app = tutor_on(LESSON, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await guess_all(pilot, screen, right=False)
        assert run.asked is not None and run.feedback is not None
        said = run.feedback.message
        assert "[f3]" in said and "[s]" not in said, said
        bar = " ".join(lines(screen.query_one(KeyBar)))
        assert "f3" in bar, bar
        await pilot.press("f3")
        await wait_for(pilot, lambda: run.answered)
