"""``DIR/live/SERVER.json``: the sessions one ``queens-tutor serve`` runs now, for ``report
--live`` and the teacher's page; written atomically at each session's change and every
:data:`HEARTBEAT` seconds, removed when the server stops::

    {"schema": 1, "server": "lab1-4301", "updated": 1795000000.5,
     "sessions": [{"user": "ada", "address": "192.0.2.10", "pid": 4312,
      "started": "2025-03-04T10:15:02+01:00", "state": "connected",
      "session": "session-k2x9d0qe"}]}

A course site's session is listed in its course's store instead."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import socket
import time
from collections.abc import Iterable
from pathlib import Path

from lessons.progress.safe_file import write_atomically
from tui.serve.console import LOG
from tui.serve.tab import Tab

SCHEMA = 1


HEARTBEAT = 60.0
"""Seconds between two writes of a server's file when nothing changes."""


def server_name() -> str:
    """This server's name among those sharing a ``--server-data``: machine and process."""
    host = re.sub(r"[^A-Za-z0-9.-]", "-", socket.gethostname())[:60] or "host"
    return f"{host}-{os.getpid()}"


def live_record(tabs: Iterable[Tab], server: str = "") -> bytes:
    """The live file's content for the sessions ``tabs`` of ``server``."""
    sessions = [
        {
            "user": tab.user,
            "address": tab.address,
            "pid": tab.pid,
            "started": tab.started,
            "state": "detached" if tab.detached else "connected",
            "session": tab.home.name if tab.home is not None else None,
        }
        for tab in sorted(tabs, key=lambda tab: tab.started)
    ]
    data = {"schema": SCHEMA, "server": server, "updated": time.time(), "sessions": sessions}
    return (json.dumps(data, indent=1) + "\n").encode()


class LiveFile:
    """Writes the server's live files off the event loop, one write at a time, newest state
    last: its store's, and each course store's its sessions are of."""

    def __init__(self, path: Path, server: str = "") -> None:
        self.path = path
        self.server = server
        self._lock = asyncio.Lock()
        self.failed = False
        """True once a write failed (logged once; tried again at the next change)."""
        self.stores: set[Path] = set()
        """The course stores that have had a session (their file is written, then removed)."""

    async def write(self, tabs: Iterable[Tab]) -> None:
        async with self._lock:
            tabs = list(tabs)
            self.stores.update(tab.store for tab in tabs if tab.store is not None)
            files = [(self.path, None), *((s / "live" / self.path.name, s) for s in self.stores)]
            for path, store in files:  # under the lock: the last is the newest
                content = live_record([t for t in tabs if t.store == store], self.server)
                try:
                    await asyncio.to_thread(write_atomically, path, content)
                except OSError as error:
                    if not self.failed:
                        LOG.warning("cannot write %s: %s", path, error.strerror)
                    self.failed = True
                    return
            self.failed = False

    async def beat(self, tabs: Iterable[Tab]) -> None:
        """Write the file every :data:`HEARTBEAT` seconds (cancelled when the server stops)."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            await self.write(tabs)

    def remove(self) -> None:
        """The server has stopped: its files go."""
        for path in [self.path, *(s / "live" / self.path.name for s in self.stores)]:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
