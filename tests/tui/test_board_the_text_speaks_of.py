"""A lesson's board: it steps with the main screen's keys in its own method, the lesson going on
from its own state; a question's placement stays while the text speaks of it, its b[] beside
it; the pane is as tall as the board; a question about the board keeps it and its state in view."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from solver.registry import make_engine, steppable_methods, stepped
from solver.stepping import Stop
from solver.views.hidden import given_placement
from tests.tiers import method_sweep
from tests.tui.lesson_apps import lesson_opened, open_page, run_opened, tutor_on, tutor_on_builtin
from tests.tui.screen_text import pauses, pressed, region_lines, screen_lines, wait_for
from tests.tui.test_lesson_layout import board_is_whole
from tui.app import QueensTutorApp
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.board import Board
from tui.widgets.state_table import StateTable


async def _answer_right(pilot: Pilot[None], screen: LessonScreen) -> None:
    asked = screen.lesson_run.asked
    assert asked is not None
    await pilot.press(
        *(
            asked.posed.choice_label(int(asked.posed.expected))
            if asked.posed.choices
            else asked.posed.expected
        )
    )
    if not asked.posed.choices:
        await pilot.press("enter")
    await pilot.pause()
    assert screen.lesson_run.answered
    await pressed(pilot, "enter")  # on from the feedback


def _board(screen: LessonScreen) -> object:
    assert screen.query_one("#lesson-left").display, "no board on screen"
    return screen.query_one("#lesson-board", Board).frame


async def test_the_board_stays_on_the_solution_the_text_goes_on_about() -> None:
    """Lesson 7: the answer's placement stays while the page's text speaks of it, and on a page
    without a board of its own, the last question's board stays."""
    app = tutor_on_builtin("7")
    async with lesson_opened(app) as (pilot, screen):
        await open_page(pilot, screen, 2)
        await _answer_right(pilot, screen)  # the page's own solution: its board, stepped
        assert screen.lesson_run.kept_board is None
        await _answer_right(pilot, screen)  # b=[2,4,1,7,0,6,3,5]
        assert screen.lesson_run.page_done
        assert "half turn is itself" in screen.lesson_run.shown[-1].markdown
        assert _board(screen) == given_placement((2, 4, 1, 7, 0, 6, 3, 5))
        await open_page(pilot, screen, 3)
        await _answer_right(pilot, screen)  # b=[2,4,1,7,0,6,3,5]
        assert _board(screen) == given_placement((1, 3, 0, 2))  # the next one waits
        await _answer_right(pilot, screen)  # b=[1,3,0,2]
        assert screen.lesson_run.page_done
        assert _board(screen) == given_placement((1, 3, 0, 2))


async def test_the_b_pane_shows_the_placement_the_answer_drew() -> None:
    app = tutor_on_builtin("1")
    async with lesson_opened(app) as (pilot, screen):
        await open_page(pilot, screen, 1)
        run = screen.lesson_run
        assert run.asked is not None
        await pilot.press("2")  # the right choice
        await wait_for(pilot, lambda: run.asked is None)
        table = screen.query_one(StateTable)
        await wait_for(pilot, lambda: table.display and table.size.height > 0)
        await pilot.pause()
        assert table.display and table.size.height > 0
        shown = " ".join(region_lines(app, table))
        assert "1  3 -1 -1 -1" in shown, shown
        assert "k =" not in shown, shown
        assert table.virtual_size.height <= table.size.height  # whole: no scrollbar
        status = " ".join(region_lines(app, screen.query_one("#lesson-status")))
        assert "n = 5" in status and "tick" not in status, status
        await pilot.press("r", "space")  # the page's board again, at its first tick
        await wait_for(pilot, lambda: "k = " in " ".join(region_lines(app, table)))
        assert "1  3 -1 -1 -1" not in " ".join(region_lines(app, table))


async def test_a_one_square_board_has_a_pane_of_its_size() -> None:
    app = tutor_on_builtin("small-boards", "en")
    async with lesson_opened(app, (120, 40)) as (pilot, screen):
        await pauses(pilot, 3)
        board = screen.query_one("#lesson-board", Board)
        frame = board.frame
        assert frame is not None and len(frame.squares) == 1
        assert board.outer_size.height == 1 + 1 + 2, board.outer_size  # its row, numbers, border
        # A later page's larger board: every row of it in view again.
        for page in range(1, len(screen.lesson.pages)):
            await open_page(pilot, screen, page)
            await pauses(pilot, 3)
            frame = board.frame
            if frame is not None and board.display and len(frame.squares) >= 4:
                break
        assert frame is not None and len(frame.squares) >= 4
        assert board.content_region.height >= len(frame.squares) + 1, (
            board.content_region.height,
            len(frame.squares),
        )


PROBE = """\
@lesson probe
@title Probe

@page A question about the board
Some words.
@board n={board}
@step {step}
@question {question}
@end
"""
THUMBS = set("▁▂▃▄▅▆▇█")


@pytest.mark.parametrize(
    ("board", "step", "question"),
    [
        ("8", "5 iterations", "next-state of=k ticks=10"),
        ("5 algorithm=recursive", "3", "next-choice"),
    ],
)
async def test_a_board_question_keeps_its_state_in_view_or_says_where(
    board: str, step: str, question: str
) -> None:
    app = tutor_on(PROBE.format(board=board, step=step, question=question))
    async with lesson_opened(app) as (pilot, screen):
        assert screen.lesson_run.asked is not None
        await pilot.pause()
        table = screen.query_one(StateTable)
        tables = table.tables
        assert tables is not None
        boxed = region_lines(app, table)
        inside = [line.strip("│").split("│")[0].strip() for line in boxed[1:-1]]
        labels = [row.label for row in tables.rows if row.label]
        hidden = [label for label in labels if label not in inside]
        assert not hidden or " lines 1-" in boxed[-1], boxed
        assert any(tables.marker in line for line in boxed), boxed  # "" where it has none
        assert not THUMBS & set("".join(boxed)), boxed
        assert board_is_whole(screen)


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
    async with run_opened(app) as (pilot, screen, run):
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


@pytest.mark.thorough  # the main screen's worker runs are tested every day (test_runs.py)
@pytest.mark.slow(11)
async def test_s_runs_to_the_solution_in_a_worker_and_escape_stops_a_long_run() -> None:
    app = tutor("iterative", n=6)
    async with run_opened(app) as (pilot, screen, run):
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
    async with run_opened(app) as (pilot, screen, run):
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
