"""Long runs in a worker: s, b and autoplay at the chosen speed; progress and the squares tried
per second shown, cancel (even before the worker's thread ran, or seen late by it), a
consistent state after; reports drawn at most once a frame, and not while the terminal is behind."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from threading import Event
from typing import Any

import pytest

from solver.events import attack_rule
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.methods.recursive.engine import RecursiveEngine
from solver.registry import stepped
from solver.session.board import BoardSession
from solver.session.progress import Progress
from solver.session.runs import autoplay, run_chunks
from solver.stepping import Stop
from tests.tui.screen_text import b_row, lines, main_opened, main_screen, pane, visible_b, wait_for
from tui.app import QueensTutorApp
from tui.run_workers import RunGate, end_if_never_ran
from tui.screens import board_screen
from tui.screens.main_screen import MainScreen

SIZE = (80, 24)


def no_two_placed_queens_attack(b: tuple[int, ...], k: int) -> bool:
    return all(attack_rule(i, b[i], j, b[j]) is None for i in range(k) for j in range(i + 1, k))


async def test_b_and_s_run_to_the_next_backtrack_and_solution_in_either_mode() -> None:
    """b stops at the next backtrack; s at the first solution, then (first mode) runs no more;
    in all mode s goes from solution to solution to the end."""
    app = QueensTutorApp(4)
    async with main_opened(app, SIZE) as (pilot, screen):
        await pilot.press("b")
        await wait_for(pilot, lambda: not screen.running)
        # The Wrocław lecture: the first backtrack leaves column 2 and goes back to column 1.
        assert b_row(app) == [0, 2, -1, -1]
        assert screen.session.snapshot.k == 1
        assert "back to column 1" in " ".join(lines(pane(app, "narration")))
        await pilot.press(*["right_square_bracket"] * 4, "s")
        await wait_for(pilot, lambda: not screen.running)
        expected = IterativeEngine(8)
        expected.run()
        assert b_row(app) == list(expected.b) == [0, 4, 7, 5, 2, 6, 1, 3]
        assert screen.session.snapshot.tick == expected.tick
        assert "Solution 1" in " ".join(lines(pane(app, "narration")))
        await pilot.press("s")  # first mode: the search is over, nothing runs
        assert not screen.running
        assert screen.session.engine.tick == expected.tick
        await pilot.press("left_square_bracket", "left_square_bracket", "a")
        found = []
        for _ in range(5):  # four solutions for n=6, then done
            await pilot.press("s")
            await wait_for(pilot, lambda: not screen.running)
            found.append(tuple(b_row(app)))
        assert screen.session.engine.solutions_found == 4
        assert found[:4] == list(screen.session.engine.solutions)
        assert screen.session.engine.finished


async def test_long_run_shows_progress_cancels_by_escape_or_p_and_can_step_back() -> None:
    """Progress and squares tried per second while it plays; escape, p or a cancel before the
    worker's thread ran each leave the engine's own state on screen and the stepping keys."""
    app = QueensTutorApp(28)  # the first solution for n=28 is tens of millions of ticks away
    async with main_opened(app, SIZE) as (pilot, screen):
        status = pane(app, "status")
        await pilot.press("s")
        # The run's first report: from the run's start the status says "0 ticks at 0/s" until
        # the worker has played its first chunk (a busy machine delays that by seconds).
        first_report = re.compile(r"[1-9][\d,.]*[kM]? ticks? at")
        await wait_for(pilot, lambda: first_report.search("\n".join(lines(status))) is not None)
        assert screen.running
        assert "to next solution: esc stops" in "\n".join(lines(status))
        # Squares tried per second (the engine's own count over wall time) while it plays.
        await wait_for(pilot, lambda: "squares tested:" in "\n".join(lines(status)))
        tested = re.search(r"squares tested: ([\d.]+)([kM]?)/s", "\n".join(lines(status)))
        assert tested is not None and float(tested.group(1)) > 0
        # While the worker owns the engine, the keys that step it do nothing.
        assert screen.check_action("tick", ()) is None
        shown = screen.session.snapshot.tick
        await pilot.press("escape")
        await wait_for(pilot, lambda: not screen.running)
        assert "squares tested:" not in "\n".join(lines(status))  # the legend is back
        engine = screen.session.engine
        assert engine.tick >= shown > 0
        assert not engine.finished
        assert screen.session.snapshot == engine.snapshot()  # what is shown is the engine's state
        shown_b = visible_b(app)
        assert engine.k in shown_b  # the table keeps column k in view
        assert shown_b == {i: engine.b[i] for i in shown_b}
        assert no_two_placed_queens_attack(engine.b, engine.k)
        before = engine.snapshot()
        await pilot.press("space", "left")
        assert engine.snapshot() == before
        await pilot.press("left")
        assert engine.tick == before.tick - 1
        # Replaying the same number of ticks from scratch gives the same state.
        fresh = IterativeEngine(28)
        fresh.run(max_ticks=engine.tick)
        assert fresh.b == engine.b and fresh.k == engine.k
        tick = engine.tick
        await pilot.press("s")  # p cancels a run too
        await wait_for(pilot, lambda: screen.session.snapshot.tick > tick)
        await pilot.press("p")
        await wait_for(pilot, lambda: not screen.running)
        assert screen.session.snapshot == screen.session.engine.snapshot()
        screen.action_run("solution")
        screen.action_cancel()  # in the same turn: the worker's thread never starts
        await wait_for(pilot, lambda: not screen.running)
        tick = screen.session.engine.tick
        await pilot.press("space")
        assert screen.session.engine.tick == tick + 1  # the stepping keys are back
        await pilot.press("r")
        assert screen.session.engine.tick == 0


async def test_plus_and_minus_set_the_speed_p_plays_and_pauses_and_ends_at_the_solution() -> None:
    app = QueensTutorApp(16)  # seconds of autoplay to the first solution, even at full speed
    async with main_opened(app, SIZE) as (pilot, screen):
        status = pane(app, "status")
        start = screen.session.speed
        await pilot.press("plus")
        assert screen.session.speed > start
        assert f"speed {screen.session.speed}/s" in "\n".join(lines(status))
        await pilot.press("minus", "minus")
        assert screen.session.speed < start
        await pilot.press(*["minus"] * 20)
        assert screen.session.speed == 1
        await pilot.press(*["plus"] * 20)  # fastest
        assert screen.session.speed == 10_000
        await pilot.press("p")
        assert screen.running
        await wait_for(pilot, lambda: screen.session.snapshot.tick > 20)
        await pilot.press("p")
        await wait_for(pilot, lambda: not screen.running)
        paused = screen.session.engine.tick
        assert screen.session.snapshot.tick == paused
        await pilot.pause()
        assert screen.session.engine.tick == paused  # paused means paused
        await pilot.press("space")
        assert screen.session.engine.tick == paused + 1
        await pilot.press(*["left_square_bracket"] * 11, "p")  # n = 5: autoplay to its end
        await wait_for(pilot, lambda: not screen.running)
        assert b_row(app) == [0, 2, 4, 1, 3]
        assert screen.session.engine.finished


async def test_reports_are_drawn_once_a_frame_and_wait_while_the_terminal_is_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A run's reports only mark the frame stale: five queued make one frame, from the newest
    state. Over a slow link (the terminal has not read the last frames) a frame waits and the
    worker is not told it may report again; once the terminal caught up, the newest is drawn."""
    from solver.session.progress import Progress
    from tui.screens import board_screen
    from tui.screens.board_screen import BoardScreen

    lagging, asked = [False], [0]

    def behind() -> bool:
        asked[0] += 1
        return lagging[0]

    monkeypatch.setattr(board_screen, "behind", behind)
    app = QueensTutorApp(8, Mode.FIRST)
    async with main_opened(app, (120, 40)) as (pilot, screen):
        drawn: list[int] = []
        real = screen.show
        monkeypatch.setattr(screen, "show", lambda: (drawn.append(1), real())[1])
        session = screen.session
        for ticks in range(1, 6):
            progress = Progress(ticks, 100.0, session.engine.snapshot())
            screen.post_message(BoardScreen.RunProgressed(session, progress))
        await pilot.pause()
        await pilot.pause()
        assert drawn == [1]
        screen.post_message(BoardScreen.RunProgressed(session, progress))
        await pilot.pause()
        assert drawn == [1, 1]  # the next report after a drawn frame draws again
        lagging[0], asked[0] = True, 0
        message = BoardScreen.RunProgressed(session, progress)
        screen.post_message(message)
        # asked, waited a frame, asked again, and again: behind all the while
        await wait_for(pilot, lambda: asked[0] >= 3)
        assert drawn == [1, 1] and not message.drawn.is_set()
        lagging[0] = False
        await wait_for(pilot, lambda: drawn == [1, 1, 1])


def status_text(app: QueensTutorApp) -> str:
    """The status lines under the board, as one line."""
    return " ".join(" ".join(lines(pane(app, "status"))).split())


async def test_a_notice_goes_at_the_next_key_and_the_keys_own_stays() -> None:
    """Notices (a start hint, a method change) go to the status lines under the board, never
    over b[] or the code: the next key takes them away, and what that key itself says is
    shown. A notice sent to the app (``notify``) goes there too while the main screen is on
    top."""
    app = QueensTutorApp(8, Mode.FIRST)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.notify("An earlier notice.", timeout=30)
        await pilot.pause()
        assert len(app.screen.query("Toast")) == 0
        assert "An earlier notice." in status_text(app)
        await pilot.press("space")
        await pilot.pause()
        assert "An earlier notice." not in status_text(app)
        await pilot.press("m")  # the next method: its own notice
        await pilot.pause()
        title = stepped(main_screen(app).session.method).title
        assert title in status_text(app), status_text(app)
        assert len(app.screen.query("Toast")) == 0
        await pilot.press("space")
        await pilot.pause()
        assert title not in status_text(app)


def test_the_rate_of_a_run_or_autoplay_is_the_engine_s_examined_count_over_the_time() -> None:
    engine = RecursiveEngine(28)  # its first solution is far: the run is cancelled
    engine.run(max_ticks=50)
    before = engine.examined
    reports: list[Progress] = []
    cancelled = Event()

    def report(progress: Progress) -> None:
        reports.append(progress)
        if len(reports) == 3:
            cancelled.set()

    final = run_chunks(engine, Stop.SOLUTION, cancelled, report, frame=0.001)
    # ticks / s and squares / s share their wall time: their ratio is the engine's own.
    assert final.tried / final.rate == pytest.approx((engine.examined - before) / final.ticks)
    assert 0 < final.tried < final.rate  # fewer squares than ticks: the recursion's calls
    assert reports and all(p.tried > 0 for p in reports)
    engine = RecursiveEngine(5)  # autoplay reports the rate too
    final = autoplay(engine, lambda: 100_000, Event(), lambda p: None, frame=0.001)
    assert final.tried / final.rate == pytest.approx(engine.examined / engine.tick)


async def test_a_thread_that_sees_the_cancel_late_ends_the_run_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Escape cancels the worker's task at once, but its thread steps on until it sees the cancel
    (late on a loaded machine): the run ends when the thread does, and the board then shows the
    engine's own state, not the state of the moment the task was cancelled. The thread here sees
    the cancel only once the screen has looked whether the run began, and the test says so."""
    real_run = BoardSession.run
    called = []
    late = threading.Event()

    def seen_late(
        session: BoardSession, cancelled: threading.Event, report: Callable[..., Any]
    ) -> Any:
        called.append(session)
        return real_run(session, late, report)

    looked = threading.Event()

    def noting_the_look(
        node: Any, gate: RunGate, running: Callable[[], bool], end: Callable[[], None]
    ) -> None:
        def looking() -> bool:
            looked.set()
            return running()

        end_if_never_ran(node, gate, looking, end)

    monkeypatch.setattr(BoardSession, "run", seen_late)
    monkeypatch.setattr(board_screen, "end_if_never_ran", noting_the_look)
    app = QueensTutorApp(n=28)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MainScreen)
        await pilot.press("p")  # autoplay: it never ends on its own within the test
        await wait_for(pilot, lambda: screen.session.engine.tick > 0, timeout=30)
        await pilot.press("escape")
        await wait_for(pilot, looked.is_set, timeout=30)  # the screen's first look
        await pilot.pause()
        assert called == [screen.session]
        assert screen.running  # the thread still steps: the run is not over
        late.set()
        await wait_for(pilot, lambda: not screen.running, timeout=30)
        await pilot.pause()
        assert screen.session.snapshot == screen.session.engine.snapshot()
