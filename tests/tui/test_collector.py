"""Garbage is collected while nobody waits: after the first frame, once the keys stop."""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests import run_collector
from tui.app import SETTLE_DELAY, QueensTutorApp
from tui.collector import (
    BACKSTOP_THRESHOLD,
    FULL_SHARE,
    IDLE_DELAY,
    IdleCollection,
    held_during_start,
)


@pytest.fixture
def restored_collector() -> Iterator[None]:
    """Python's default collector for the test (not the run's: tests/run_collector.py)."""
    with run_collector.python_default():
        yield


async def test_tests_running_many_apps_leave_the_collector_alone(
    restored_collector: None,
) -> None:
    default = gc.get_threshold()
    app = QueensTutorApp(8)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        await pilot.pause()
        assert app.idle_collection is None
        assert gc.get_threshold() == default


async def settled(app: QueensTutorApp, pilot: Any, started: float) -> IdleCollection:
    """The idle collection, once the tutor has started it (SETTLE_DELAY after start-up: not
    inside the first frames). ``started``: the monotonic time before the app was started."""
    await pilot.pause()
    if app.idle_collection is not None:  # a busy machine: the first frames took that long
        assert time.monotonic() - started >= SETTLE_DELAY, "started inside the first frames"
    for _ in range(50):
        await pilot.pause(SETTLE_DELAY / 10)
        if app.idle_collection is not None:
            return app.idle_collection
    raise AssertionError("the idle collection never started")


async def test_the_tutor_collects_once_the_keys_stop(restored_collector: None) -> None:
    app = QueensTutorApp(8, settle_collector=True)
    started = time.monotonic()
    with held_during_start():
        async with app.run_test(size=(80, 24)) as pilot:
            assert not gc.isenabled()  # the first frames: held
            idle = await settled(app, pilot, started)
            assert gc.isenabled()  # settled: collected once, frozen, collecting again
            # After the first frames: survivors frozen, young collections only as a backstop.
            assert gc.get_freeze_count() > 0
            assert gc.get_threshold()[0] == BACKSTOP_THRESHOLD
            assert idle.collections == 0  # no key yet: nothing to collect for
            await pilot.press("space", "space", "space")
            await pilot.pause(IDLE_DELAY * 3)
            assert idle.collections == 1  # once, after the last key
            await pilot.pause(IDLE_DELAY * 3)
            assert idle.collections == 1  # and not again until the next key
            await pilot.press("space")
            await pilot.pause(IDLE_DELAY * 3)
            assert idle.collections == 2
            assert app.screen.session.snapshot.tick == 4  # the keys did their work


@pytest.mark.thorough  # the rule itself: the oldest generation's test below, every run
async def test_every_generation_is_collected_now_and_then_while_keys_come_and_go(
    restored_collector: None,
) -> None:
    full: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2:
            full.append(1)

    app = QueensTutorApp(8, settle_collector=True)
    started = time.monotonic()
    async with app.run_test(size=(80, 24)) as pilot:
        idle = await settled(app, pilot, started)
        gc.callbacks.append(seen)
        try:
            for _ in range(gc.get_threshold()[2] + 2):
                await pilot.press("space")
                await pilot.pause(IDLE_DELAY * 3)
        finally:
            gc.callbacks.remove(seen)
        assert idle.full_collections >= 1
        assert full  # the oldest generation was collected, not left to grow


class _Timer:
    def pause(self) -> None: ...

    def reset(self) -> None: ...

    def resume(self) -> None: ...


class _App:
    """What IdleCollection asks of the app: an interval timer (never run here: the test calls
    the collection itself)."""

    def set_interval(self, *_args: Any, **_options: Any) -> _Timer:
        return _Timer()


def test_the_oldest_generation_is_walked_once_it_has_grown_by_a_share(
    restored_collector: None,
) -> None:
    # The caches that fill as the student plays live in the oldest generation and hold no
    # garbage: a full collection every tenth idle moment walked them all (3-7 ms) for nothing.
    # Python's rule: only once the survivors since the last one are a share of what it left.
    idle = IdleCollection(_App())  # type: ignore[arg-type]
    gc.disable()  # only the idle collections run (the test's allocations start none)
    long_lived = [[number] for number in range(20_000)]
    kept: list[list[int]] = []
    full_at: list[int] = []
    for moment in range(60):
        if moment == 30:  # as many new long-lived objects as there were: more than a share
            kept.extend([number] for number in range(len(long_lived)))
        before = idle.full_collections
        idle._collect()
        if idle.full_collections > before:
            full_at.append(moment)
    assert idle.collections == 60
    assert full_at[0] <= gc.get_threshold()[2]  # the first, as Python's rhythm has it
    assert idle.long_lived >= len(long_lived)
    # None while the oldest generation did not grow (every tenth moment before: 5 or 6).
    assert [moment for moment in full_at if moment < 30] == full_at[:1]
    # One after it grew by more than 1 / FULL_SHARE, and none after that again.
    later = [moment for moment in full_at if moment >= 30]
    assert len(later) == 1, full_at
    assert len(kept) * FULL_SHARE >= len(long_lived) + len(kept)


def test_the_collector_is_held_while_the_tutor_starts_and_given_back_after() -> None:
    assert gc.isenabled()
    with held_during_start():
        assert not gc.isenabled()  # no collection walks the start-up's objects
    assert gc.isenabled()
    gc.disable()
    try:
        with held_during_start():
            pass
        assert not gc.isenabled()  # a collector disabled before stays disabled
    finally:
        gc.enable()


def test_the_command_starts_the_tutor_with_the_collector_held(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sys

    import tui.run_tutor
    from tests.cli.clirun import Tty
    from tui.cli import main as cli_main

    seen: list[bool] = []
    monkeypatch.setattr(tui.run_tutor, "run_app", lambda args: seen.append(gc.isenabled()) or 0)
    monkeypatch.setattr(sys, "stdin", Tty())
    monkeypatch.setattr(sys, "stdout", sys.stdout)
    monkeypatch.setattr(sys, "stderr", sys.stderr)
    for name in ("ESCDELAY", "TEXTUAL_FPS", "COLUMNS", "LINES"):
        monkeypatch.delenv(name, raising=False)
    terminal = Tty()
    assert cli_main._run_app(cli_main.tutor_parser().parse_args([]), (terminal, terminal)) == 0
    assert seen == [False]  # Textual imported and the app run with no collection
    assert gc.isenabled()  # and the collector back once the tutor is gone
