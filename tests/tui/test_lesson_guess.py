"""Guess questions in a lesson: o opens the page's board in guess mode (the Wrocław loop's, or a
maze whose steps are predicted with isAdm), each tick is predicted by keyboard, the board closes
after the question's ticks (its last tick told first) and the lesson grades and saves the visit;
escape leaves without an attempt; a failed guess names f3."""

from __future__ import annotations

import re

import pytest
from textual.pilot import Pilot

from lessons.answers.feedback import say
from lessons.progress.store import ProgressStore
from lessons.quiz.guess import MAX_PREDICTIONS
from solver.methods.maze.maze import WALL
from solver.methods.maze.mazes import MazeSnapshot
from solver.registry import make_engine, stepped
from solver.stepping import Kind, Mode, Stop
from tests.tiers import sweep
from tests.tui.guess_keys import answer_keys, guess_all, open_guess
from tests.tui.lesson_apps import lesson_opened, run_opened, tutor_on
from tests.tui.screen_text import lines, pressed, region_lines, screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.screens.guess_question import GuessQuestionScreen
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.guess_pane import GuessPane
from tui.widgets.key_bar import KeyBar
from tui.widgets.lesson_pane import LessonPane


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


TICKS = backtrack_tick()  # the stretch ends on the search's first backtrack
GUESS = """\
@lesson guessing
@title Guessing

@quiz
@board n=4
@question guess ticks={ticks} goal=3
@end
"""
LESSON = GUESS.format(ticks=TICKS) + f"@expect tick = {TICKS}\n"


def asking(ticks: int) -> int:
    """The ticks of the 4 x 4 loop's first ``ticks`` that test a square, from its own engine."""
    engine = make_engine("iterative", 4, Mode.FIRST, None)
    count = 0
    for _ in range(ticks):
        count += stepped("iterative").next_test(engine) is not None
        engine.run(Stop.TICK, max_ticks=1)
    return count


def text(app: QueensTutorApp) -> str:
    """What the screen shows, as words (the boxes' sides taken away, wrapped lines joined)."""
    shown = screen_lines(app)
    if isinstance(app.screen, LessonScreen):  # the text pane's lines, read without the board's
        shown += region_lines(app, app.screen.query_one(LessonPane))
    return " ".join(re.sub("[│╭╮╰╯─]", " ", "\n".join(shown)).split())


async def last_tick_told(pilot: Pilot[None], board: GuessQuestionScreen, leave: str) -> None:
    """Every tick of the stretch predicted right: the board stays to tell its last tick (the
    search's first backtrack, in its own words) until ``leave`` is pressed."""
    while not board.round.done:
        await answer_keys(pilot, board, right=True)
    await pilot.pause()
    assert pilot.app.screen is board, "the board closed before its last tick was told"
    told = board.query_one(GuessPane).text
    assert "back to column" in told, told  # the backtrack's own words
    text = " ".join(" ".join(screen_lines(pilot.app)).replace("│", " ").split())  # type: ignore[arg-type]
    assert "The stretch is over" in text, text
    await pilot.press(leave)


async def test_a_guess_question_graded_wrong_left_and_started_over_then_right() -> None:
    app = tutor_on(LESSON)
    asked = asking(TICKS)
    async with run_opened(app) as (pilot, screen, run):
        assert run.asked is not None and run.asked.question.kind == "guess"
        assert f"Questions: {asked}; to pass, at least 3 right." in text(app)
        engine = run.engine
        assert engine is not None and engine.tick == 0
        # A first visit: ticks predicted right, then one wrong: escape counts as an attempt.
        board = await open_guess(pilot)
        assert board.round.engine is engine  # the page's own board
        # Its first tick, b[0]=0; k=1, tests no square (the loop calls no isfree): it plays.
        assert f"questions 0, right 0, ticks left {TICKS - 1}" in text(app)
        # the tick the board stands at, which the lesson's text names
        assert f"(board at tick {engine.tick})" in text(app) and engine.tick == 1
        # the loop's code beside the board, as on the lesson's page
        code = board.query_one("#guess-code")
        assert code.display and code.size.height > 3 and "isfree" in text(app)
        assert "isfree(0, 0)" not in text(app)
        for _ in range(4):
            await answer_keys(pilot, board, right=True)
        assert board.round.right >= 1 and engine.tick > 0
        assert "no attempt" in text(app) and "Back (counted)" not in text(app)
        while board.round.asked == board.round.right:  # no miss yet
            await answer_keys(pilot, board, right=False)
        await pressed(pilot, "space")  # the next question, its keys: leaving now counts
        assert "esc: leave the board, counted as an attempt" in text(app)
        await pressed(pilot, "space")  # it waits: said under it, where no pane is covered
        assert "Answer the question first" in str(board.query_one("#guess-count").render())
        assert "esc Back (counted)" in text(app)  # the key bar says it too
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        assert run.asked is not None and run.asked.attempts == 1 and engine.tick == 0
        assert run.feedback is not None and "The board was left after" in run.feedback.message
        assert "counts as an attempt" in run.feedback.message
        # A second visit starts over, every tick predicted wrong: one attempt, not passed.
        board = await open_guess(pilot)
        assert board.round.asked == 0 and board.round.played == 1  # b[0]=0, no question
        while app.screen is board:
            await answer_keys(pilot, board, right=False)
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.pause()
        assert run.asked is not None and run.asked.attempts == 2
        assert run.feedback is not None and run.feedback.message.startswith(
            f"0 of {asked} ticks predicted right; the goal is 3."
        )
        assert f"0 of {asked} ticks predicted right" in text(app)
        said = run.feedback.message  # it names the key that shows the answer as the bar does
        assert "[f3]" in said and "[s]" not in said, said
        assert "f3" in " ".join(lines(screen.query_one(KeyBar)))
        assert engine.tick == 0  # back at the question's tick
        # A third visit, every tick right: the last tick, a backtrack, is told before the board
        # closes; graded right, the board stands TICKS ticks on.
        board = await open_guess(pilot)
        await last_tick_told(pilot, board, "escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.pause()
        assert run.answered and run.asked is None
        assert run.feedback is not None
        assert run.feedback.message == (
            f"Right: {asked} of {asked} ticks predicted right (goal 3). "
            + say("answer.no_point")  # right at a later visit: said to score nothing
        )
        assert f"Right: {asked} of {asked} ticks predicted right" in text(app)
        assert engine.tick == TICKS
        assert run.score == 0  # right at the third visit: no point
    saved = ProgressStore().records["guessing"]
    answer = next(iter(saved.answers.values()))
    assert answer.right and answer.attempts == 3


def typed_ahead(ticks: int) -> list[str]:
    """Every key of a student who knows each answer, for the first ``ticks`` ticks of the 6 x 6
    loop: space asks (or plays a tick that tests nothing), y or n answers, and after a right
    "attacked" the rule's digit. Worked out on a headless round of its own."""
    from lessons.quiz.guess import GuessRound
    from solver.guess.stage import Stage
    from solver.peek import Along

    round_ = GuessRound(make_engine("iterative", 6, Mode.FIRST, None), 0, ticks)
    round_.next()  # the board asks about the first tick as it opens
    keys: list[str] = []
    digits = {Along.LINE: "1", Along.SUM: "2", Along.DIFF: "3"}
    while not round_.done:
        question = round_.game.question
        if question is None:
            keys.append("space")
            round_.next()
        elif question.stage is Stage.FREE:
            assert question.test is not None
            keys.append("y" if question.test.free else "n")
            round_.answer_yes(question.test.free)
        else:
            assert question.test is not None
            along = question.test.threats[0].along
            keys.append(digits[along])
            round_.answer_rule(along)
    return keys


async def test_a_40_tick_item_typed_at_full_speed_loses_no_key() -> None:
    """Every key posted in one go is taken in order, none dropped as a question opens."""
    from textual import events

    lesson = (
        LESSON.replace("@board n=4", "@board n=6")
        .replace(f"ticks={TICKS} goal=3", "ticks=40 goal=3")
        .replace(f"@expect tick = {TICKS}", "@expect tick = 40")
    )
    # The last space closes the board once the stretch's last tick is told.
    keys = [*typed_ahead(40), "space"]
    app = tutor_on(lesson)
    async with lesson_opened(app) as (pilot, screen):
        await open_guess(pilot)
        for key in keys:
            app.post_message(events.Key(key, " " if key == "space" else key))
        await wait_for(pilot, lambda: app.screen is screen, timeout=20)
        run = screen.lesson_run
        assert run.answered and run.feedback is not None and run.feedback.correct
        assert run.score == 1  # every tick predicted right, at the first visit that counted
        assert not isinstance(app.screen, GuessQuestionScreen)


@pytest.mark.parametrize("language", sweep(["it", "pl"], everyday=[]))  # English: above
async def test_the_failed_guess_names_f3_and_f3_shows_the_answer(language: str) -> None:
    app = tutor_on(LESSON.replace(f"@expect tick = {TICKS}\n", ""), language)
    async with run_opened(app) as (pilot, screen, run):
        await guess_all(pilot, screen, right=False)
        assert run.asked is not None and run.feedback is not None
        said = run.feedback.message
        assert "[f3]" in said and "[s]" not in said, said
        bar = " ".join(lines(screen.query_one(KeyBar)))
        assert "f3" in bar, bar
        await pilot.press("f3")
        await wait_for(pilot, lambda: run.answered)


@pytest.mark.parametrize("leave", sweep(["space", "enter"], everyday=[]))  # escape: above
async def test_the_last_tick_is_told_before_the_lesson_comes_back(leave: str) -> None:
    ticks = backtrack_tick()
    app = tutor_on(GUESS.format(ticks=ticks))
    async with run_opened(app) as (pilot, screen, run):
        board = await open_guess(pilot)
        await last_tick_told(pilot, board, leave)
        await wait_for(pilot, lambda: app.screen is screen)
        await wait_for(pilot, lambda: run.answered)
        assert run.score == 1  # counted, whichever key closed it


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


MAZE_TICKS = to_the_exit()
MAZE_LESSON = """\
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


async def predict(pilot: Pilot[None], board: GuessQuestionScreen, right: bool) -> None:
    """Every step of the visit predicted (right, or each one wrong) until the screen closes."""
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
    skip = skipped(MAZE_TICKS, most)
    app = tutor_on(MAZE_LESSON.format(maze=MAZE, skip=skip, ticks=MAZE_TICKS - skip))
    async with run_opened(app) as (pilot, screen, run):
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
        assert engine.tick == MAZE_TICKS and engine.finished
        assert "ticks predicted right" in run.feedback.message
    saved = ProgressStore().records["maze-guess"]
    answer = next(iter(saved.answers.values()))
    assert answer.right and answer.attempts == 1 + wrong
