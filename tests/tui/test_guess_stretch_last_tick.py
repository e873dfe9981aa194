"""A guess stretch that ends on a backtrack keeps its last tick's narration in view, with a word
on what comes next, until space, Enter or escape closes the board; the stretch counts whichever
closes it."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.guess_keys import answer_keys, open_guess
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tui.widgets.guess_pane import GuessPane

# 4 x 4: the 10th tick from the start is the first backtrack (column 2 has no free square).
GUESS = """\
@lesson guessing
@title Guessing

@quiz
@board n=4
@question guess ticks={ticks} goal=3
@end
"""


def backtrack_tick() -> int:
    """The tick of the 4 x 4 search's first backtrack (worked out by its engine)."""
    from solver.methods.iterative.engine import IterativeEngine
    from solver.stepping import step

    engine = IterativeEngine(4)
    k = engine.k
    while step(engine):
        if engine.k < k:
            return engine.tick
        k = engine.k
    raise AssertionError("no backtrack")


@pytest.mark.parametrize("leave", sweep(["space", "enter", "escape"], everyday=["escape"]))
async def test_the_last_tick_is_told_before_the_lesson_comes_back(leave: str) -> None:
    ticks = backtrack_tick()
    app = tutor_on(GUESS.format(ticks=ticks))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        board = await open_guess(pilot)
        while not board.round.done:
            await answer_keys(pilot, board, right=True)
        await pilot.pause()
        assert app.screen is board, "the board closed before its last tick was told"
        told = board.query_one(GuessPane).text
        assert "back to column" in told, told  # the backtrack's own words
        text = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert "The stretch is over" in text, text
        await pilot.press(leave)
        await wait_for(pilot, lambda: app.screen is screen)
        await wait_for(pilot, lambda: run.answered)
        assert run.score == 1  # counted, whichever key closed it
