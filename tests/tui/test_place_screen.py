"""The place board (key o) and "you drive": cursor keys and clicks, attacking pairs, a solution
with its orbit (saved, or kept until it can be), a board with no solution exhausted by hand,
graded steps and the marks of a wrong one, the legend and the panes' widths, the board kept
between a lesson's visits."""

from __future__ import annotations

import errno
import os
import re
from dataclasses import replace
from itertools import pairwise, permutations
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll

from lessons import i18n
from lessons.progress.safe_file import write_atomically
from lessons.progress.store import data_dir
from lessons.runner import LessonRun
from solver.placement.driving import Act
from solver.views.frame import BoardFrame
from solver.views.squares import Mark
from tests.tiers import sweep
from tests.tui.place_keys import loop_answers
from tests.tui.screen_text import (
    lines,
    on_top,
    press_for,
    pressed,
    region_lines,
    screen_lines,
    tutor_run,
    wait_for,
)
from tui import found_store
from tui.app import QueensTutorApp
from tui.found_store import FILE_NAME, FoundStore
from tui.glyphs import UNICODE
from tui.lesson_context import LessonContext
from tui.screens import place_screen as place_module
from tui.screens.lesson_screen import LessonScreen
from tui.screens.main_screen import MainScreen
from tui.screens.place_screen import PlaceOutcome, PlaceScreen
from tui.widgets.board import Board

SIZE = (80, 24)


def pane_text(app: QueensTutorApp) -> str:
    """The side pane's text, its lines as wrapped on the screen joined by spaces."""
    return " ".join(str(app.screen.query_one("#place-text").render()).split("\n"))


def feedback(app: QueensTutorApp) -> str:
    return " ".join(str(app.screen.query_one("#place-feedback").render()).split())


def row_of(app: QueensTutorApp, row: int) -> list[str]:
    board = lines(app.screen.query_one("#place-board"))
    return next(line for line in board if line.startswith(f"{row} ")).split()


async def test_keys_and_clicks_place_queens_and_the_pane_says_what_is_on_the_board() -> None:
    """Arrows, hjkl and clicks move the cursor and put or take a queen; an attacking pair is
    worded as check words it; a queen put, c and ] say what they did in "what happened"."""
    async with tutor_run(4, size=SIZE) as (app, pilot):
        screen = await press_for(pilot, PlaceScreen, "o")
        assert screen.session.n == 4 and screen.cursor == (0, 0)
        await pilot.press("right", "up", "l", "k", "k")
        assert screen.cursor == (2, 3)
        await pilot.press("h", "j", "down", "down", "down", "left", "left")
        assert screen.cursor == (0, 0)  # stops at the edge
        await pilot.press("k", "l", "space")
        assert screen.flow.placement.queens == {(1, 1)}
        assert feedback(app) == "A queen in column 1, row 1."
        await pilot.pause()
        widget = app.screen.query_one("#place-board")
        assert lines(widget)[2].split() == ["1", "·", "[♛]", "·", "·"], lines(widget)
        # row 3 is the top line; column 2 the third square after the rank labels
        await pilot.click(widget, offset=(1 + 2 + 2 * 3 + 1, 1))
        assert screen.flow.placement.queens == {(1, 1), (2, 3)} and screen.cursor == (2, 3)
        await pilot.click(widget, offset=(1 + 2 + 2 * 3 + 1, 1))
        assert screen.flow.placement.queens == {(1, 1)}
        await pressed(pilot, "h", "h", "j", "j", "j", "space")
        assert (
            "the queens of columns 0 and 1 (rows 0 and 1) attack: "
            "same row-col diagonal: 0-0 = 0 = 1-1" in pane_text(app)
        )
        board = lines(widget)
        assert "♕" in board[3] and "♕" in board[2], board  # both queens of the pair
        await pilot.press("u")
        assert screen.flow.placement.queens == {(1, 1)}
        await pilot.press("c")
        assert feedback(app) == "The board is cleared: no queen on it."
        await pilot.press("space", "right_square_bracket")
        assert feedback(app) == "A new 5 x 5 board, with no queen on it."
        await pilot.press("escape")
        assert isinstance(app.screen, MainScreen)


async def test_a_solution_is_recognised_with_its_class_and_remembered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A solution is named with its class and orbit and remembered at the next visit; when it
    cannot be saved (a full disk) the student is told once, and the board's timer saves it
    once space is freed."""

    def full(target: Path, data: bytes, *args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(found_store, "write_atomically", full)
    monkeypatch.setattr(place_module, "RETRY_SECONDS", 0.05)
    app = QueensTutorApp(5)
    notices: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: notices.append(str(message)))
    async with app.run_test(size=SIZE) as pilot:
        await pressed(pilot, "o")
        # not told before the first is found: lesson 2 asks whether there is one
        assert "Solutions of n = 5" not in pane_text(app)
        # b = [0, 2, 4, 1, 3]: the loop's first solution of n = 5.
        for row in (0, 2, 4, 1, 3):
            await pilot.press(*["k"] * row, "space", *["j"] * row, "l")
        await pilot.pause()
        text = pane_text(app)
        assert "A solution: b = [0, 2, 4, 1, 3]." in text
        assert "fundamental solution 1 of 2" in text  # n = 5: 10 solutions, 2 classes
        assert "whose orbit has 8 distinct solutions" in text
        assert "New: you had not found it before." in text
        assert "Solutions of n = 5 found: 1 of 10." in text
        told = [notice for notice in notices if "could not be saved" in notice]
        assert len(told) == 1 and "No space left" in told[0], notices
        path = data_dir() / FILE_NAME
        assert not path.exists()
        monkeypatch.setattr(found_store, "write_atomically", write_atomically)  # space freed
        await wait_for(pilot, path.exists)
        assert FoundStore(path).of(5) == ((0, 2, 4, 1, 3),)
        await pilot.press("escape", "o")  # a new visit: the solution is remembered
        for row in (0, 2, 4, 1, 3):
            await pilot.press(*["k"] * row, "space", *["j"] * row, "l")
        await pilot.pause()
        assert "You found this one before." in pane_text(app)
        assert "Of its orbit you have found 1 of 8." in pane_text(app)


async def test_n3_is_exhausted_by_hand_and_the_pane_pages() -> None:
    """The six placements of 3 x 3 clicked: "none works" said once, when the last is ruled out;
    the pane beside the board, longer than its room at 80x24, pages with PgDn and PgUp."""
    async with tutor_run(3, size=SIZE) as (app, pilot):
        screen = await press_for(pilot, PlaceScreen, "o")
        told = False
        for b in permutations(range(3)):
            await pilot.press("c")
            for col, row in enumerate(b):
                await pilot.click(
                    screen.query_one("#place-board"), offset=(1 + 2 + 3 * col + 1, 1 + 2 - row)
                )
                if not told and "none works" in pane_text(app):
                    told = True
                    assert "the 3 x 3 board has no solution" in feedback(app)
                    assert screen.flow.exhaustion is not None and all(
                        c.settled and not c.works for c in screen.flow.exhaustion.candidates()
                    )
        assert told
        assert "none works: the 3 x 3 board has no solution" in pane_text(app)
        assert "Solutions of n = 3" not in pane_text(app)  # never said before it is found out
        await pilot.pause()
        info = screen.query_one("#place-info", VerticalScroll)
        assert info.max_scroll_y > 0  # more than the pane holds
        top = info.scroll_y
        await pressed(pilot, "pagedown")
        assert info.scroll_y > top
        # no scrollbar thumb (one reads as a value): the pane's border says which lines show
        assert info.styles.scrollbar_visibility == "hidden" or not info.show_vertical_scrollbar
        assert re.search(r"lines \d+-\d+ of \d+", region_lines(app, info)[-1])
        await pressed(pilot, "pageup")
        assert info.scroll_y == top


async def test_you_drive_grades_each_step_against_the_engine() -> None:
    """Each step is graded against the engine; the pane says where the loop stands ("b[0]=0;
    k=1 is played" as the drive opens and after c, not after); once the loop is over the bar
    offers no answer key, until u takes the solution's tick back."""
    async with tutor_run(4, size=SIZE) as (app, pilot):
        screen = await press_for(pilot, PlaceScreen, "o", "y")
        assert screen.flow.drive
        answers = loop_answers(4)
        # The loop's first step tries (1, 0), attacked along the row; the student says free.
        assert answers[0].act is Act.TRY and answers[0].square == (1, 0)
        said = " ".join(feedback(app).split())
        assert said.startswith("b[0]=0; k=1 is played: the loop starts at column 1."), said
        assert "b[0]=0; k=1 is played" not in " ".join(pane_text(app).split())
        await pilot.pause()
        assert "space Attacked" in screen_lines(app)[-1]
        await pilot.press("l", "enter")
        assert (screen.session.right, screen.session.asked) == (0, 1)
        assert "Column 1, row 0 is attacked by the queen in column 0 along the row" in (
            feedback(app)
        )
        # The loop played it anyway; a backtrack now is wrong too.
        await pilot.press("b")
        assert "still has rows to try" in feedback(app)
        # Then every step as the engine plays it is right, up to the solution.
        for number, answer in enumerate(answers[2:], start=2):
            if answer.act is Act.BACKTRACK:
                await pilot.press("b")
            else:
                assert answer.square is not None
                screen.cursor = answer.square
                await pilot.press("space" if answer.act is Act.TRY else "enter")
            if number == 3:
                assert "b[0]=0; k=1" not in " ".join((feedback(app) + pane_text(app)).split())
                assert "k = 2" in " ".join(pane_text(app).split())
        await pilot.pause()
        assert screen.session.over
        assert (screen.session.right, screen.session.asked) == (len(answers) - 2, len(answers))
        text = pane_text(app)
        assert f"Score: right {len(answers) - 2}/{len(answers)}." in text
        assert "The loop found the solution b = [1, 3, 0, 2]." in text
        bar = screen_lines(app)[-1]
        assert "Attacked" not in bar and "Free" not in bar and "Backtrack" not in bar, bar
        assert "c Again" in bar, bar
        await pressed(pilot, "u")  # the solution's tick taken back: the loop goes on
        assert "space Attacked" in screen_lines(app)[-1]
        await pressed(pilot, "c")  # started over: said again
        assert "space Attacked" in screen_lines(app)[-1]
        assert " ".join(feedback(app).split()).startswith("b[0]=0; k=1 is played")


@pytest.mark.thorough  # a fuzz: the tests above press each of its keys
@pytest.mark.slow(7)
async def test_random_keys_on_the_place_board_and_in_you_drive() -> None:
    import random

    from textual import events

    rng = random.Random(20261123)
    keys = (
        [(c, c) for c in "hjklbucxy[]?o"]
        + [
            ("space", " "),
            ("enter", "\r"),
            ("backspace", "\x7f"),
            ("right_square_bracket", "]"),
            ("left_square_bracket", "["),
        ]
        + [(k, None) for k in ("up", "down", "left", "right")]
    )
    for start in ("o", "o y"):
        async with tutor_run(rng.choice((2, 3, 4, 8)), size=SIZE) as (app, pilot):
            await pilot.press(*start.split())
            for _ in range(40):
                for _ in range(rng.randint(1, 30)):
                    key, char = rng.choice(keys)
                    app.post_message(events.Key(key, char))
                await pilot.pause()
            assert not app.exiting


async def test_ascii_mode_draws_the_place_board_in_ascii() -> None:
    from tui.glyphs import ASCII

    async with tutor_run(4, glyphs=ASCII, size=SIZE) as (app, pilot):
        await pressed(pilot, "o", "space", "l", "k", "space", "x")
        board = lines(app.screen.query_one("#place-board"))
        assert all(line.isascii() for line in board), board
        assert "[A]" in board[2] and "A" in board[3], board
        assert pane_text(app).isascii()


async def test_the_screen_reused_with_a_start_and_a_callback_reports_its_outcome() -> None:
    outcomes: list[PlaceOutcome] = []
    async with tutor_run(2, size=SIZE) as (app, pilot):
        app.push_screen(PlaceScreen(2, queens=[(0, 0), (1, 1)]), outcomes.append)
        await pilot.pause()
        assert on_top(app, PlaceScreen).flow.placement.queens == {(0, 0), (1, 1)}
        await pressed(pilot, "c", "k", "space", "l", "j", "space")
        assert "the 2 x 2 board has no solution" in feedback(app)
        await pressed(pilot, "escape")
        assert isinstance(app.screen, MainScreen)
    assert outcomes == [  # the queens left on the board come back with the outcome
        PlaceOutcome(
            n=2, found=(), exhausted=True, right=0, asked=0, queens=((0, 1), (1, 0)), cursor=(1, 0)
        )
    ]


async def test_a_wrong_step_in_you_drive_is_marked_until_the_next_step() -> None:
    """A wrong step is marked on its square by ``!`` (not colour alone), beside the loop's queen
    and outside the cursor's brackets; the feedback says "Not right" and where the loop went
    instead; the next step, right, takes the mark away."""
    async with tutor_run(4, size=SIZE) as (app, pilot):
        # b[0]=0; k=1 played: the loop tries (1, 0), attacked
        screen = await press_for(pilot, PlaceScreen, "o", "y")
        screen.cursor = (1, 0)
        await pilot.press("enter")  # called free, on the square the loop tries
        assert row_of(app, 0)[:3] == ["0", "♕", "[!]"]  # ♕: the queen that attacks it
        assert "! column 1, row 0: the square of your last step, graded wrong." in pane_text(app)
        assert feedback(app).startswith("Not right. Column 1, row 0 is attacked"), feedback(app)
        await pilot.press("c")
        screen.cursor = (2, 0)
        await pilot.press("enter")  # (2, 0) called free: the loop went to (1, 0) instead
        assert row_of(app, 0) == ["0", "♕", "✕", "[!]", "·"]
        assert feedback(app).startswith("Not right."), feedback(app)
        assert "Instead, the loop tries column 1, row 0: it is attacked" in feedback(app)
        assert "! column 2, row 0: the square of your last step, graded wrong" in pane_text(app)
        screen.cursor = (1, 1)
        await pilot.press("space")  # (1, 1) attacked: right, the mark goes
        assert screen.session.wrong is None and feedback(app).startswith("Right:")
        assert not any("!" in line for line in lines(app.screen.query_one("#place-board")))
        assert "graded wrong" not in pane_text(app)
        screen.cursor = (1, 2)
        await pilot.press("space")  # (1, 2) called attacked: the loop's queen goes there
        assert screen.session.wrong == (1, 2)
        assert row_of(app, 2)[:3] == ["2", "·", "[♛]!·"]  # the mark after the brackets
        await pilot.press("right")
        assert row_of(app, 2)[:3] == ["2", "·", "♛![·]"]  # the cursor moved
        screen.cursor = (2, 0)
        await pilot.press("space")  # (2, 0): attacked, right; the mark goes
        assert screen.session.wrong is None
        assert not any("!" in line for line in lines(app.screen.query_one("#place-board")))


@pytest.mark.parametrize("width", sweep([80, 84, 90, 100, 120], everyday=[84]))
async def test_a_board_size_is_never_split_across_lines(width: int) -> None:
    """ "none works: the 2 x 2 board has no solution" is never wrapped inside "2 x 2"."""
    async with tutor_run(2, size=(width, 24)) as (app, pilot):
        screen = await press_for(pilot, PlaceScreen, "o")
        for b in permutations(range(2)):
            await pilot.press("c")
            for col, row in enumerate(b):
                await pilot.click(
                    screen.query_one("#place-board"), offset=(1 + 2 + 3 * col + 1, 1 + 1 - row)
                )
        assert "none works" in pane_text(app)
        for pane in ("#place-text", "#place-feedback"):
            shown = [
                line.strip("│╭╮╰╯─ ") for line in region_lines(app, app.screen.query_one(pane))
            ]
            for line, after in pairwise(shown):
                assert not (line.rstrip().endswith("2") and after.startswith("x 2")), (line, after)
                assert not (line.rstrip().endswith("2 x") and after.startswith("2")), (line, after)


async def test_a_crowded_board_lists_forty_pairs_and_counts_them_all() -> None:
    """Two full rows of ten: the pane counts every attacking pair, lists the first forty and
    says how many more; a cursor move does not lay them out again."""
    async with tutor_run(4, size=SIZE) as (app, pilot):
        row = ["space", "l"] * 10 + ["k"] + ["space", "h"] * 10
        screen = await press_for(pilot, PlaceScreen, "o", *["right_square_bracket"] * 6, *row)
        assert screen.flow.n == 10 and len(screen.flow.placement.queens) == 20
        attacking = len(screen.flow.placement.state().attacks)
        text = pane_text(app)
        assert f"{attacking} pairs attack:" in text
        assert f"{attacking - 40} more pairs attack (the first 40 are listed)." in text
        assert text.count("attack: same") == 40
        await pilot.press("l", "j")
        assert pane_text(app) == text  # a cursor move changes nothing the pane says


@pytest.mark.parametrize("n", sweep([2, 3, 8], everyday=[2]))
async def test_a_small_board_leaves_the_side_pane_the_width(n: int) -> None:
    """The board's pane is as wide as its board and title need; the side pane has the rest."""
    async with tutor_run(n, size=(120, 40)) as (app, pilot):
        await pressed(pilot, "o")
        await pilot.pause()
        screen = on_top(app, PlaceScreen)
        board = screen.query_one("#place-board")
        info = screen.query_one("#place-info")
        drawn = [line.rstrip() for line in lines(board)]
        used = max(len(line) for line in drawn)
        assert board.content_region.width <= max(used, len(str(board.border_title)) + 4) + 2, (
            board.content_region.width,
            drawn,
        )
        assert info.outer_size.width >= 120 - board.outer_size.width - 1
        assert info.size.width > 46


@pytest.mark.parametrize(
    ("page", "moves", "kept"),
    sweep(
        [
            (3, ["space"], {(0, 0)}),  # 2 x 2: one queen in the corner
            (6, ["space", "right", "up", "up", "space"], {(0, 0), (1, 2)}),  # 4 x 4: two queens
        ],
        everyday=[(6, ["space", "right", "up", "up", "space"], {(0, 0), (1, 2)})],
        several=True,
    ),
)
async def test_escape_then_o_opens_the_board_as_it_was_left(
    page: int, moves: list[str], kept: set[tuple[int, int]]
) -> None:
    lesson = next(
        x for x in LessonContext.load(lang="en").catalog.lessons if x.id == "small-boards"
    )
    async with tutor_run(8, size=(100, 32)) as (app, pilot):
        screen = LessonScreen(lesson, None, run=LessonRun(lesson, None, page=page - 1))
        await app.push_screen(screen)
        await wait_for(pilot, lambda: screen.lesson_run.asked is not None)
        assert screen.lesson_run.asked is not None
        assert screen.lesson_run.asked.question.kind == "place"
        await press_for(pilot, PlaceScreen, "o")
        await pressed(pilot, *moves)
        board = app.screen
        assert isinstance(board, PlaceScreen) and set(board.flow.placement.queens) == kept
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await press_for(pilot, PlaceScreen, "o")
        again = app.screen
        assert isinstance(again, PlaceScreen) and again is not board
        assert set(again.flow.placement.queens) == kept
        assert screen.lesson_run.place_board() == tuple(sorted(kept))
        # the cursor where it was left, not back in the corner
        assert again.cursor == board.cursor != (0, 0) or moves == ["space"]


@pytest.mark.parametrize("command", ["place", "drive"])
async def test_escape_leaves_the_tutor_started_on_the_board(command: str) -> None:
    """``queens-tutor place`` (``--drive``) opens the board alone: escape leads out of the
    tutor, as it came in."""
    async with tutor_run(4, place=command, size=(80, 24)) as (app, pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, PlaceScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.return_code is not None)
    assert app.return_code == 0


class OneBoard(App[None]):
    def compose(self) -> ComposeResult:
        yield Board(UNICODE, id="board")


async def test_the_mark_of_a_wrong_step_under_the_cursor_on_the_last_column() -> None:
    """The last column has no square after the cursor's: the mark stands before it."""
    squares = tuple(
        tuple(Mark.QUEEN if (col, line) == (3, 1) else Mark.FREE for col in range(4))
        for line in range(4)
    )
    frame = BoardFrame(squares, ("3", "2", "1", "0"), ("0", "1", "2", "3"), None, cursor=(3, 1))
    app = OneBoard()
    async with app.run_test(size=SIZE) as pilot:
        board = app.query_one(Board)
        board.frame = frame
        board.set_flag((3, 1))
        await pilot.pause()
        drawn = [line for line in lines(board) if line.startswith("2 ")]
        assert drawn and drawn[0].split() == ["2", "·", "·", "·![♛]"], drawn
        board.set_flag((3, 0))  # a flag on a line without the cursor: after its square
        board.frame = replace(frame, squares=squares[1:2] + squares[1:])
        await pilot.pause()
        drawn = [line for line in lines(board) if line.startswith("3 ")]
        assert drawn[0].split() == ["3", "·", "·", "·", "♛!"], drawn


@pytest.mark.parametrize(
    ("size", "lang"),
    sweep(
        [
            ((80, 24), "en"),
            ((120, 40), "en"),
            ((100, 30), "en"),
            ((80, 24), "pl"),
            ((120, 40), "it"),
        ],
        everyday=[((120, 40), "en")],
        several=True,
    ),
)
async def test_the_cursor_glyph_is_never_split_across_lines(
    size: tuple[int, int], lang: str
) -> None:

    i18n.set_language(lang)
    async with tutor_run(4, size=size) as (app, pilot):
        await pressed(pilot, "o")
        pane = app.screen.query_one("#place-text")
        text = region_lines(app, pane)
        cursor_lines = [line.rstrip() for line in text if "[" in line or "]" in line]
        assert cursor_lines, text
        assert not any(line.endswith("[") for line in cursor_lines), text
        assert not any(line.lstrip("│ ").startswith("]") for line in cursor_lines), text
