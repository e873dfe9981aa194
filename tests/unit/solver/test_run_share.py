"""A run's place on the machine (solver/session/share.py): its own thread at the lowest priority,
its chunks played only in a turn of the share's slots (held here as another process would)."""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from solver.methods.iterative.engine import IterativeEngine
from solver.registry import make_engine
from solver.session import share as share_module
from solver.session.board import BoardSession, Goal
from solver.session.runs import autoplay, run_chunks
from solver.session.share import (
    LOWEST,
    RunShare,
    forget_run_share,
    in_run_thread,
    machine_share,
    run_share,
    run_slots,
    set_run_share,
)
from solver.stepping import Mode, RunResult, Stop
from tests.serve.server import wait_until


@pytest.fixture(autouse=True)
def _the_lowest_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    """These runs play at the product's lowest priority (tests/conftest.py raises it)."""
    monkeypatch.setattr(share_module, "LOWEST", LOWEST)


def thread_nice() -> int:
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


@contextmanager
def holding(folder: Path, number: int = 0) -> Iterator[None]:
    """Hold slot ``number`` of ``folder``, as another process's run would."""
    descriptor = os.open(folder / f"slot-{number}", os.O_RDONLY | os.O_CREAT, 0o644)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)


def waiting_threads() -> set[threading.Thread]:
    """The threads of runs waiting in the kernel for a slot (solver/session/share.py)."""
    return {thread for thread in threading.enumerate() if thread.name == "queens-tutor-run-wait"}


def waiting(target: Callable[[], object]) -> threading.Thread:
    """``target`` started on a thread, once it waits for a slot (a generous deadline)."""
    before = waiting_threads()
    thread = threading.Thread(target=target)
    thread.start()
    wait_until(lambda: waiting_threads() - before, "no run waits for a slot", 30, 0.01)
    return thread


@pytest.fixture
def shared(tmp_path: Path) -> Iterator[Path]:
    set_run_share(tmp_path, 1)
    try:
        yield tmp_path
    finally:
        forget_run_share()


class _Priority(IterativeEngine):
    """An engine that notes the nice value of the thread each chunk plays on."""

    def __init__(self, n: int) -> None:
        super().__init__(n)
        self.nice: set[int] = set()
        self.threads: set[int] = set()

    def run(self, stop: Stop = Stop.END, max_ticks: int | None = None) -> RunResult:
        self.nice.add(thread_nice())
        self.threads.add(threading.get_native_id())
        return super().run(stop, max_ticks=max_ticks)


def test_a_run_plays_on_its_own_thread_at_the_lowest_priority_and_hands_back_its_result(
    shared: Path,
) -> None:
    engine = _Priority(8)
    session = BoardSession(engine=engine)
    assert session.begin_run(Goal.SOLUTION).played == 1
    final = session.run(threading.Event(), lambda _p: None)
    assert final.ticks > 0 and engine.solutions_found == 1
    assert engine.nice == {LOWEST}
    assert threading.get_native_id() not in engine.threads
    assert thread_nice() != LOWEST  # the caller's thread kept its priority
    assert in_run_thread(thread_nice) == LOWEST  # the run thread hands back its result
    with pytest.raises(ZeroDivisionError):  # and its error
        in_run_thread(lambda: 1 // 0)


def test_autoplay_plays_on_its_own_thread_at_the_callers_priority(shared: Path) -> None:
    """Autoplay's paced ticks keep the front end's priority (the lowest would hold up keys)."""
    engine = _Priority(16)
    session = BoardSession(engine=engine)
    session.speed = 10_000
    assert session.begin_run(Goal.AUTOPLAY).played == 1
    cancelled = threading.Event()
    reports: list[int] = []

    def report(progress: object) -> None:
        reports.append(1)
        if len(reports) >= 3:
            cancelled.set()

    final = session.run(cancelled, report)
    assert final.ticks > 0 and len(reports) >= 3
    assert engine.nice == {thread_nice()} and LOWEST not in engine.nice
    assert threading.get_native_id() not in engine.threads


def test_a_chunk_waits_while_another_process_holds_every_slot(shared: Path) -> None:
    engine = IterativeEngine(10)
    done: list[int] = []
    with holding(shared):
        worker = waiting(
            lambda: done.append(
                run_chunks(engine, Stop.SOLUTION, threading.Event(), lambda _p: None).ticks
            )
        )
        assert engine.tick == 0 and not done  # nothing played without a turn
    worker.join(30)
    assert done and engine.solutions_found == 1


def test_autoplay_waits_for_its_turn_too_and_a_cancel_while_it_waits_ends_it(shared: Path) -> None:
    engine = make_engine("iterative", 8, Mode.FIRST)
    cancelled = threading.Event()
    ended: list[float] = []
    with holding(shared):
        worker = waiting(
            lambda: ended.append(autoplay(engine, lambda: 10_000, cancelled, lambda _p: None).ticks)
        )
        assert engine.snapshot().tick == 0
        cancelled.set()
        worker.join(5)
        assert ended == [0]  # ended while the slot was still held


@pytest.mark.parametrize("slots", [1, 2])
def test_a_held_slot_slows_a_run_and_never_stops_it(
    slots: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slot never let go (of one) holds each chunk only up to the longest wait; of two slots,
    a held one leaves the other."""
    if slots == 1:
        monkeypatch.setattr(share_module, "MOST_WAIT", 0.2)
    set_run_share(tmp_path, slots)
    try:
        engine = IterativeEngine(8)
        with holding(tmp_path, 0):
            final = run_chunks(engine, Stop.SOLUTION, threading.Event(), lambda _p: None)
        assert final.ticks > 0 and engine.solutions_found == 1
    finally:
        forget_run_share()


def test_a_turn_let_go_is_taken_by_the_next_waiting_run(tmp_path: Path) -> None:
    share = RunShare(tmp_path, 1)
    cancelled = threading.Event()
    order: list[str] = []
    with share.turn(cancelled) as mine:
        assert mine
        got = threading.Event()

        def other() -> None:
            with share.turn(cancelled) as theirs:
                order.append(f"other {theirs}")
                got.set()

        second = waiting(other)
        assert not got.is_set()
        order.append("first done")
    second.join(5)
    assert order == ["first done", "other True"]


def test_the_machine_share_is_named_by_the_environment_or_off_or_one_for_every_account(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    forget_run_share()
    monkeypatch.setenv("QUEENS_TUTOR_RUN_SHARE", str(tmp_path / "share"))
    found = run_share()
    assert found is not None and found.folder == tmp_path / "share" and found.slots == run_slots()
    monkeypatch.setenv("QUEENS_TUTOR_RUN_SHARE", "off")
    assert machine_share() is None
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere")
    monkeypatch.setenv("QUEENS_TUTOR_RUN_SHARE", str(tmp_path / "link"))
    assert machine_share() is None  # a link is never followed
    assert run_slots() == max(1, len(os.sched_getaffinity(0)) - 1)  # the cores minus one
    monkeypatch.delenv("QUEENS_TUTOR_RUN_SHARE")  # else: a folder every account can use
    monkeypatch.setattr(share_module, "MACHINE_FOLDERS", (tmp_path / "none", tmp_path))
    found = machine_share()
    assert found is not None and found.folder == tmp_path / "queens-tutor-runs"
    assert (found.folder.stat().st_mode & 0o7777) == 0o1777
