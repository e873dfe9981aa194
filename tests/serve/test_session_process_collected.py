"""A session process that has ended is collected, and asyncio told, before the server's loop
closes: otherwise a stop prints a traceback, "Event loop is closed", when the tutor's transport
is closed as garbage after the loop. The tutor's stdin here stays open in a process it started,
as a session's own children can keep it."""

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
    # loop; waiting for the process to be gone is not enough on a loaded machine. Every thread
    # the run started is joined, whatever its name ("waitpid-N" up to Python 3.11.2,
    # "asyncio-waitpid-N" since): a transport dropped after this hook is restored reaches
    # pytest's own hook, as a warning this check would not see.
    for thread in set(threading.enumerate()) - before:
        thread.join(timeout=10)
        assert not thread.is_alive(), thread
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
