"""A browser tab without the browser: a websocket client that reads what the tutor draws."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import TypeVar

import aiohttp

from tests.serve.server import Served, plain

T = TypeVar("T")

OVERLAP = 4096
"""Characters of earlier output looked at again with a new message: words (and the escape
sequences between them) drawn across two messages."""
TIMEOUT = 120.0
"""Seconds a tab waits for what it expects: a session that draws its first frame in under a
second on a quiet machine took 15 to 35 s here on two cores shared with four to eight busy
processes, and longer beside a browser and other servers."""


class Tab:
    """One websocket session, reading what the tutor draws."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.output = ""
        self.said: dict[str, object] = {}
        """What the server told the page (its ``["queens-tutor", {...}]`` messages), merged."""

    def take(self, message: aiohttp.WSMessage) -> bool:
        """Keep what ``message`` brings; False when it closes the connection."""
        if message.type == aiohttp.WSMsgType.BINARY:
            self.output += message.data.decode("utf-8", "replace")
        elif message.type == aiohttp.WSMsgType.TEXT:
            kind, data = json.loads(message.data)
            if kind == "queens-tutor":
                self.said.update(data)
        else:
            return False
        return True

    @property
    def key(self) -> str:
        """The key the server gave this tab's session."""
        key = self.said.get("key")
        assert isinstance(key, str), self.said
        return key

    async def _receive(self, deadline: float) -> aiohttp.WSMessage | None:
        """The next message, or None once the monotonic ``deadline`` passes. The deadline bounds
        the whole wait: aiohttp restarts its own timeout after each ping it answers, and a server
        that pings more often than that would keep a wait going for ever."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        try:
            async with asyncio.timeout(remaining):
                return await self.socket.receive()
        except TimeoutError:
            return None

    async def wait_for(self, words: str, timeout: float = TIMEOUT) -> None:
        """Read until the tab shows ``words``: each message is looked at with the end of what came
        before it (:data:`OVERLAP`), not the whole output again (a flood of frames made that
        quadratic: minutes of CPU on a busy machine)."""
        deadline = time.monotonic() + timeout
        if words in plain(self.output):
            return
        while True:
            before = len(self.output)
            message = await self._receive(deadline)
            if message is None:
                raise AssertionError(f"{words!r} never shown: {plain(self.output)[-3000:]!r}")
            if not self.take(message):
                raise AssertionError(f"closed before {words!r}: {plain(self.output)[-400:]!r}")
            if words in plain(self.output[max(before - OVERLAP, 0) :]):
                return

    async def read_for(self, seconds: float) -> None:
        """Read what the tab is sent for ``seconds`` (what shows after a pause)."""
        deadline = time.monotonic() + seconds
        while (message := await self._receive(deadline)) is not None:
            if not self.take(message):
                return

    async def wait_closed(self, timeout: float = TIMEOUT) -> None:
        """Read what the tab is sent until the server closes its connection."""
        deadline = time.monotonic() + timeout
        while not self.socket.closed:
            message = await self._receive(deadline)
            if message is None:
                raise AssertionError(f"still open: {plain(self.output)[-400:]!r}")
            self.take(message)

    async def while_reading(self, call: Callable[[], T]) -> T:
        """``call()`` on a thread while the tab reads what it is sent and answers the server's
        pings, as a browser does (a wait that blocks the loop answers none, and the server takes
        a tab that misses one for gone)."""
        done = asyncio.ensure_future(asyncio.to_thread(call))
        while not done.done() and not self.socket.closed:
            await self.read_for(0.2)
        return await done

    async def press(self, keys: str) -> None:
        await self.socket.send_json(["stdin", keys])


async def open_tab(
    client: aiohttp.ClientSession,
    served: Served,
    headers: dict[str, str] | None = None,
    key: str | None = None,
    size: tuple[int, int] = (100, 30),
    recent: str | None = None,
) -> Tab:
    """A tab of ``size`` cells (100x30), sending ``headers`` with its handshake, coming back
    with ``key`` if given, or as a new tab of a browser whose last session's key is
    ``recent``."""
    query = f"width={size[0]}&height={size[1]}" + (f"&key={key}" if key else "")
    query += f"&recent={recent}" if recent else ""
    socket = await client.ws_connect(f"{served.url}ws?{query}", headers=headers)
    return Tab(socket)
