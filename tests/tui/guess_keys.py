"""A student answering a ``guess`` question by keyboard: o opens the page's board in guess mode,
space asks about each tick, y / n and 1 / 2 / 3 answer, and the screen closes itself after the
question's ticks. The answers come from the Wrocław lecture's ``isfree`` worked out on the
board's ``b`` (not from the engine's own verdict), right or deliberately wrong."""

from __future__ import annotations

from textual.pilot import Pilot

from solver.methods.iterative.engine import IterativeEngine
from tests.tui.screen_text import press_for, wait_for
from tui.screens.guess_question import GuessQuestionScreen
from tui.screens.lesson_screen import LessonScreen


def lecture_rule(b: tuple[int, ...], x: int, y: int) -> str | None:
    """The key of the rule by which the first earlier queen attacks (x, y), None when free:
    1 the same row, 2 the same col+row, 3 the same row-col (the lecture's isfree)."""
    for i in range(x):
        if b[i] == y:
            return "1"
        if b[i] + i == y + x:
            return "2"
        if b[i] - i == y - x:
            return "3"
    return None


async def open_guess(pilot: Pilot[None]) -> GuessQuestionScreen:
    board = await press_for(pilot, GuessQuestionScreen, "o")
    return board


async def answer_keys(pilot: Pilot[None], board: GuessQuestionScreen, right: bool) -> None:
    """One key on the open screen: space with no question, else an answer."""
    game = board.round.game
    question = game.question
    before = (board.round.engine.tick, question and question.stage)
    if question is None:
        await pilot.press("space")
    else:
        test = question.test
        assert test is not None
        x, y = test.square
        engine = board.round.engine
        assert isinstance(engine, IterativeEngine)  # the lecture's isfree reads its b
        b = tuple(engine.b)
        rule = lecture_rule(b, x, y)
        if question.stage.value == "free":
            await pilot.press("y" if (rule is None) == right else "n")
        else:
            assert rule is not None
            await pilot.press(rule if right else {"1": "2", "2": "3", "3": "1"}[rule])
    await wait_for(
        pilot,
        lambda: (
            pilot.app.screen is not board
            or (
                board.round.engine.tick,
                board.round.game.question and board.round.game.question.stage,
            )
            != before
        ),
    )


async def guess_all(pilot: Pilot[None], screen: LessonScreen, right: bool) -> None:
    """Open the guess board, predict every tick (right, or each one wrong), and wait for the
    lesson screen again."""
    board = await open_guess(pilot)
    while pilot.app.screen is board:
        await answer_keys(pilot, board, right)
    await wait_for(pilot, lambda: pilot.app.screen is screen)
    await pilot.pause()
