"""Long runs in a worker: s, b and autoplay; progress shown, cancel, a consistent state after."""

from __future__ import annotations

import re

import pytest

from solver.events import attack_rule
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.registry import stepped
from tests.tui.screen_text import b_row, lines, main_screen, pane, visible_b, wait_for
from tui.app import QueensTutorApp

SIZE = (80, 24)


def no_two_placed_queens_attack(b: tuple[int, ...], k: int) -> bool:
    return all(attack_rule(i, b[i], j, b[j]) is None for i in range(k) for j in range(i + 1, k))


async def test_s_runs_to_the_first_solution() -> None:
    app = QueensTutorApp(8)
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)
        await pilot.press("s")
        await wait_for(pilot, lambda: not screen.running)
        expected = IterativeEngine(8)
        expected.run()
        assert b_row(app) == list(expected.b) == [0, 4, 7, 5, 2, 6, 1, 3]
        assert screen.session.snapshot.tick == expected.tick
        assert "Solution 1" in " ".join(lines(pane(app, "narration")))
        await pilot.press("s")  # first mode: the search is over, nothing runs
        assert not screen.running
        assert screen.session.engine.tick == expected.tick


async def test_s_in_all_mode_goes_from_solution_to_solution() -> None:
    app = QueensTutorApp(6, Mode.ALL)
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)
        found = []
        for _ in range(5):  # four solutions for n=6, then done
            await pilot.press("s")
            await wait_for(pilot, lambda: not screen.running)
            found.append(tuple(b_row(app)))
        assert screen.session.engine.solutions_found == 4
        assert found[:4] == list(screen.session.engine.solutions)
        assert screen.session.engine.finished


async def test_b_runs_to_the_next_backtrack() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)
        await pilot.press("b")
        await wait_for(pilot, lambda: not screen.running)
        # The Wrocław lecture: the first backtrack leaves column 2 and goes back to column 1.
        assert b_row(app) == [0, 2, -1, -1]
        assert screen.session.snapshot.k == 1
        assert "back to column 1" in " ".join(lines(pane(app, "narration")))


async def test_long_run_shows_progress_cancels_by_escape_or_p_and_can_step_back() -> None:
    app = QueensTutorApp(28)  # the first solution for n=28 is tens of millions of ticks away
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)
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


async def test_p_plays_and_pauses_at_the_chosen_speed() -> None:
    app = QueensTutorApp(16)  # seconds of autoplay to the first solution, even at full speed
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)
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


async def test_plus_and_minus_set_the_speed_and_autoplay_ends_at_the_solution() -> None:
    app = QueensTutorApp(5)
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)
        status = pane(app, "status")
        start = screen.session.speed
        await pilot.press("plus")
        assert screen.session.speed > start
        assert f"speed {screen.session.speed}/s" in "\n".join(lines(status))
        await pilot.press("minus", "minus")
        assert screen.session.speed < start
        await pilot.press(*["minus"] * 20)
        assert screen.session.speed == 1
        await pilot.press(*["plus"] * 20, "p")
        await wait_for(pilot, lambda: not screen.running)
        assert b_row(app) == [0, 2, 4, 1, 3]
        assert screen.session.engine.finished


async def test_progress_reports_queued_behind_a_frame_are_drawn_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A run's reports only mark the frame stale: five reports waiting in the queue make one
    frame, from the newest state, not five (a slow frame must not pile up)."""
    from solver.session.progress import Progress
    from tui.screens.board_screen import BoardScreen

    app = QueensTutorApp(8, Mode.FIRST)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = main_screen(app)
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


async def test_a_run_waits_to_draw_while_the_terminal_is_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Over a slow link (the terminal has not read the last frames) a run's frame waits, and
    the worker is not told it may report again: fewer frames, never a queue of them. When
    the terminal has caught up, the newest state is drawn."""
    from solver.session.progress import Progress
    from tui.screens import board_screen
    from tui.screens.board_screen import BoardScreen

    lagging, asked = [True], [0]

    def behind() -> bool:
        asked[0] += 1
        return lagging[0]

    monkeypatch.setattr(board_screen, "behind", behind)
    app = QueensTutorApp(8, Mode.FIRST)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = main_screen(app)
        drawn: list[int] = []
        real = screen.show
        monkeypatch.setattr(screen, "show", lambda: (drawn.append(1), real())[1])
        session = screen.session
        progress = Progress(5, 100.0, session.engine.snapshot())
        message = BoardScreen.RunProgressed(session, progress)
        asked[0] = 0
        screen.post_message(message)
        # asked, waited a frame, asked again, and again: behind all the while
        await wait_for(pilot, lambda: asked[0] >= 3)
        assert drawn == [] and not message.drawn.is_set()
        lagging[0] = False
        await wait_for(pilot, lambda: drawn == [1])
