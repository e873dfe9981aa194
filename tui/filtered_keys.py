"""A browser tab's keys through the terminal's input filter (tui/input_filter.py).

``queens-tutor serve`` passes what a tab's terminal (xterm.js) sends to the session's tutor,
whose web driver gives it to Textual's input parser as a terminal's bytes. The same bytes that
would end a tutor in a terminal stop that parser's thread in a tab (``ESC[1114112u``: the
tab ignores every later key), and an unterminated paste would swallow the keys after it: so
the server passes them through an :class:`~tui.input_filter.InputFilter` first, on its event
loop, and hands on what waited (a lone Escape, a paste that ended) when it is due.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from tui.input_filter import SYNCHRONIZED_OUTPUT, InputFilter


class FilteredKeys:
    """Feeds a tab's input through an :class:`InputFilter` to ``send`` (the session's stdin).

    Textual's web driver asks the tab about synchronized output as the tutor starts: that
    answer is the one report let through; it asks nothing else (a tab's size comes from the
    page, never from an in-band report).
    """

    def __init__(self, send: Callable[[bytes], Awaitable[object]], escape_delay: float) -> None:
        self._send = send
        self.filter = InputFilter(escape_delay)
        self.filter.expect(SYNCHRONIZED_OUTPUT, time.monotonic())
        self._lock = asyncio.Lock()
        """Held while the filter runs and its text is sent: what is handed on keeps its order."""
        self._timer: asyncio.TimerHandle | None = None
        self._pending: set[asyncio.Task[None]] = set()

    async def feed(self, data: bytes) -> None:
        async with self._lock:
            await self._hand_on(self.filter.feed(data, time.monotonic()))
        self._arm()

    def close(self) -> None:
        """The connection has closed: nothing more is handed on."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        for task in self._pending:
            task.cancel()

    async def _hand_on(self, text: str) -> None:
        if text:
            await self._send(text.encode("utf-8"))

    def _arm(self) -> None:
        """Wake up when the filter has something due (or drop the wake-up: nothing waits)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        deadline = self.filter.deadline
        if deadline is not None:
            wait = max(deadline - time.monotonic(), 0.0)
            self._timer = asyncio.get_running_loop().call_later(wait, self._due)

    def _due(self) -> None:
        self._timer = None
        task = asyncio.ensure_future(self._hand_on_due())
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _hand_on_due(self) -> None:
        async with self._lock:
            await self._hand_on(self.filter.flush(time.monotonic()))
        self._arm()
