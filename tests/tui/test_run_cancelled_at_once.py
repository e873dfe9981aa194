"""A run cancelled before its worker's thread ran (escape at once after s) does not leave the
screen "running" with its stepping keys dimmed for good."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from solver.session.board import BoardSession
from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.run_workers import RunGate, end_if_never_ran
from tui.screens import board_screen
from tui.screens.main_screen import MainScreen


async def test_a_run_cancelled_before_it_ran_gives_the_keys_back() -> None:
    app = QueensTutorApp(n=8)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MainScreen)
        screen.action_run("solution")
        screen.action_cancel()  # in the same turn: the worker's thread never starts
        await wait_for(pilot, lambda: not screen.running, timeout=30)
        tick = screen.session.engine.tick
        await pilot.press("space")
        assert screen.session.engine.tick == tick + 1  # stepping works again
        await pilot.press("r")
        assert screen.session.engine.tick == 0


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
