"""A lesson written as a teacher would, at 80x24: while each question waits the screen shows
neither the tree's refusal nor the overlay's numbers; with the feedback they come back, and the
overlay ends with its page."""

from __future__ import annotations

import re

import pytest

from lessons import i18n
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for

LESSON = """\
@lesson wirth
@title Wirth
@page Tree
@board n=4
@tree on
@step 3
@question attacker
@end
@page Overlay
@board n=5
@overlay diff
@question same-diagonal square=0,0 other=2,2
@end
@quiz
@step 1
@question number
prompt: How many queens stand on the board?
hint: Count them.
answer: 1
@end
"""
RULE = re.compile(r"b\[1\]=1: ")  # the tried square's node with its refusal after it
NUMBERS = re.compile(r"^│[0-4] +· +-?\d")  # a board row whose squares carry numbers


@pytest.mark.thorough
@pytest.mark.timeout(120)
async def test_a_teachers_lesson_shows_no_answer_while_its_questions_wait() -> None:
    app = tutor_on(LESSON)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        shown: list[tuple[str, bool, bool]] = []
        while not run.finished:
            await pilot.pause()
            text = screen_lines(app)
            tree = any(RULE.search(line) for line in text)
            numbers = any(NUMBERS.search(line) for line in text)
            shown.append((f"page {run.page_index} waits={run.asked is not None}", tree, numbers))
            if run.asked is not None:
                await pilot.press("f3")
                await wait_for(pilot, lambda: run.answered)
            else:
                await pilot.press("enter")
                await pilot.pause()
        i18n.set_language("en")
    assert shown[:4] == [
        ("page 0 waits=True", False, False),
        ("page 0 waits=False", True, False),  # the feedback: the node's rule and column
        ("page 1 waits=True", False, False),
        ("page 1 waits=False", False, True),  # the feedback: the row-col numbers
    ], shown
    assert ("page 2 waits=True", False, False) in shown, shown
