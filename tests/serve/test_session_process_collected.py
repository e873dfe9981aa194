"""A session process that has ended is collected, and asyncio told, before the server's loop
closes (stop 51's CI: a SIGHUP stop printed a traceback, "Event loop is closed", when the
tutor's transport was closed as garbage after the loop). The tutor's stdin here stays open in
a process it started, as a session's own children can keep it."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import sys
import threading
from typing import Any

import pytest

from tui.serve.processes import until_collected

SESSION = "cat >/dev/null 2>&1 & exec sleep 30"


async def _ended_session(wait: bool) -> asyncio.subprocess.Process:
    pipe = asyncio.subprocess.PIPE
    process = await asyncio.create_subprocess_exec(
        "sh", "-c", SESSION, stdin=pipe, stdout=pipe, stderr=pipe
    )
    os.kill(process.pid, signal.SIGKILL)
    if wait:
        await until_collected(process.pid)
    return process


def _unraisable_after_the_loop(monkeypatch: pytest.MonkeyPatch, wait: bool) -> list[Any]:
    caught: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda raised: caught.append(raised.exc_value))
    before = set(threading.enumerate())
    loop = asyncio.new_event_loop()
    try:
        process = loop.run_until_complete(_ended_session(wait))
    finally:
        loop.close()
    del process
    # asyncio's watcher thread holds the transport until it has told (or failed to tell) the
    # loop; waiting for the process to be gone is not enough on a loaded machine (stop 52's
    # CI: the transport was dropped after this check had looked, and the control failed).
    for thread in set(threading.enumerate()) - before:
        if thread.name.startswith("asyncio-waitpid-"):
            thread.join(timeout=10)
    gc.collect()
    return caught


def test_an_ended_session_is_collected_before_the_loop_closes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert _unraisable_after_the_loop(monkeypatch, wait=True) == []


def test_without_the_wait_the_loop_closes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: not waiting leaves the transport to a closed loop."""
    caught = _unraisable_after_the_loop(monkeypatch, wait=False)
    assert [str(error) for error in caught] == ["Event loop is closed"]
