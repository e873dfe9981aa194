"""A lesson page's board steps with the main screen's keys in its own method (space, left, i, s in
a worker stopped by escape, r); the lesson goes on from its own state; a waiting question
cannot be stepped past."""

from __future__ import annotations

import pytest

from solver.registry import make_engine, steppable_methods, stepped
from solver.stepping import Stop
from tests.tiers import method_sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.screens.lesson_screen import LessonScreen

LESSON = """\
@lesson stepping
@title Stepping

@page Your turn
@board {board}
@step 2
Step this board with the keys.
@question choice
prompt: Ready to step?
- [x] yes
- [ ] no
@end
@step
@expect tick = 3
"""


def tutor(method: str, n: int = 5) -> QueensTutorApp:
    """A one-page lesson on its own board (its id names the board: each is a lesson of its own,
    never one already completed)."""
    board = (
        f"n={n} algorithm={method}"
        if stepped(method).queens
        else f"algorithm={method} maze=corridor"
    )
    text = LESSON.format(board=board).replace("@lesson stepping", f"@lesson stepping-{method}-{n}")
    return tutor_on(text)


def shown(screen: LessonScreen) -> str:
    return "\n".join(screen_lines(screen.app))


# Everyday: the first registered method and every one that is not a queens search (the maze: a
# board of another kind on the page); the thorough tier steps every method's page board.
@pytest.mark.parametrize(
    "method",
    method_sweep(
        steppable_methods(),
        everyday=[steppable_methods()[0]]
        + [name for name in steppable_methods() if not stepped(name).queens],
    ),
)
async def test_the_page_board_steps_in_its_method_and_the_lesson_goes_on(method: str) -> None:
    app = tutor(method)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        engine = run.engine
        assert engine is not None and engine.tick == 2 and run.asked is not None
        await pilot.press("space", "left")  # a question waits: the board is not stepped
        assert engine.tick == 2
        await pilot.press("1")  # the answer
        await wait_for(pilot, lambda: run.answered)
        await pilot.press("space", "space", "right")
        assert engine.tick == 5 and run.explored
        assert "tick 5" in shown(screen)
        await pilot.press("left")
        assert engine.tick == 4
        await pilot.press("i")  # one iteration: at least one tick
        assert engine.tick > 4
        await pilot.press("r")  # the board as the lesson left it
        assert engine.tick == 2 and not run.explored
        await pilot.press("space", "space", "space", "space")
        assert engine.tick == 6 and "tick 6" in shown(screen)
        await pilot.press("enter")  # go on: from the lesson's own tick 2, @step and @expect
        await wait_for(pilot, lambda: run.page_done)
        assert engine.tick == 3 and not run.explored


@pytest.mark.slow(11)
async def test_s_runs_to_the_solution_in_a_worker_and_escape_stops_a_long_run() -> None:
    app = tutor("iterative", n=6)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await pilot.press("1")
        await wait_for(pilot, lambda: run.answered)
        await pilot.press("s")
        engine = run.engine
        assert engine is not None
        await wait_for(pilot, lambda: not screen.running and engine.solutions_found == 1)
        alone = make_engine("iterative", 6)
        alone.run(Stop.SOLUTION)
        assert engine.snapshot().b == alone.snapshot().b  # type: ignore[attr-defined]
        assert f"tick {alone.tick}" in shown(screen)
    app = tutor("iterative", n=28)  # its first solution takes millions of ticks
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await pilot.press("1")
        await wait_for(pilot, lambda: run.answered)
        await pilot.press("s")
        await wait_for(pilot, lambda: screen.running)
        await pilot.press("enter", "n")  # the worker has the board: the lesson waits
        assert run.answered and run.page_index == 0
        await pilot.press("escape")
        await wait_for(pilot, lambda: not screen.running)
        assert isinstance(app.screen, LessonScreen)  # escape stopped the run, not the lesson
        assert run.engine is not None and run.engine.solutions_found == 0
        assert run.engine.tick > 2
        await pilot.press("escape")  # now escape leaves the lesson
        await wait_for(pilot, lambda: not isinstance(app.screen, LessonScreen))
