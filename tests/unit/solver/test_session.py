"""The board session every front end holds (solver/session/board.py): stepping, guess mode, runs,
home and a frame built once per state for every method; and the worker's loops without a
screen (solver/session/runs.py): chunks, reports, cancel, pacing."""

from __future__ import annotations

import threading
import time
from itertools import pairwise
from threading import Event, Timer

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.guess.stage import Stage
from solver.methods.iterative.engine import IterativeEngine, Stop
from solver.registry import steppable_methods, stepped
from solver.session.board import SPEEDS, BoardSession, Goal
from solver.session.progress import Progress
from solver.session.runs import (
    DRAW_WAIT,
    FRAMES_CPU_SHARE,
    FRAMES_PER_SECOND,
    autoplay,
    paced_wait,
    run_chunks,
)
from solver.stepping import Mode, RunResult
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


def test_run_chunks_reaches_the_stop_and_reports_on_the_way() -> None:
    reports: list[Progress] = []
    engine = IterativeEngine(10)
    final = run_chunks(engine, Stop.SOLUTION, Event(), reports.append, frame=0.001)
    reference = IterativeEngine(10)
    reference.run(Stop.SOLUTION)
    assert engine.b == reference.b and final.ticks == reference.tick
    assert final.snapshot == engine.snapshot()
    ticks = [p.ticks for p in reports]
    assert ticks == sorted(ticks) and all(t < final.ticks for t in ticks)


def test_a_cancelled_run_stops_between_chunks_in_a_consistent_state() -> None:
    cancelled = Event()
    engine = IterativeEngine(28)

    def report(progress: Progress) -> None:
        cancelled.set()  # cancel after the first chunk

    final = run_chunks(engine, Stop.SOLUTION, cancelled, report)
    assert 0 < final.ticks == engine.tick
    assert not engine.finished
    fresh = IterativeEngine(28)
    fresh.run(max_ticks=engine.tick)
    assert fresh.snapshot() == engine.snapshot()


def test_autoplay_reads_the_speed_each_frame_to_the_end_and_plays_nothing_once_cancelled() -> None:
    # 1 tick a second, then 100,000: the search ends only if the speed is read again.
    speeds = []

    def speed() -> int:
        speeds.append(1)
        return 1 if len(speeds) == 1 else 100_000

    engine = IterativeEngine(6)
    cancelled = Event()
    stop = Timer(20, cancelled.set)
    stop.start()
    try:
        final = autoplay(engine, speed, cancelled, lambda p: None, frame=0.001)
    finally:
        stop.cancel()
    assert engine.finished and final.ticks == engine.tick
    assert len(speeds) > 1
    cancelled.set()  # cancelled before it starts: plays nothing
    engine = IterativeEngine(6)
    assert autoplay(engine, lambda: 10, cancelled, lambda p: None).ticks == 0
    assert engine.tick == 0


class _Recording(IterativeEngine):
    """An engine that records how many ticks each call to ``run`` was asked for."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.asked: list[int] = []

    def run(self, stop: Stop = Stop.END, max_ticks: int | None = None) -> RunResult:
        self.asked.append(max_ticks or 0)
        return super().run(stop, max_ticks=max_ticks)


def test_autoplay_faster_than_the_engine_plays_frame_sized_batches_and_stops_on_cancel() -> None:
    # Batches stay about a frame long however fast the speed, so a cancel is seen at once.
    engine = _Recording(28)
    cancelled = Event()
    stop = Timer(0.2, cancelled.set)
    stop.start()
    try:
        final = autoplay(engine, lambda: 10**9, cancelled, lambda p: None)
    finally:
        stop.cancel()
    assert not engine.finished and final.ticks == engine.tick > 0
    # A frame's batch is some 10**5 ticks here; the runaway asked for tens of millions.
    assert max(engine.asked) < 20_000_000


def test_fast_autoplay_reports_once_a_frame_not_once_a_tick() -> None:
    """At 10,000 ticks/s autoplay reports once a frame (1/30 s), not once a tick."""
    engine = IterativeEngine(32)
    reports: list[Progress] = []
    cancelled = Event()
    Timer(0.5, cancelled.set).start()
    started = time.perf_counter()
    done = autoplay(engine, lambda: 10_000, cancelled, reports.append)
    took = time.perf_counter() - started  # 0.5 s, more when a loaded machine fires the timer late
    assert done.ticks > 500  # it played
    assert len(reports) <= took * FRAMES_PER_SECOND + 3  # about 15 in 0.5 s


def test_paced_wait_keeps_autoplays_cycles_within_their_share_of_a_core() -> None:
    """A cycle that took 4 ms of CPU, 5 ms after its batch began, waits until it is
    0.085 of the time (47 ms in all); a cheap one waits what it would have waited."""
    assert paced_wait(1 / 30, 0.004, 0.005, share=0.085) == pytest.approx(0.004 / 0.085 - 0.005)
    assert paced_wait(1 / 30, 0.0005, 0.001, share=0.085) == 1 / 30
    assert paced_wait(0.2, 0.004, 0.005, share=0.085) == 0.2  # slow speeds: the tick's time


def test_autoplay_draws_fewer_frames_when_they_cost_and_plays_every_tick() -> None:
    """Frames that cost 12 ms of CPU take at most FRAMES_CPU_SHARE of a core; each plays a batch."""
    engine = IterativeEngine(32)
    reports: list[Progress] = []
    cancelled = Event()

    reported_at: list[float] = []

    def report(progress: Progress) -> None:
        reports.append(progress)
        reported_at.append(time.perf_counter())
        spent = time.process_time() + 0.012
        while time.process_time() < spent:  # the frame's cost, on this process's CPU
            pass

    Timer(0.5, cancelled.set).start()
    started = time.perf_counter()
    done = autoplay(engine, lambda: 10_000, cancelled, report)
    took = time.perf_counter() - started
    assert len(reports) <= took / (0.012 / FRAMES_CPU_SHARE) + 1
    # Each frame plays a batch of the ticks due, not one tick a frame.
    assert reports[-1].ticks >= 10 * len(reports)
    assert done.ticks >= reports[-1].ticks


def test_autoplay_waits_for_its_frame_before_it_plays_on() -> None:
    """An undrawn report holds the run (at most DRAW_WAIT): fewer frames, never a queue of them."""
    engine = IterativeEngine(32)
    reports: list[Progress] = []
    cancelled = Event()
    Timer(0.3, cancelled.set).start()

    def report(progress: Progress) -> Event:
        reports.append(progress)
        return Event()  # never drawn

    done = autoplay(engine, lambda: 10_000, cancelled, report)
    assert DRAW_WAIT > 0.3
    assert len(reports) == 1  # in 0.3 s, about 9 when every frame is drawn at once
    assert done.ticks == reports[0].ticks  # nothing played while it waited


def test_a_run_to_a_solution_reports_again_once_its_frame_is_drawn() -> None:
    engine = IterativeEngine(14)
    seen: list[float] = []
    cancelled = Event()

    def report(progress: Progress) -> Event:
        seen.append(time.perf_counter())
        if len(seen) == 3:
            cancelled.set()
        drawn = Event()
        Timer(0.2, drawn.set).start()  # drawn 0.2 s later
        return drawn

    run_chunks(engine, Stop.SOLUTION, cancelled, report, frame=0.001)
    assert len(seen) == 3
    assert all(later - earlier >= 0.19 for earlier, later in pairwise(seen))
