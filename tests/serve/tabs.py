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
        self._messages: asyncio.Queue[aiohttp.WSMessage] = asyncio.Queue()
        self._reader = asyncio.get_running_loop().create_task(self._read())
        """Receives every message as it comes: aiohttp answers the server's pings only while
        something receives, a browser always does (a tab not read for a heartbeat is gone)."""

    async def _read(self) -> None:
        ended = (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.CLOSED)
        while True:
            try:
                message = await self.socket.receive()
            except Exception as error:  # the connection failed: said as its end
                self._messages.put_nowait(aiohttp.WSMessage(aiohttp.WSMsgType.ERROR, error, None))
                return
            self._messages.put_nowait(message)
            if message.type in ended or message.type == aiohttp.WSMsgType.ERROR:
                return

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
        """The next message, or None once the monotonic ``deadline`` passes."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        try:
            async with asyncio.timeout(remaining):
                return await self._messages.get()
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
        while not self.socket.closed or not self._messages.empty():
            message = await self._receive(deadline)
            if message is None:
                raise AssertionError(f"still open: {plain(self.output)[-400:]!r}")
            if not self.take(message):
                break
        while not self._messages.empty():  # what came with the end
            self.take(self._messages.get_nowait())

    async def while_reading(self, call: Callable[[], T]) -> T:
        """``call()`` on a thread, the tab reading meanwhile (a wait that blocks the loop
        answers no ping, and the server takes a tab that misses one for gone)."""
        return await asyncio.to_thread(call)

    async def press(self, keys: str, then: str | None = None) -> None:
        """Type ``keys``; return once the tab shows ``then`` (if given)."""
        await self.socket.send_json(["stdin", keys])
        if then is not None:
            await self.wait_for(then)


async def open_tab(
    client: aiohttp.ClientSession,
    served: Served,
    headers: dict[str, str] | None = None,
    key: str | None = None,
    size: tuple[int, int] = (100, 30),
    recent: str | None = None,
    ready: bool = False,
) -> Tab:
    """A tab of ``size`` cells (100x30), sending ``headers`` with its handshake, coming back
    with ``key`` if given, or as a new tab of a browser whose last session's key is
    ``recent``; if ``ready``, once it shows its tutor's board at tick 0."""
    query = f"width={size[0]}&height={size[1]}" + (f"&key={key}" if key else "")
    query += f"&recent={recent}" if recent else ""
    tab = Tab(await client.ws_connect(f"{served.url}ws?{query}", headers=headers))
    if ready:
        await tab.wait_for("tick 0")
    return tab
