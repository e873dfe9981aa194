"""One browser tab of ``queens-tutor serve``: its connection, and its tutor once started."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import TYPE_CHECKING

from tui.serve_processes import processes_with_arg

if TYPE_CHECKING:
    from aiohttp import web
    from textual_serve.app_service import AppService

MAX_WIDTH = 400
MAX_HEIGHT = 200
"""The widest and tallest terminal a tab may ask for (cells): a 4K screen at a small font."""


def clamp(cells: object, most: int, default: int) -> int:
    """A size a tab asked for, as a whole number from 1 to ``most`` (else ``default``)."""
    try:
        wanted = int(str(cells)[:8])
    except ValueError:
        return default
    return max(1, min(wanted, most))


class Tab:
    """A tab from its acceptance until its tutor has ended and its directory is gone."""

    def __init__(self, websocket: web.WebSocketResponse, address: str, key: str | None) -> None:
        self.websocket = websocket
        self.address = address
        """The client's address as logged."""
        self.key = key
        """Whose seats it takes (tui/serve_guard.py), or None: nobody's."""
        self.service: AppService | None = None
        self.home: Path | None = None
        """The session's own directory (its tutor's home), once made."""
        self.pid: int | None = None
        self.last_key = time.monotonic()
        """When the tab last sent a key (or opened)."""
        self.reason: str | None = None
        """Why the session ended: closed, quit, idle, stopped or failed (the first cause)."""
        self.error: str | None = None
        self.farewell: bytes | None = None
        """What to show in the tab once its tutor has quit, before the connection closes."""

    def ended(self, reason: str) -> None:
        """Record why the session ends, unless an earlier cause was recorded."""
        if self.reason is None:
            self.reason = reason

    def find_pid(self) -> int | None:
        """The tutor's process id: the process with the session's directory as argument."""
        if self.pid is None and self.home is not None:
            found = processes_with_arg(str(self.home))
            self.pid = found[0] if len(found) == 1 else None
        return self.pid

    async def finish(self) -> None:
        """Show the farewell, if any (once), then close the connection."""
        farewell, self.farewell = self.farewell, None
        if farewell is not None:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.websocket.send_bytes(farewell)
        await self.websocket.close()
