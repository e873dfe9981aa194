"""End the app cleanly on SIGTERM, SIGHUP (a dropped SSH connection) and SIGINT.

The handlers ask the app to exit on its event loop, so Textual restores the terminal (leaves
the alternate screen, turns mouse reporting off) before the process ends with status
128 + the signal number: 143, 129, 130.

A dropped connection needs two more guards. The kernel sends SIGHUP *and* SIGCONT when the
terminal hangs up, and Textual answers SIGCONT (meant for a resume after ctrl+z) by starting
application mode again on the dead terminal; its writer thread then dies on the first write
and the shutdown waits forever for it. So once an ending signal has arrived, SIGCONT is
ignored (Python runs pending handlers in signal-number order: SIGHUP's before SIGCONT's), and
after a hang-up a watchdog ends the process if the shutdown still has not finished.

Suspended by SIGTSTP (``kill -TSTP``, a job-control stop), the terminal's modes go back to the
shell's before the process stops, and come back to raw mode when it resumes (``fg``), through
the input relay (tui/terminal_input.py); the app then draws its whole screen again
(:meth:`QueensTutorApp.on_resumed`).
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from types import FrameType
from typing import TYPE_CHECKING, Any

from textual.app import App

if TYPE_CHECKING:
    from tui.terminal_input import InputRelay

SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)

HANGUP_GRACE = 3.0
"""Seconds a shutdown after SIGHUP may take before the process ends without it."""


def exit_status(signum: int) -> int:
    """The shell's status for a process ended by ``signum``."""
    return 128 + signum


def exit_on_signals(app: App[Any], relay: InputRelay | None = None) -> None:
    """From now on, each of :data:`SIGNALS` makes ``app`` exit with :func:`exit_status`;
    SIGTSTP and SIGCONT hand the terminal's modes to the shell and take them back through
    ``relay`` (when the tutor reads the terminal through one).

    Call it on the app's event loop, after the driver has started (e.g. in ``on_mount``).
    """
    loop = asyncio.get_running_loop()
    ending: list[int] = []
    resume = signal.getsignal(signal.SIGCONT)
    stop = signal.getsignal(signal.SIGTSTP)

    def on_signal(signum: int, frame: FrameType | None) -> None:
        first = not ending
        ending.append(signum)
        if first and signum == signal.SIGHUP:
            _start_watchdog(exit_status(signum))
        loop.call_soon_threadsafe(_exit, app, signum)

    def on_sigcont(signum: int, frame: FrameType | None) -> None:
        if ending:
            return
        if relay is not None:
            relay.resume()
        if callable(resume):
            resume(signum, frame)

    def on_sigtstp(signum: int, frame: FrameType | None) -> None:
        if relay is not None:
            relay.suspend()
        if callable(stop):
            stop(signum, frame)  # Textual's driver leaves application mode, then stops
        else:
            os.kill(os.getpid(), signal.SIGSTOP)

    for signum in SIGNALS:
        signal.signal(signum, on_signal)
    signal.signal(signal.SIGCONT, on_sigcont)
    if relay is not None:
        signal.signal(signal.SIGTSTP, on_sigtstp)


def _start_watchdog(status: int) -> None:
    """End the process with ``status`` after :data:`HANGUP_GRACE` seconds, unless it has ended.

    The terminal is gone, so nothing is left to restore; a daemon thread does not keep the
    process alive once the shutdown has finished normally.
    """
    timer = threading.Timer(HANGUP_GRACE, os._exit, (status,))
    timer.daemon = True
    timer.start()


def _exit(app: App[Any], signum: int) -> None:
    app.exit(return_code=exit_status(signum))
