"""A guess question on a maze board in a lesson: each step the Salerno notes' recipe tries is
predicted with y or n (isAdm, worked out from the maze's rows and the path walked, not from the
engine), up to the exit; the question is graded and saved as on the other methods' boards."""

from __future__ import annotations

import pytest

from lessons.progress.store import ProgressStore
from lessons.quiz.guess import MAX_PREDICTIONS
from solver.methods.maze.maze import WALL
from solver.methods.maze.mazes import MazeSnapshot
from solver.registry import make_engine, stepped
from solver.stepping import Kind, Mode, Stop
from tests.tiers import sweep
from tests.tui.guess_keys import open_guess
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import wait_for
from tests.tui.test_lesson_guess import text
from tui.screens.guess_question import GuessQuestionScreen
from tui.widgets.guess_pane import GuessPane

MAZE = "detour"


def to_the_exit() -> int:
    """The ticks the recipe takes from S to the exit of the maze, from an engine of its own."""
    engine = make_engine("maze", 0, Mode.FIRST, MAZE)
    ticks = engine.run(Stop.SOLUTION).ticks
    assert engine.snapshot().last_kind is Kind.SOLUTION
    return ticks


def skipped(ticks: int, most: int) -> int:
    """The ticks stepped before the question, so that it asks at most ``most``: the end of the
    search, up to the exit."""
    kit = stepped("maze")
    engine = kit.make_engine(0, Mode.FIRST, MAZE)
    asks = []
    for _ in range(ticks):
        asks.append(kit.next_test(engine) is not None)
        engine.run(Stop.TICK, max_ticks=1)
    return next(start for start in range(ticks) if sum(asks[start:]) <= most)


TICKS = to_the_exit()
LESSON = """\
@lesson maze-guess
@title Guessing the maze

@quiz
@board algorithm=maze maze={maze}
@step {skip}
@question guess ticks={ticks} goal=5
@end
@expect finished = yes
"""


def open_step(snapshot: MazeSnapshot, square: tuple[int, int]) -> bool:
    """isAdm as the notes define it: the square (column, row) is inside, no wall, not on the
    path walked so far."""
    c, r = square
    rows = snapshot.maze.rows
    inside = 0 <= r < len(rows) and 0 <= c < len(rows[r])
    return inside and rows[r][c] != WALL and (r, c) not in snapshot.path


async def predict(pilot: object, board: GuessQuestionScreen, right: bool) -> None:
    """Every step of the visit predicted (right, or each one wrong) until the screen closes."""
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    while pilot.app.screen is board:
        engine = board.round.engine
        question = board.round.game.question
        before = (engine.tick, question)
        if question is None:
            await pilot.press("space")
        else:
            assert question.test is not None and question.stage.value == "free"
            snapshot = engine.snapshot()
            assert isinstance(snapshot, MazeSnapshot)
            free = open_step(snapshot, question.test.square)
            asked = board.query_one(GuessPane).shown_text()
            assert "isAdm(stato, " in asked, asked  # asked in the notes' words
            await pilot.press("y" if free == right else "n")
        await wait_for(
            pilot,
            lambda before=before: (  # type: ignore[misc]
                pilot.app.screen is not board
                or (board.round.engine.tick, board.round.game.question) != before
            ),
        )


@pytest.mark.slow(21)
@pytest.mark.parametrize(
    ("wrong", "most"),
    sweep([(True, MAX_PREDICTIONS), (False, 10)], everyday=[(False, 10)], several=True),
)
async def test_a_maze_guess_question_is_answered_step_by_step_to_the_exit(
    wrong: bool, most: int
) -> None:
    """Up to the exit, asking at most ``most`` (every run: the last ten). A first visit with
    every step wrong (thorough: the iterative board's test grades one every run) is one attempt,
    back at the start; every step right reaches the exit."""
    skip = skipped(TICKS, most)
    app = tutor_on(LESSON.format(maze=MAZE, skip=skip, ticks=TICKS - skip))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        assert run.asked is not None and run.asked.question.kind == "guess"
        engine = run.engine
        assert engine is not None and engine.method == "maze" and engine.tick == skip > 0
        assert "rule (1, 2 or 3)" not in run.asked.posed.prompt  # the maze has no rules
        assert "is open (y or n)" in text(app)
        for right in [False] * wrong + [True]:
            board = await open_guess(pilot)
            assert board.round.engine is engine
            await predict(pilot, board, right=right)
            await wait_for(pilot, lambda: app.screen is screen)
            await pilot.pause()
            assert run.feedback is not None and run.feedback.correct == right
            if not right:
                assert run.asked is not None and run.asked.attempts == 1 and engine.tick == skip
        assert run.answered and run.asked is None
        assert engine.tick == TICKS and engine.finished
        assert "squares predicted right" in run.feedback.message
    saved = ProgressStore().records["maze-guess"]
    answer = next(iter(saved.answers.values()))
    assert answer.right and answer.attempts == 1 + wrong
