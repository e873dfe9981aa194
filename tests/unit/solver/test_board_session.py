"""The board session every front end holds (solver/session/board.py): stepping, guess mode, runs,
home, and a frame built once per state, for every method the tutor steps."""

from __future__ import annotations

import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.guess.stage import Stage
from solver.registry import steppable_methods, stepped
from solver.session.board import SPEEDS, BoardSession, Goal
from solver.stepping import Mode
from tests.tiers import examples

METHODS = steppable_methods()


def _session(method: str, n: int = 5) -> BoardSession:
    return BoardSession(method, n, maze="corridor" if not stepped(method).queens else None)


@pytest.mark.parametrize("method", METHODS)
@settings(max_examples=examples(15), deadline=None)
@given(keys=st.lists(st.sampled_from(["tick", "iteration", "back"]), max_size=40))
def test_any_steps_then_as_many_backs_give_the_start_frame(method: str, keys: list[str]) -> None:
    session = _session(method)
    start = session.frame()
    for key in keys:
        if key == "tick":
            session.tick_forward()
        elif key == "iteration":
            session.iteration()
        else:
            session.back()
    while session.back().played:
        pass
    assert session.tick == 0
    assert session.frame() == start


def test_the_frame_is_built_once_per_state() -> None:
    session = BoardSession(n=6)
    first = session.frame()
    assert session.frame() is first  # nothing changed: the same frame, not built again
    session.tick_forward()
    second = session.frame()
    assert second is not first and session.frame() is second
    session.overlay = "col+row"
    assert session.frame() is not second


def test_an_engine_moved_from_outside_is_followed() -> None:
    session = BoardSession(n=6)
    shown = session.frame()
    session.engine.run(max_ticks=7)  # a lesson playing its directives moves the engine itself
    assert session.snapshot.tick == 7
    assert session.frame() != shown and session.frame().status.tick == 7
    session.engine.mode = Mode.ALL
    assert session.frame().status.all_mode


def test_the_search_over_and_the_start_are_told() -> None:
    session = BoardSession(n=1)
    assert session.back().notice is not None and session.back().played == 0
    while (over := session.tick_forward()).played:  # n = 1 is solved in a tick or two
        assert session.tick <= 3
    assert over.notice is not None and over.notice.id == "session.over"
    lesson = BoardSession(n=1, lesson=True)
    while lesson.tick_forward().played:
        pass
    told = lesson.tick_forward().notice
    assert told is not None and told.id == "session.over_lesson"


def test_reset_goes_home_whichever_way_the_board_was_stepped() -> None:
    session = BoardSession(n=6)
    session.engine.run(max_ticks=10)
    session.settle_here()
    assert session.home == 10 and not session.explored
    for _ in range(3):
        session.tick_forward()
    assert session.explored
    session.reset()
    assert session.tick == 10
    for _ in range(4):
        session.back()
    session.reset()
    assert session.tick == 10 and not session.explored


def test_size_method_maze_and_speed_changes() -> None:
    session = BoardSession(n=32)
    told = session.resize(1)
    assert told.notice is not None and session.n == 32  # the largest board
    assert session.resize(-1).notice is None and session.n == 31 and session.tick == 0
    assert session.set_size(0).notice is not None and session.n == 31
    told = session.use_method()
    assert session.method == METHODS[1] and told.notice is not None
    maze = BoardSession("maze", maze="corridor")
    before = maze.maze
    told = maze.resize(1)
    assert maze.maze != before and told.notice is not None
    assert maze.set_size(5).notice is not None  # a maze has its own size
    session.faster(-100)
    assert session.speed == SPEEDS[0]
    session.faster(100)
    assert session.speed == SPEEDS[-1]


def test_guess_mode_asks_stops_a_run_and_plays_on_a_right_answer() -> None:
    """An open question stops a run and escape drops it; a right answer plays the tick."""
    session = BoardSession(n=4, guessing=True)
    told = session.tick_forward()
    while not told.asked:  # a tick that tests no square just plays
        told = session.tick_forward()
    question = session.game.question
    assert told.asked and told.played == 0 and question is not None
    assert question.stage is Stage.FREE and question.test is not None
    tick = session.tick
    told = session.begin_run(Goal.SOLUTION)
    assert told.played == 0 and told.notice is not None and session.running is None
    session.drop_question()
    assert not session.question_open and session.tick == tick
    told = session.tick_forward()
    assert told.asked and session.game.question == question
    told = session.answer_yes(question.test.free)
    if session.game.question is not None:  # attacked: which rule?
        assert session.game.question.stage is Stage.RULE and not told.played
        told = session.answer_rule(None)  # skipped
    assert told.played == 1 and session.tick == tick + 1
    assert session.game.tally.right >= 1


def test_a_run_begins_plays_on_its_thread_and_ends_or_is_cancelled() -> None:
    session = BoardSession(n=8)
    assert session.begin_run(Goal.SOLUTION).played == 1
    assert session.running is Goal.SOLUTION
    assert session.begin_run(Goal.BACKTRACK).played == 0  # one run at a time
    reports: list[int] = []
    progress = session.run(threading.Event(), lambda p: reports.append(p.ticks))
    session.progressed(progress)
    assert session.snapshot.tick == progress.ticks
    told = session.end_run(progress, cancelled=False)
    assert session.running is None and told.notice is None
    assert session.frame().status.found == 1
    assert session.begin_run(Goal.SOLUTION).notice is not None  # first mode: the search is over
    session = BoardSession(n=20)
    session.begin_run(Goal.AUTOPLAY)
    cancelled = threading.Event()
    cancelled.set()
    told = session.end_run(session.run(cancelled, lambda p: None), cancelled=True)
    assert told.notice is not None and told.notice.id == "session.stopped"
