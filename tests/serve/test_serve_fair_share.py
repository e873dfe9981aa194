"""A late student in a busy class is served while six tabs' runs go on at the lowest priority,
at most the server's share of the cores runnable at once (figures:
benchmarks/bench_serve_fair.py)."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import aiohttp
import pytest

from solver.session.share import LOWEST, run_slots
from tests.serve.server import Served, serving, until
from tests.serve.tabs import Tab, open_tab

pytestmark = pytest.mark.integration  # starts a real server and its session processes

LOAD = 6
AUTOPLAY_KEYS = "]]]]]]]]a++++++++p"
"""16x16, all solutions, the top speed (10,000 ticks/s), autoplay."""
SEARCH_KEYS = "]" * 20 + "s"
"""28x28, to the first solution: minutes of CPU."""


def descendants(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)] = int(fields[1])
    found: list[int] = []
    wanted = {root}
    while wanted:
        wanted = {pid for pid, parent in parents.items() if parent in wanted} - set(found)
        found += wanted
    return found


def run_threads(server: int) -> dict[tuple[int, int], str]:
    """(process, thread) -> scheduler state of every thread at the runs' priority under the
    server (the runs, and the threads that wait in the kernel for a slot)."""
    states = {}
    for pid in descendants(server):
        try:
            tasks = list(Path(f"/proc/{pid}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[16]) == LOWEST:  # field 19 of stat: the nice value
                states[(pid, int(task.name))] = fields[0]
    return states


async def keep_reading(tabs: list[Tab]) -> None:
    while True:
        for tab in tabs:
            await tab.read_for(0.01)
            tab.output = tab.output[-5000:]


def slot_locks(folder: Path) -> tuple[int, int]:
    """How many of the share's slot files are held, and how many waits for one there are, now
    (/proc/locks: a waiter's line has ``->``). A slot counts once however often it is listed: the
    kernel writes /proc/locks a page per read, and a lock let go and taken between two pages is
    listed twice."""
    slots = {slot.stat().st_ino for slot in folder.glob("slot-*")}
    held: set[int] = set()
    waiting = 0
    for line in Path("/proc/locks").read_text().splitlines():
        fields = line.split()
        if "FLOCK" not in fields:
            continue
        inode = int(fields[fields.index("FLOCK") + 4].rsplit(":", 1)[1])  # major:minor:inode
        if inode in slots:
            if "->" in fields:
                waiting += 1
            else:
                held.add(inode)
    return len(held), waiting


def thread_cpu(server: int) -> float:
    """The CPU seconds the runs' threads have used so far."""
    used = 0
    for pid, tid in run_threads(server):
        try:
            fields = Path(f"/proc/{pid}/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        used += int(fields[11]) + int(fields[12])
    return used / os.sysconf("SC_CLK_TCK")


async def test_a_late_tab_is_served_while_the_runs_of_a_busy_class_take_turns() -> None:
    with serving("--max-sessions", "10", "--seats-per-user", "10", "--run-cpu", "0") as served:
        await busy_class(served)


async def busy_class(served: Served) -> None:
    server = served.process.pid
    async with aiohttp.ClientSession() as client:
        tabs = [await open_tab(client, served) for _ in range(LOAD)]
        for tab in tabs:
            await tab.wait_for("tick 0")
        for number, tab in enumerate(tabs):  # half autoplay, half search 28x28 with s
            await tab.press(AUTOPLAY_KEYS if number % 2 else SEARCH_KEYS)
        for tab in tabs:
            await tab.wait_for("ticks at")  # the status line of a run that plays
        reading = asyncio.create_task(keep_reading(tabs))
        try:
            all_run = lambda: len({pid for pid, _tid in run_threads(server)}) >= LOAD  # noqa: E731
            await until(all_run, lambda: run_threads(server), 30, 0.1)
            # The runs take turns: at most the share's slots are held, the others wait for one
            # (in the kernel, asleep), and together they use no more than those cores.
            most = run_slots()
            waited = 0
            before = thread_cpu(server)
            started = time.monotonic()
            while time.monotonic() - started < 3:
                held, waiting = slot_locks(served.home / "runs")
                assert held <= most
                waited = max(waited, waiting)
                await asyncio.sleep(0.05)
            used = (thread_cpu(server) - before) / (time.monotonic() - started)
            assert waited > 0, "no run ever waited for its turn"
            assert used <= most * 1.25, f"the runs used {used:.2f} cores"
            # A late student: her board, then her first key's answer, while the runs go on.
            late = await open_tab(client, served)
            await late.wait_for("tick 0", timeout=60)
            await late.press(" ")
            await late.wait_for("tick 1", timeout=30)
            # The runs go on: each shows a thread at the runs' priority within a second (an
            # autoplay's chunk thread is there only while it plays, between paced frames).
            still: set[int] = set()
            seen_until = time.monotonic() + 1
            while len(still) < LOAD and time.monotonic() < seen_until:
                still |= {pid for pid, _tid in run_threads(server)}
                await asyncio.sleep(0.02)
            assert len(still) >= LOAD, "the runs ended before the late tab was served"
            await late.socket.close()
        finally:
            reading.cancel()
        for tab in tabs:
            await tab.socket.close()
    assert "Traceback" not in served.log()
