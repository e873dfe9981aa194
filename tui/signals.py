"""End the app cleanly on SIGTERM, SIGHUP and SIGINT (status 128 + the signal), and hand the
terminal to the shell on SIGTSTP and back on SIGCONT (ignored once an ending signal came;
after SIGHUP a watchdog ends a shutdown that hangs)."""

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
    SIGTSTP and SIGCONT suspend and resume ``relay``. Call it on the app's loop, after the
    driver has started."""
    loop = asyncio.get_running_loop()
    ending: list[int] = []
    resume = signal.getsignal(signal.SIGCONT)
    stop = signal.getsignal(signal.SIGTSTP)

    def on_signal(signum: int, frame: FrameType | None) -> None:
        first = not ending
        ending.append(signum)
        if first and signum == signal.SIGHUP:
            # the process ends after HANGUP_GRACE seconds, unless it has ended
            timer = threading.Timer(HANGUP_GRACE, os._exit, (exit_status(signum),))
            timer.daemon = True
            timer.start()
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


def _exit(app: App[Any], signum: int) -> None:
    app.exit(return_code=exit_status(signum))
