"""``DIR/live.json``: the sessions ``queens-tutor serve`` runs now, for ``queens-tutor report
--live`` (DIR is ``--server-data``).

Written atomically at every session's start, reattach, detach and end::

    {"schema": 1, "sessions": [{"user": "ada", "address": "192.0.2.10", "pid": 4312,
      "started": "2025-03-04T10:15:02+01:00", "state": "connected"}]}

``user`` is null for an anonymous session, ``state`` is ``connected`` or ``detached`` (its tab
is gone, and it waits ``--keep`` minutes for it to come back).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from pathlib import Path

from lessons.progress.safe_file import write_atomically
from tui.serve.console import LOG
from tui.serve.tab import Tab

SCHEMA = 1


def live_record(tabs: Iterable[Tab]) -> bytes:
    """live.json's content for the sessions ``tabs``."""
    sessions = [
        {
            "user": tab.user,
            "address": tab.address,
            "pid": tab.pid,
            "started": tab.started,
            "state": "detached" if tab.detached else "connected",
        }
        for tab in sorted(tabs, key=lambda tab: tab.started)
    ]
    return (json.dumps({"schema": SCHEMA, "sessions": sessions}, indent=1) + "\n").encode()


class LiveFile:
    """Writes live.json off the event loop, one write at a time, newest state last."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = asyncio.Lock()
        self.failed = False
        """True once a write failed (logged once; tried again at the next change)."""

    async def write(self, tabs: Iterable[Tab]) -> None:
        async with self._lock:
            content = live_record(tabs)  # taken under the lock: the last write is the newest
            try:
                await asyncio.to_thread(write_atomically, self.path, content)
            except OSError as error:
                if not self.failed:
                    LOG.warning("cannot write %s: %s", self.path, error.strerror)
                self.failed = True
                return
            self.failed = False
