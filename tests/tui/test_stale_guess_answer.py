"""An answer the guess pane posted for a question that is no longer open is ignored (keys of one
read can change the question before the screen handles the answer)."""

from __future__ import annotations

import pytest

from solver.guess.stage import Stage
from tests.tui.guess_keys import answer_keys, open_guess
from tests.tui.lesson_apps import tutor_on
from tests.tui.screen_text import main_opened
from tests.tui.test_lesson_guess import GUESS
from tui.app import QueensTutorApp
from tui.widgets.guess_pane import GuessPane

SIZE = (80, 24)


@pytest.mark.parametrize(
    ("key", "stale"),
    [
        ("space", GuessPane.Answered(Stage.LAND, 2)),  # the open question: is it free?
        ("space", GuessPane.Answered(Stage.RULE, "2")),
        ("enter", GuessPane.Answered(Stage.FREE, True)),  # the open question: where?
    ],
)
async def test_an_answer_to_another_question_is_ignored(
    key: str, stale: GuessPane.Answered
) -> None:
    app = QueensTutorApp(4, guess=True)
    async with main_opened(app, SIZE) as (pilot, screen):
        before = 1 if key == "space" else 0  # tick 1, b[0]=0; k=1, tests no square
        await pilot.press(*["space"] * before, key)
        question = screen.session.game.question
        assert question is not None and question.stage != stale.stage
        screen.post_message(stale)
        await pilot.pause()  # handled
        assert app.is_running
        assert screen.session.game.question is question  # still open, unanswered
        assert screen.session.engine.tick == before
        await pilot.press("escape", "g", "space")  # and the tutor still steps
        assert screen.session.engine.tick == before + 1


@pytest.mark.parametrize("stale", [Stage.RULE, Stage.FREE])
async def test_a_lesson_guess_question_ignores_an_answer_to_another_question(stale: Stage) -> None:
    """The same on a lesson's guess question (its own screen, tui/screens/guess_question.py,
    whose round, lessons.quiz.guess.GuessRound, answers only the question of the answer's kind)."""
    app = tutor_on(GUESS.format(ticks=14))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = await open_guess(pilot)
        game = board.round.game
        for _ in range(16):  # to a question that is not the stale answer's
            question = game.question
            if question is not None and question.stage != stale:
                break
            await answer_keys(pilot, board, right=True)
        else:
            pytest.fail("no question of another stage in 16 keys")
        tick = board.round.engine.tick
        board.post_message(GuessPane.Answered(stale, True if stale is Stage.FREE else "sum"))
        await pilot.pause()  # handled
        assert app.is_running and app.screen is board
        assert game.question is question  # still open, unanswered
        assert board.round.engine.tick == tick
