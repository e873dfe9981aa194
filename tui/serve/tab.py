"""One session of ``queens-tutor serve``: a tutor process and the browser tab it is shown in.

The server tells the page (tui/serve/page/app_index.html) in text messages
``["queens-tutor", {...}]``: ``{"key": K}``, ``{"unsaved": true}``, ``{"ended": REASON}``."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import re
import secrets
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from tui.serve.processes import processes_with_arg

if TYPE_CHECKING:
    from aiohttp import web
    from textual_serve.app_service import AppService

    from tui.serve.keys import Controls, KeyBudget

MAX_WIDTH = 400
MAX_HEIGHT = 200
"""The widest and tallest terminal a tab may ask for (cells): a 4K screen at a small font."""
PAGE_MESSAGE = "queens-tutor"
"""The first item of the server's own messages to the page."""
SECRET_BYTES = 32
"""The reattach key's randomness (secrets.token_urlsafe): 256 bits, 43 characters."""
MAX_SECRET = 100
"""The longest key a tab may bring; a longer one matches nothing."""
MAX_FRAME_BYTES = 4 * 1024 * 1024
"""The largest frame a tab may send (a paste of MAX_PASTE characters, each written out by
JSON, fits); a larger one closes the connection (1009, message too big)."""
MAX_PING = 32
"""The longest ping a tab's page may send (it sends the time in milliseconds)."""
SURROGATE = re.compile("[\ud800-\udfff]")


def read_frame(text: str) -> tuple[str, object] | None:
    """A tab's text frame as ``(kind, data)`` (``["stdin", "q"]``); None for anything else. A
    lone surrogate becomes U+FFFD."""
    try:
        frame = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(frame, list) or len(frame) != 2 or not isinstance(frame[0], str):
        return None
    kind, data = frame
    if isinstance(data, str):
        data = SURROGATE.sub("\ufffd", data)
    return kind, data


def clamp(cells: object, most: int, default: int) -> int:
    """A size a tab asked for, as a whole number from 1 to ``most`` (else ``default``)."""
    try:
        wanted = int(str(cells)[:8])
    except ValueError:
        return default
    return max(1, min(wanted, most))


ZONE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(/[A-Za-z0-9_+\-]+){0,2}")
"""What an IANA time zone's name looks like (Europe/Rome, America/Argentina/Salta, UTC)."""


def time_zone(name: str | None) -> str | None:
    """``name`` when it is a time zone this machine has (the tab's ``tz``), else None."""
    if not name or len(name) > 64 or ZONE_NAME.fullmatch(name) is None:
        return None
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None
    return name


MAKE_ROOM_AFTER = 10.0
"""Seconds after its tab went away from which a full server may end a session to make room for
a new tab (a dropped connection comes back sooner)."""


def spare_session(tabs: list[Tab], now: float) -> Tab | None:
    """The session of ``tabs`` a full server ends to make room: of those away at least
    :data:`MAKE_ROOM_AFTER` seconds with nothing to lose, the one gone longest; or None."""
    spare = [
        tab
        for tab in tabs
        if tab.detached
        and tab.detached_at is not None
        and now - tab.detached_at >= MAKE_ROOM_AFTER
        and (tab.user is not None or not tab.unsaved)
    ]
    return min(spare, key=lambda tab: tab.detached_at or now, default=None)


def now_iso() -> str:
    """The time now, as ISO 8601 with its UTC offset (the live file's times)."""
    return datetime.now(UTC).astimezone().isoformat(timespec="seconds")


class Tab:
    """A session from its acceptance until its tutor has ended and its directory is gone;
    shown in at most one websocket at a time (none while detached)."""

    def __init__(
        self,
        websocket: web.WebSocketResponse | None,
        address: str,
        key: str | None,
        user: str | None = None,
    ) -> None:
        self.websocket: web.WebSocketResponse | None = websocket
        """The connection the tutor is shown in; None while detached."""
        self.address = address
        """The client's address as logged (that of the last connection)."""
        self.key = key
        """Whose seats it takes (the user's name, or tui/serve/guard.py), or None: nobody's."""
        self.user = user
        """The name the authenticating proxy gave (``--user-header``), or None: anonymous."""
        self.secret = secrets.token_urlsafe(SECRET_BYTES)
        """The key a tab brings back to reattach (kept by the page, never logged)."""
        self.service: AppService | None = None
        self.home: Path | None = None
        """The session's own directory (named on its tutor's command line), once made."""
        self.data_home: Path | None = None
        """The tutor's home: ``home``, or the named user's directory in the server's data."""
        self.pid: int | None = None
        self.child: int | None = None
        """The process textual-serve started for the session (the server's child; the tutor
        itself, as its command execs), once found: collected before the session ends."""
        self.started = now_iso()
        self.last_key = time.monotonic()
        """When the tab last sent a key (or opened)."""
        self.reason: str | None = None
        """Why the session ended first (a reason of tui/serve/life.py), or None."""
        self.error: str | None = None
        self.farewell: bytes | None = None
        """What to show in the tab once its tutor has quit, before the connection closes."""
        self.over = asyncio.Event()
        """Set when the session must end (its reason recorded)."""
        self.life: asyncio.Task[None] | None = None
        """The server's task that waits for the session's end, then ends it."""
        self.keep_timer: asyncio.Task[None] | None = None
        """While detached: the countdown to the session's end."""
        self.unsaved = False
        """True once an anonymous session has progress the page should ask before losing."""
        self.zone: str | None = None
        """The browser's time zone (an IANA name the server has), for the tutor's times."""
        self.store: Path | None = None
        """The store its user is of: None, the server's; else a course site's course's
        (tui/serve/lti/courses.py), whose live file lists it."""
        self.lesson: str | None = None
        """The lesson its tutor opens (a course site's link), or None: the server's."""
        from tui.serve.keys import Controls, KeyBudget  # the server's: not a session's import

        self.keys: KeyBudget = KeyBudget(time.monotonic())
        self.controls: Controls = Controls(time.monotonic())
        """What its tabs may send (tui/serve/keys.py): kept across connections."""
        self.telling: asyncio.Task[None] | None = None
        """While keys dropped are being counted: the task that then tells of them."""
        self.detached_at: float | None = None
        """When its tab last went away (the monotonic clock)."""

    @property
    def detached(self) -> bool:
        return self.websocket is None

    @property
    def running(self) -> bool:
        """Whether its tutor was started and it has not been told to end: only such a session
        is shown to a connection that comes back."""
        return self.life is not None and not self.over.is_set()

    def ended(self, reason: str) -> None:
        """Record why the session ends, unless an earlier cause was recorded."""
        if self.reason is None:
            self.reason = reason

    def end(self, reason: str) -> None:
        """End the session (the server's watcher then stops its tutor)."""
        self.ended(reason)
        self.over.set()

    def matches(self, user: str | None, secret: str | None) -> bool:
        """Whether a connection of ``user`` bringing ``secret`` may attach to this session:
        the same user (or both anonymous) and the same key, compared in constant time."""
        if user != self.user or not secret or len(secret) > MAX_SECRET:
            return False
        return hmac.compare_digest(secret.encode("utf-8"), self.secret.encode("utf-8"))

    def find_pid(self) -> int | None:
        """The tutor's process id: the process with the session's directory as argument."""
        if self.pid is None and self.home is not None:
            found = processes_with_arg(str(self.home))
            self.pid = found[0] if len(found) == 1 else None
        return self.pid

    async def send(self, data: bytes | str) -> None:
        """Terminal output (bytes) or a message for the tab's page (text: textual-serve's, or
        ours); dropped while detached (a reattached tab is sent the whole screen) or when the
        connection is closing."""
        websocket = self.websocket
        if websocket is None or websocket.closed:
            return
        with contextlib.suppress(ConnectionError, RuntimeError):  # closing meanwhile
            if isinstance(data, bytes):
                await websocket.send_bytes(data)
            else:
                await websocket.send_str(data)

    async def tell_page(self, **what: object) -> None:
        await self.send(json.dumps([PAGE_MESSAGE, what]))

    async def finish(self) -> None:
        """Show the farewell (once), tell the page the session ended, close the connection."""
        websocket = self.websocket
        if websocket is None:
            return
        farewell, self.farewell = self.farewell, None
        if farewell is not None:
            await self.send(farewell)
        await self.tell_page(ended=self.reason or "ended")
        await websocket.close()
