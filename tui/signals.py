"""End the app cleanly on SIGTERM, SIGHUP (a dropped SSH connection) and SIGINT.

The handlers run on the app's event loop and ask the app to exit, so Textual restores the
terminal (leaves the alternate screen, turns mouse reporting off) before the process ends
with status 128 + the signal number: 143, 129, 130.
"""

from __future__ import annotations

import asyncio
import signal
from typing import Any

from textual.app import App

SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)


def exit_status(signum: int) -> int:
    """The shell's status for a process ended by ``signum``."""
    return 128 + signum


def exit_on_signals(app: App[Any]) -> None:
    """From now on, each of :data:`SIGNALS` makes ``app`` exit with :func:`exit_status`."""
    loop = asyncio.get_running_loop()
    for signum in SIGNALS:
        loop.add_signal_handler(signum, _exit, app, signum)


def _exit(app: App[Any], signum: int) -> None:
    app.exit(return_code=exit_status(signum))
