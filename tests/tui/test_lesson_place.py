"""Place questions in a lesson: o opens the place board, queens are placed by keyboard, escape
comes back, and the question is graded from the board's models; score and progress follow."""

from __future__ import annotations

import pytest

from lessons.progress.store import ProgressStore
from solver.messages import render
from tests.tui.lesson_apps import lesson_opened, run_opened, tutor_on
from tests.tui.place_keys import drive_loop, loop_answers, open_board, place_answer, put_queens
from tests.tui.screen_text import press_for, pressed, region_lines, screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPane

LESSON = """\
@lesson by-hand
@title By hand

@page Three
Try every placement.
@question place n=3 goal=exhaust
@end

@quiz
@question place n=4 goal=solution
@end
@question place n=4 goal=solution
@end
"""


def text(screen: LessonScreen) -> str:
    """The screen's words, then the lesson pane's own lines (without the board's beside them)."""
    lines = [*screen_lines(screen.app), *region_lines(screen.app, screen.query_one(LessonPane))]
    return " ".join(" ".join(line.strip("│ ").split()) for line in lines)


@pytest.mark.slow(9)
async def test_place_questions_are_graded_from_the_board_and_scored() -> None:
    """A lesson's place board says when it answers the question, saves what it finds
    (found-solutions.json, as the main screen's) and knows what was found before: a solution
    found earlier is not "new", yet still answers."""
    from lessons.quiz.solver_facts import first_solution
    from tui.found_store import FoundStore

    solution = tuple(first_solution(4) or ())
    app = tutor_on(LESSON)
    async with run_opened(app) as (pilot, screen, run):
        assert run.asked is not None and run.asked.question.kind == "place"
        assert "Press [o] and try every way to place 3 queens" in text(screen)
        await place_answer(pilot, screen, "exhaust", 3)
        assert run.answered and run.asked is None
        assert "you tried every placement of the 3 x 3 board" in text(screen)
        await pressed(pilot, "o")  # no place question waits: o does nothing
        assert app.screen is screen
        await pilot.press("enter", "enter")  # the end of the page, the quiz
        await wait_for(pilot, lambda: run.asked is not None and run.page.scored)
        # Leaving the board with nothing done is said so, and is no attempt (it opens again).
        await open_board(pilot, screen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.pause()
        assert run.asked is not None and run.asked.attempts == 0
        assert "Not a solution yet: 0 queens of 4 on the board." in text(screen)
        assert run.asked.key not in run.record.open
        # Then a solution: right at its first attempt, a point; the second question right at
        # its first visit, with the solution found before: a point too, saved.
        # The board says it answers the question once it does, not before.
        met = "That answers the lesson's question: escape takes it back."
        for visit, score in (("first", 1), ("again", 2)):
            board = await open_board(pilot, screen)
            said = []
            for square in enumerate(solution):
                board.cursor = square
                await pressed(pilot, "space")
                said.append(render(board.feedback))
            assert [met in text for text in said] == [False, False, False, True], said
            new = "A solution you had not found before!" in " ".join(screen_lines(app))
            assert new == (visit == "first"), visit
            if visit == "first":  # a fifth queen: the solution found stays found, said once
                board.cursor = (3, 3)
                await pressed(pilot, "space")
                assert met not in render(board.feedback), render(board.feedback)
            await pilot.press("escape")
            await wait_for(pilot, lambda: run.answered)
            assert run.score == score, visit
            assert f"quiz score {score}/2" in text(screen)
            await pilot.press("enter")
            await wait_for(pilot, lambda: run.asked is not None or run.finished)
    saved = ProgressStore().records["by-hand"]
    assert saved.score == 2
    assert [answer.right for answer in saved.answers.values()] == [True, True, True]
    assert solution in FoundStore().of(4)  # saved, read back by a fresh store


DRIVE_BESIDE_ITS_BOARD = """\
@lesson drive
@title Drive

@page You drive
@board n=4
@question place n=4 goal=drive mistakes=1
@end
"""
"""As lesson 2 p8 has it: the drive's question beside the page's own 4 x 4 board."""


async def test_a_drive_question_opens_you_drive_and_is_graded_by_its_steps() -> None:
    """Driven to its first solution, the page's board shows where the student drove it."""
    app = tutor_on(DRIVE_BESIDE_ITS_BOARD)
    async with run_opened(app) as (pilot, screen, run):
        assert "drive the Wrocław loop on the 4 x 4 board" in text(screen)
        board = await open_board(pilot, screen)
        assert board.flow.drive  # "you drive", not placing freely
        await drive_loop(pilot, board, wrong=2)  # one wrong step more than allowed
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        assert run.asked is not None and run.asked.attempts == 1
        assert "At most 1 may be wrong: press [o] and drive it again" in text(screen)
        # After the attempts allowed, the squares the loop went to instead.
        said = " ".join(text(screen).split())
        assert (
            "Where your steps were wrong, the loop did, in order: column 1, row 0; column 1, row 1."
        ) in said, said
        board = await open_board(pilot, screen)
        await drive_loop(pilot, board, wrong=1)
        await pilot.press("escape")
        await wait_for(pilot, lambda: run.answered)
        await pilot.pause()
        assert "you drove the loop to the first solution of the 4 x 4 board" in text(screen)
        assert run.record.answers["0.0"].right and run.record.answers["0.0"].attempts == 2
        drawn = region_lines(app, screen.query_one("#lesson-board"))
        queens = sum(line.count("♛") + line.count("♕") for line in drawn)
        assert queens == 4, drawn  # b = [1, 3, 0, 2], not the empty board of tick 0


async def test_a_questions_board_keeps_its_size_its_help_and_what_was_tried() -> None:
    """A question's board keeps its size and mode, its help lists the keys that act, and the
    placements tried on an earlier visit count on."""
    from tui.screens.help_screen import HelpScreen
    from tui.screens.place_screen import PlaceScreen

    app = tutor_on(LESSON)
    async with lesson_opened(app) as (pilot, screen):
        board = await open_board(pilot, screen)
        hello = render(board.feedback)  # it offered y, which does nothing
        assert "drive" not in hello and "escape" in hello, hello
        await put_queens(pilot, board, (0, 1))  # an attacking pair rules placements out
        assert board.flow.exhaustion is not None
        settled = sum(c.settled for c in board.flow.exhaustion.candidates())
        assert settled > 0
        await pressed(pilot, "right_square_bracket", "y")
        assert (board.flow.n, board.flow.drive, len(board.flow.placement.state().queens)) == (
            3,
            False,
            2,
        )
        help_screen = await press_for(pilot, HelpScreen, "question_mark")
        listed = {binding.action: binding for binding in help_screen.key_bindings}
        assert not {"resize(1)", "resize(-1)", "answer('backtrack')", "drive(True)"} & set(
            listed
        ), sorted(listed)
        assert listed["leave_question"].tooltip == "Back to the lesson's question"
        assert "leave" not in listed
        await pilot.press("escape")  # the help closes
        await pressed(pilot, "u", "u")  # the board left empty: nothing on it tells the pair
        assert not board.flow.placement.queens
        await pilot.press("escape")  # the board goes back to the question
        await wait_for(pilot, lambda: app.screen is screen)
        assert not screen.lesson_run.answered  # one visit, not every placement
        again = await open_board(pilot, screen)  # what was tried counts on
        assert isinstance(again, PlaceScreen) and again.flow.exhaustion is not None
        assert sum(c.settled for c in again.flow.exhaustion.candidates()) == settled
    # on the main screen the board is the student's own: ] resizes it, the help says so
    main = QueensTutorApp(4)
    async with main.run_test(size=(80, 24)) as pilot:
        own = await press_for(pilot, PlaceScreen, "o")
        await pressed(pilot, "right_square_bracket")
        assert own.flow.n == 5


async def test_a_drive_left_halfway_goes_on_where_it_was() -> None:
    """The question said "(3 of 3 steps right so far). Press [o] to go on",
    and o opened the loop at k = 0 again, its score 0/0. It goes on where it was left."""
    from solver.placement.driving import Act

    answers = loop_answers(4)
    app = tutor_on(DRIVE_BESIDE_ITS_BOARD)
    async with lesson_opened(app) as (pilot, screen):
        board = await open_board(pilot, screen)
        for answer in answers[:3]:  # three steps, each as the loop takes it
            if answer.act is Act.BACKTRACK:
                await pilot.press("b")
                continue
            assert answer.square is not None
            board.cursor = answer.square
            await pilot.press("space" if answer.act is Act.TRY else "enter")
        await pilot.pause()
        left = (board.session.engine.tick, board.session.right, board.session.asked)
        assert left[1:] == (3, 3), left
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        assert "3 of 3 steps right so far" in " ".join(text(screen).split())
        # The page's board stands where the loop was left, its tick in the status line (it
        # stood at tick 0).
        page = screen.lesson_run.session
        assert page is not None and page.engine.tick == left[0], (page.engine.tick, left)
        assert f"tick {left[0]}" in " ".join(screen_lines(app)[-2:]), screen_lines(app)[-2:]
        again = await open_board(pilot, screen)
        assert (again.session.engine.tick, again.session.right, again.session.asked) == left
        said = " ".join(str(again.query_one("#place-feedback").render()).split())
        k = again.session.engine.k
        assert f"You go on where you left the loop: k = {k}, 3 of 3 steps" in said, said
        # Two wrong steps of one allowed, left halfway: an attempt, said so; the next visit
        # drives the loop from its start, its score from nothing.
        assert screen.lesson_run.asked is not None and screen.lesson_run.asked.attempts == 0
        wrong = [a for a in answers[3:5] if a.act is not Act.BACKTRACK]
        for answer in wrong:
            assert answer.square is not None
            again.cursor = answer.square
            await pilot.press("enter" if answer.act is Act.TRY else "space")  # the other act
        await pilot.pause()
        assert again.session.asked - again.session.right == 2
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        assert screen.lesson_run.asked is not None and screen.lesson_run.asked.attempts == 1
        assert "right so far. Where your steps were wrong" in " ".join(text(screen).split())
        fresh = await open_board(pilot, screen)
        assert (fresh.session.right, fresh.session.asked) == (0, 0) and fresh.session.set_up
