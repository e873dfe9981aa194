"""The board session every front end holds (solver/session/board.py): stepping, guess mode, runs,
home and a frame built once per state for every method; the worker's loops without a screen
(solver/session/runs.py): chunks, reports, cancel, pacing; and guess mode across methods, board
sizes and modes: asking never moves the engine, the engine's own answer is graded right and any
other wrong, the tally counts the questions answered, a wrong rule is named once, no square no
queen can attack is asked, a guess past the landing is told its own attacker, and a peek taken
back exactly says what the step then does."""

from __future__ import annotations

import threading
import time
from itertools import pairwise
from threading import Event, Timer

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.guess.game import GuessGame, Play
from solver.guess.stage import Stage
from solver.guess.view import guess_frame
from solver.messages import render
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.maze.kit import MOVES
from solver.peek import Along, Iteration
from solver.registry import DEFAULT_METHOD, make_engine, steppable_methods, stepped
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
from solver.stepping import Kind, Mode, RunResult, Stop
from tests.tiers import examples, method_sweep
from tests.tui.engine_truth import fresh, played_iteration, played_tick
from tests.unit.solver.lecture_reference import lecture_ticks
from tui.widgets.guess_pane import typed_row

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


def test_the_frame_is_built_once_per_state_and_follows_an_engine_moved_from_outside() -> None:
    session = BoardSession(n=6)
    first = session.frame()
    assert session.frame() is first  # nothing changed: the same frame, not built again
    session.tick_forward()
    second = session.frame()
    assert second is not first and session.frame() is second
    session.overlay = "col+row"
    shown = session.frame()
    assert shown is not second
    session.engine.run(max_ticks=7)  # a lesson playing its directives moves the engine itself
    assert session.snapshot.tick == 8
    assert session.frame() != shown and session.frame().status.tick == 8
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
    lesson.home = lesson.tick  # a page whose own board's search is over: [r] would bring it back
    told = lesson.tick_forward().notice
    assert told is not None and told.id == "session.over_home"


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


@settings(max_examples=examples(40), deadline=None)
@given(
    method=st.sampled_from(METHODS),
    n=st.integers(min_value=1, max_value=7),
    mode=st.sampled_from(Mode),
    start=st.integers(min_value=0, max_value=120),
    plan=st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=12),
)
def test_the_engine_s_answer_is_right_and_any_other_wrong(
    method: str, n: int, mode: Mode, start: int, plan: list[tuple[bool, bool]]
) -> None:
    engine = fresh(method, n, 0, mode)
    engine.run(Stop.END, max_ticks=start)
    game = GuessGame()
    kit = stepped(method)
    view = kit.make_view()
    asked = right = 0
    for by_tick, answer_right in plan:
        before = engine.snapshot()
        tick = engine.tick
        opened = game.ask_tick(kit, engine) if by_tick else game.ask_iteration(kit, engine)
        assert engine.snapshot() == before  # peeking played nothing it did not take back
        if not opened:
            engine.run(Stop.TICK if by_tick else Stop.ITERATION, max_ticks=None)
            continue
        question = game.question
        assert question is not None
        frame = guess_frame(view, before, "off", game)  # the hidden frame builds for every state
        assert frame.narration == question.prompt
        assert all("?" in render(m) for m in question.prompt[:1])  # whole sentences that ask
        if question.stage is Stage.FREE:  # a tick that tests a square
            free, rules = played_tick(method, n, tick, mode)
            said_free = free if answer_right else not free
            yes = said_free if question.yes_means_free else not said_free
            play = game.answer_yes(yes)
            asked += 1
            right += answer_right
            if play is Play.NOTHING:  # right, and attacked: the rule
                assert answer_right and not free and rules
                assert game.question is not None and game.question.stage is Stage.RULE
                assert guess_frame(view, before, "off", game).code.ran == ()  # nor its test's
                wrong = {a.value for a in Along} - rules
                rule = sorted(rules)[0] if answer_right or not wrong else sorted(wrong)[0]
                play = game.answer_rule(Along(rule))
                asked += 1
                right += rule in rules
            assert play is Play.TICK
        else:
            landing = played_iteration(method, n, tick, mode)
            guess = landing if answer_right else _other(method, n, landing)
            play = game.answer_land(guess)
            assert play is Play.ITERATION
            asked += 1
            right += guess == landing
            assert game.verdict is not None and game.verdict.right is (guess == landing)
        assert game.question is None
        assert game.tally.asked == asked and game.tally.right == right
        verdict = game.verdict
        assert verdict is not None and verdict.messages
        said = " ".join(render(m) for m in verdict.messages)  # every template's names filled
        assert said.startswith(("Right!", "Wrong", "You skipped the rule"))
        engine.run(Stop.TICK if by_tick else Stop.ITERATION)


def _other(method: str, n: int, landing: int | str | None) -> int | str | None:
    """An answer that is not ``landing`` (when the board has one)."""
    if not stepped(method).queens:
        return None if landing is not None else MOVES[0]
    if landing is None:
        return 0
    return None


def test_typed_rows_wait_only_when_a_digit_may_follow() -> None:
    assert typed_row("3", 8)
    assert not typed_row("1", 12)  # 10 and 11 are rows too
    assert typed_row("2", 12)
    assert typed_row("11", 12)
    assert not typed_row("0", 12)


QUEENS_METHODS = [m for m in steppable_methods() if stepped(m).queens and stepped(m).tests_squares]
"""The methods whose ticks test squares: guess mode asks about each test."""


@pytest.mark.parametrize("method", QUEENS_METHODS)
def test_no_square_no_queen_can_attack_is_asked_and_a_wrong_rule_is_named_once(
    method: str,
) -> None:
    """A square of the first column (row-wise: row) the search fills, the kit's
    ``fill_order``, is free by construction: never asked. A wrong rule is counted wrong and its
    reasons said once, by the tick's own sentence."""
    session = BoardSession(method, 5, guessing=True)
    asked = rules = 0
    for _ in range(400):
        question = session.game.question
        if question is None:
            if not session.tick_forward().played and session.game.question is None:
                break
            continue
        test = question.test
        assert test is not None
        if question.stage is Stage.FREE:
            x, y = test.square
            first = question.kit.fill_order(5)[0]
            assert (y if question.kit.wording.row_wise else x) != first, test
            asked += 1
            session.answer_yes(test.free if question.yes_means_free else not test.free)
            continue
        if rules:
            session.answer_rule(None)
            continue
        rules += 1
        holds = {t.along for t in test.threats}
        wrong = next(along for along in Along if along not in holds)
        whys = [render(question.kit.why(test.square, t, test)) for t in test.threats]
        session.answer_rule(wrong)
        verdict, *tick = (render(m) for m in session.frame().narration)
        assert session.game.tally.right < session.game.tally.asked  # counted wrong
        assert tick, verdict  # the tick's own sentence follows, and names the rule
        for why in whys:
            assert why not in verdict, verdict  # not said a second time before it
        said = " ".join(tick)
        assert all(said.count(why) <= 1 for why in whys), said
    assert asked > 5 and rules == 1


SCANS = [
    name for name in steppable_methods() if not stepped(name).moves and stepped(name).wording.scans
]
"""The methods whose loop tries a line's squares in order: a guess past the landing was missed."""


def _iterations(name: str, n: int, count: int) -> list[Iteration]:
    """The first ``count`` iterations of the method on an n x n board that place a queen."""
    kit, engine = stepped(name), make_engine(name, n)
    found: list[Iteration] = []
    while len(found) < count and not engine.snapshot().finished:
        it = kit.next_iteration(engine)
        if it is not None and it.square is not None:
            found.append(it)
        if engine.run(Stop.ITERATION).ticks == 0:
            break
    return found


def _attacks(
    kit_row_wise: bool, queen: tuple[int, int], square: tuple[int, int], along: Along
) -> bool:
    (qx, qy), (x, y) = queen, square
    if along is Along.LINE:
        return qx == x if kit_row_wise else qy == y
    if along is Along.SUM:
        return qx + qy == x + y
    return qy - qx == y - x


@pytest.mark.parametrize("name", SCANS)
def test_a_guess_past_the_landing_is_told_its_own_attacker(name: str) -> None:
    kit = stepped(name)
    row_wise = kit.wording.row_wise
    told = 0
    for it in _iterations(name, 8, 12):
        assert it.square is not None and isinstance(it.answer, int)
        met = {threat.square for test in it.tests for threat in test.threats}
        order = list(kit.scan_order(8))  # a guess the loop reaches after the landing
        for value in order[order.index(it.answer) + 1 :]:
            said, square, threats = kit.explain_land(it, value)
            assert said[0].id == "guess.wrong.missed"
            assert square == kit.square_of(it, value)
            if not threats:
                assert len(said) == 1
                continue
            (threat,) = threats
            assert threat.square in met  # a queen on the board, not a guess of one
            assert _attacks(row_wise, threat.square, square, threat.along)
            assert [m.id for m in said] == ["guess.wrong.missed", "guess.wrong.also_attacked"]
            told += 1
    assert told > 0  # the first iterations of 8 x 8 hold such guesses for every method


# Everyday: the first method and the maze (another snapshot altogether).
@pytest.mark.parametrize(
    "method",
    method_sweep(
        steppable_methods(),
        everyday=[
            steppable_methods()[0],
            *(m for m in steppable_methods() if not stepped(m).queens),
        ],
    ),
)
def test_a_peek_is_what_the_step_then_does(method: str) -> None:
    kit = stepped(method)
    engine = kit.make_engine(5, Mode.ALL, None if kit.queens else "corridor")
    tests = iterations = 0
    while not engine.finished:
        before = engine.snapshot()
        peeked = kit.next_test(engine)
        iteration = kit.next_iteration(engine)
        assert engine.snapshot() == before  # taken back exactly
        if iteration is not None:
            tick = engine.tick
            engine.run(Stop.ITERATION)
            after = engine.snapshot()
            assert after.last_kind is (Kind.PLACE if iteration.placed else Kind.BACKTRACK)
            while engine.tick > tick:
                engine.back()
            assert engine.snapshot() == before
            iterations += 1
        engine.run(Stop.TICK, max_ticks=1)
        assert kit.test_of(engine.snapshot()) == peeked
        tests += peeked is not None
    assert iterations > 5
    assert tests > 10 if kit.tests_squares else tests == 0


def isfree_calls(n: int) -> list[tuple[int, int]]:
    """The isfree(k, b[k]) calls of the Wrocław lecture's loop until its first solution (its
    transcription's ticks after ``b[0]=0; k=1``, which calls none)."""
    ticks = lecture_ticks(n)[1:]
    return [(k - (kind == "placed"), b[k - (kind == "placed")]) for kind, b, k in ticks
            if kind in ("attacked", "placed")]  # fmt: skip


@pytest.mark.parametrize("n", [4, 6])
def test_the_iterative_loop_tests_only_the_squares_it_calls_isfree_on(n: int) -> None:
    """The loop sets b[0]=0 directly: guess mode never asks about isfree(0, 0), which the
    lecture never calls; after a backtrack to column 0, isfree(0, 1) is called and asked."""
    kit = stepped(DEFAULT_METHOD)  # the Wrocław lecture's loop, checked against its own code
    engine = kit.make_engine(n, Mode.FIRST)
    asked = []
    while not engine.finished:
        test = kit.next_test(engine)
        if test is not None:
            asked.append(test.square)
        engine.run(Stop.TICK, max_ticks=1)
    assert asked[0] != (0, 0) and (0, 1) in asked
    assert asked == isfree_calls(n)
