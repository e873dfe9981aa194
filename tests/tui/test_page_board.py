"""A page's board is the page's own: never another page's board or panes, stepped from what is on
screen after a drive, r naming and bringing back the board the text speaks of, a question's
placement shown once answered, the attacks of ticks stepped after an answer."""

from __future__ import annotations

import re

import pytest
from textual.containers import VerticalScroll

from lessons.model import Choice, Question
from lessons.quiz.pose import QuizError, pose
from solver.registry import make_engine
from solver.session.board import BoardSession
from solver.stepping import Mode
from solver.views.frame import BoardFrame, Mark
from solver.views.hidden import given_placement
from tests.tiers import sweep
from tests.tui.lesson_apps import (
    builtin,
    lesson_opened,
    open_builtin,
    open_page,
    run_opened,
    shown_at,
    tutor_on,
    tutor_on_builtin,
)
from tests.tui.place_keys import drive_loop, open_board
from tests.tui.screen_text import pauses, pressed, region_lines, screen_lines, wait_for
from tests.tui.test_board_the_text_speaks_of import _board
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.board import Board
from tui.widgets.lesson_pane import LessonPane

STALE = """@lesson stale
@title Stale
@page Every solution
All the solutions of the 6 x 6 board.
@board n=6 mode=all
@run end

@page An orbit
@question orbit b=[1,3,5,0,2,4]
@end

@page A maze
@board algorithm=maze maze=corridor
@run solution

@quiz
@question choice
prompt: Which one?
- [x] this one
- [ ] that one
  why: not that one.
@end
@board n=4
@step iteration
@question next-choice
@end
"""


async def test_no_page_shows_an_earlier_pages_board_or_solutions() -> None:
    """An answered orbit keeps no earlier solutions box; quiz questions before the page's
    board is set up show no earlier board."""
    app = tutor_on(STALE)
    async with lesson_opened(app) as (pilot, screen):
        box = screen.query_one("#lesson-solutions", VerticalScroll)
        left = screen.query_one("#lesson-left")
        assert box.display  # page 1: its own all-solutions board
        run = screen.lesson_run

        async def on_to(kind: str | None) -> None:
            screen.show(ask=True)
            await pilot.pause()
            asked = run.asked
            assert (asked.question.kind if asked else None) == kind

        assert run.next_page()
        await on_to("orbit")
        assert run.asked is not None
        run.answer(run.asked.posed.expected)
        screen.show()
        await pilot.pause()
        assert run.answered
        assert not box.display  # beside the question's own placement: no earlier count
        run.go_on()
        assert run.next_page()
        await on_to(None)
        assert left.display  # page 3: its maze
        assert run.next_page()
        await on_to("choice")
        assert not left.display  # not page 3's maze and its Solve frames
        assert run.asked is not None
        run.answer(run.asked.posed.expected)
        run.go_on()
        await on_to("next-choice")
        assert left.display  # the page's own board, once it is set up


SIZES = [(80, 24), (120, 40)]

STEPS = ("tick", "back", "iteration", "run")

QUEENS = {Mark.QUEEN, Mark.ATTACKER}


def queens(board: BoardFrame | None) -> set[tuple[int, int]]:
    """The squares drawn with a queen, as (column, line)."""
    if board is None:
        return set()
    return {
        (col, line)
        for line, marks in enumerate(board.squares)
        for col, mark in enumerate(marks)
        if mark in QUEENS
    }


def status(app: object) -> str:
    return screen_lines(app)[-2]  # type: ignore[arg-type]


def tick_shown(app: object) -> int | None:
    found = re.search(r"tick (\d+)", status(app))
    return int(found.group(1)) if found else None


def steps_offered(screen: LessonScreen) -> list[str]:
    return [action for action in STEPS if screen.check_action(action, ()) is True]


def assert_keys_step_what_shows(screen: LessonScreen) -> None:
    """A step key is offered only while the board on screen is the page's board itself, its
    tick in the status line."""
    if not steps_offered(screen):
        return
    session = screen.lesson_run.session
    assert session is not None
    drawn = screen.query_one("#lesson-board", Board).frame
    assert queens(drawn) == queens(session.frame().board), (steps_offered(screen), drawn)
    assert tick_shown(screen.app) == session.tick, status(screen.app)


@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(80, 24)]))
async def test_the_driven_loop_is_the_pages_board_and_steps_from_there(
    size: tuple[int, int],
) -> None:
    app = tutor_on_builtin("2", "en")
    async with run_opened(app, size) as (pilot, screen, run):
        await shown_at(pilot, screen, 7)
        asked = run.asked
        assert asked is not None and asked.posed.values.get("goal") == "drive"
        board = await open_board(pilot, screen)
        await drive_loop(pilot, board)
        driven = board.session.engine.tick
        await pilot.press("escape")
        await wait_for(pilot, lambda: run.answered)
        await pauses(pilot, 3)
        session = run.session
        assert session is not None and session.tick == driven
        # The solution the student drove to, as the page's board, with its tick and b[].
        assert tick_shown(app) == driven, status(app)
        assert len(queens(screen.query_one("#lesson-board", Board).frame)) == 4
        assert screen.query_one("#lesson-table").display
        assert_keys_step_what_shows(screen)
        assert "back" in steps_offered(screen)
        await pilot.press("left")
        await pauses(pilot, 3)
        assert tick_shown(app) == driven - 1, status(app)  # one tick back, not the empty board
        assert_keys_step_what_shows(screen)
        await pilot.press("space")
        await pauses(pilot, 3)
        assert tick_shown(app) == driven, status(app)
        assert len(queens(screen.query_one("#lesson-board", Board).frame)) == 4


@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(120, 40)]))
async def test_a_questions_own_placement_offers_the_pages_board_before_any_step(
    size: tuple[int, int],
) -> None:
    app = tutor_on_builtin("7", "en")
    async with run_opened(app, size) as (pilot, screen, run):
        await shown_at(pilot, screen, 2)
        for _ in range(2):  # both questions of the page, shown and gone on from
            assert run.asked is not None
            await pilot.press("f3")
            await pauses(pilot, 3)
            assert_keys_step_what_shows(screen)
            await pilot.press("enter")
            await pauses(pilot, 3)
        own = {(col, 7 - row) for col, row in enumerate((2, 4, 1, 7, 0, 6, 3, 5))}
        shown = screen.query_one("#lesson-board", Board)
        assert queens(shown.frame) == own  # the second question's placement stays
        assert not steps_offered(screen), steps_offered(screen)
        assert "r Lesson's board" in screen_lines(app)[-1], screen_lines(app)[-1]
        assert_keys_step_what_shows(screen)
        await pilot.press("left")  # not offered: nothing moves
        await pauses(pilot, 3)
        assert queens(shown.frame) == own
        await pilot.press("r")
        await pauses(pilot, 3)
        session = run.session
        assert session is not None
        page = {(col, 7 - row) for col, row in enumerate((0, 4, 7, 5, 2, 6, 1, 3))}
        assert queens(shown.frame) == page  # the page's board, as the lesson left it
        if size == (120, 40):  # the text, whole there, names the board r brought back
            text = region_lines(app, screen.query_one(LessonPane))
            said = " ".join(" ".join(line.strip("│ ") for line in text).split())
            assert "[r] brings back the loop's first solution, b = [0, 4, 7, 5, 2, 6, 1, 3]" in said
        assert tick_shown(app) == session.tick, status(app)
        assert_keys_step_what_shows(screen)
        tick = session.tick
        await pilot.press("left")
        await pauses(pilot, 3)
        assert tick_shown(app) == tick - 1, status(app)
        assert_keys_step_what_shows(screen)


SHOWN = (1, 3, -1, -1, -1)


async def test_lesson_1_page_2_draws_the_questions_b_once_answered() -> None:
    app = builtin(1, 2, (80, 24))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_builtin(pilot, 1, 2)
        asked = screen.lesson_run.asked
        assert asked is not None and asked.posed.shown_after == SHOWN
        assert _board(screen) != given_placement(SHOWN)  # not while it waits: the answer
        await pressed(pilot, "1")  # wrong: still waiting, still not drawn
        assert not screen.lesson_run.answered
        assert _board(screen) != given_placement(SHOWN)
        await pressed(pilot, asked.posed.choice_label(int(asked.posed.expected)))
        assert screen.lesson_run.answered
        assert _board(screen) == given_placement(SHOWN)
        await pressed(pilot, "enter")  # on from the feedback: still drawn
        assert _board(screen) == given_placement(SHOWN)
        session = screen.lesson_run.session
        assert session is not None and session.tick == 0
        # The keys step only what is on screen: space does not step the page's board hidden
        # behind the placement (it swapped one board for the other, and left swapped them
        # back); r shows the page's board, then space steps it.
        await pressed(pilot, "space")
        assert session.tick == 0 and _board(screen) == given_placement(SHOWN)
        await pressed(pilot, "r")
        assert session.tick == 0 and _board(screen) != given_placement(SHOWN)
        await pressed(pilot, "space")  # a step: the page's board, one tick on
        assert session.tick == 1 and _board(screen) != given_placement(SHOWN)
        await pressed(pilot, "left")  # and back: still the page's board
        assert session.tick == 0 and _board(screen) != given_placement(SHOWN)


@pytest.mark.parametrize(
    ("b", "queens"),
    [
        (SHOWN, {(0, 1), (1, 3)}),
        ((1, 3, 0, 2), {(0, 1), (1, 3), (2, 0), (3, 2)}),
        ((-1, 2, -1), {(1, 2)}),
    ],
)
def test_a_given_placement_draws_a_queen_only_where_b_holds_a_row(
    b: tuple[int, ...], queens: set[tuple[int, int]]
) -> None:
    """-1 is no queen (the three -1 of lesson 1 p2 were drawn as queens
    on the top row, as if b[2] = -1 were Python's last row: the misreading the page asks
    about)."""
    board = given_placement(b)
    drawn = {
        (col, int(label))
        for line, label in zip(board.squares, board.row_labels, strict=True)
        for col, mark in enumerate(line)
        if mark is Mark.QUEEN
    }
    assert drawn == queens


@pytest.mark.parametrize(
    ("shows", "words"),
    [
        ("b = [1, 3, -1]", "the page's board is 5 x 5"),
        ("b = [1, 3, -1, -1, 5]", "a row of the 5 x 5 board is 0 to 4"),
        ("q = [1, 3, -1, -1, -1]", "shows: must read b = [...]"),
    ],
)
def test_a_shows_line_that_does_not_fit_the_board_is_refused(shows: str, words: str) -> None:
    question = Question(
        line=3,
        kind="choice",
        prompt="Which squares?",
        choices=(Choice("one", True, line=4), Choice("two", False, line=5)),
        shows=shows,
    )
    board = BoardSession(engine=make_engine("iterative", 5, Mode.FIRST))
    with pytest.raises(QuizError) as raised:
        pose(question, board)
    assert words in str(raised.value)


def marks(board: Board) -> set[Mark]:
    frame = board.frame
    assert frame is not None
    return {mark for line in frame.squares for mark in line}


async def test_lesson_4_p4_draws_the_attacks_of_the_ticks_stepped_after_an_answer() -> None:
    """Back and forth up to the lesson's tick; no further while the attack-rule question about
    that tick is still to come (a tick on would show what answers it)."""
    app = tutor_on_builtin("4", "pl")
    async with lesson_opened(app, (120, 40)) as (pilot, screen):
        page = next(
            i
            for i, p in enumerate(screen.lesson_run.lesson.pages)
            if [q.kind for q in p.questions] == ["attacker", "attack-rule"]
        )
        await open_page(pilot, screen, page)
        run = screen.lesson_run
        asked = run.asked
        assert asked is not None and asked.question.kind == "attacker"
        board = screen.query_one(Board)
        assert Mark.ATTACKED not in marks(board)  # the question waits: nothing given away
        await pressed(pilot, *str(asked.posed.expected), "enter")
        assert run.asked is None and run.finished_question is not None
        session = run.session
        assert session is not None
        lesson_tick = session.tick
        for key, tick in (
            ("left", lesson_tick - 1),
            ("space", lesson_tick),
            ("space", lesson_tick),  # refused: the next question is about this tick
        ):
            await pressed(pilot, key)
            assert session.tick == tick
            shown = marks(board)
            if tick == lesson_tick:  # the lesson's own tick: the next question's board
                assert Mark.ATTACKED not in shown, (tick, shown)
            else:
                assert {Mark.ATTACKED, Mark.ATTACKER, Mark.CANDIDATE} <= shown, (tick, shown)
