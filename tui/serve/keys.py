"""A browser tab's keys: bounded as a terminal's input buffer (:data:`KEY_BUFFER` keys draining
at :data:`KEYS_PER_SECOND`; its raw text and its controls bounded too), then through the
terminal's input filter (tui/input_filter.py)."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable

from tui.input_filter import MAX_PASTE, SYNCHRONIZED_OUTPUT, InputFilter

KEY_BUFFER = 1024
"""The keys (a character, a sequence, a mouse report, a paste) a session may have waiting."""
KEYS_PER_SECOND = 100.0
"""How fast the waiting keys are taken to drain."""
TEXT_BURST = MAX_PASTE + 4 * KEY_BUFFER
"""The characters a tab may send at once (a whole paste and some keys), before the filter."""
TEXT_PER_SECOND = 16_384.0
"""How fast that room comes back."""
CONTROL_BURST = 8
CONTROLS_PER_SECOND = 4.0
"""A tab's resizes, focus and blur changes at once, and after that a second."""
_UNITS = re.compile(
    r"\x1b\[200~[^\x1b]*\x1b\[201~|\x1b(?:\[[0-?]*[ -/]*[@-~]|O.|.)?|[^\x1b]+", re.S
)
"""What the filter hands on, unit by unit: a paste (whose control characters the filter has
made symbols), an escape sequence, or a run of characters (each a key)."""


class Bucket:
    """Room for ``size`` units, which comes back at ``rate`` a second."""

    def __init__(self, size: float, rate: float, now: float) -> None:
        self.size = size
        self.rate = rate
        self.level = size
        self.last = now

    def take(self, wanted: int, now: float) -> int:
        """How many of ``wanted`` units fit at ``now`` (taken)."""
        self.level = min(self.size, self.level + max(now - self.last, 0.0) * self.rate)
        self.last = now
        granted = min(wanted, int(self.level))
        self.level -= granted
        return granted


def _units(text: str) -> list[tuple[str, int]]:
    """``text`` cut into units, each with its number of keys (a run of characters: one each)."""
    return [
        (found, len(found) if found[0] != "\x1b" else 1)
        for found in (m.group() for m in _UNITS.finditer(text))
    ]


class KeyBudget:
    """What one session's tabs may send (it outlives a connection). Pure: given the time."""

    def __init__(self, now: float) -> None:
        self.text = Bucket(TEXT_BURST, TEXT_PER_SECOND, now)
        self.keys = Bucket(KEY_BUFFER, KEYS_PER_SECOND, now)
        self.dropped = 0
        """Keys dropped since the last :meth:`told`."""

    def admit_text(self, text: str, now: float) -> str:
        """What of a frame's ``text`` is read at all (its start)."""
        kept = self.text.take(len(text), now)
        if kept < len(text):
            self.dropped += sum(keys for _unit, keys in _units(text[kept:]))
        return text[:kept]

    def admit_keys(self, text: str, now: float) -> str:
        """What of the filter's ``text`` is handed on: whole units while there is room."""
        kept: list[str] = []
        for unit, keys in _units(text):
            granted = self.keys.take(keys, now)
            if unit[0] != "\x1b":
                kept.append(unit[:granted])
            elif granted:
                kept.append(unit)  # a sequence is one key: whole or not at all
            self.dropped += keys - granted
        return "".join(kept)

    def told(self) -> int:
        """The keys dropped since the last call (then none)."""
        dropped, self.dropped = self.dropped, 0
        return dropped


class Controls:
    """A tab's resize, focus and blur: :data:`CONTROL_BURST` at once, then
    :data:`CONTROLS_PER_SECOND`; past that only the latest of each kind waits."""

    def __init__(self, now: float) -> None:
        self.room = Bucket(CONTROL_BURST, CONTROLS_PER_SECOND, now)
        self.held: dict[str, Callable[[], Awaitable[object]]] = {}
        self._later: asyncio.Task[None] | None = None

    async def send(self, kind: str, call: Callable[[], Awaitable[object]]) -> None:
        if not self.held and self.room.take(1, time.monotonic()):
            await call()
            return
        self.held[kind] = call
        if self._later is None or self._later.done():
            self._later = asyncio.create_task(self._send_held())

    async def _send_held(self) -> None:
        while self.held:
            await asyncio.sleep(1 / CONTROLS_PER_SECOND)
            if self.room.take(1, time.monotonic()):
                await self.held.pop(next(iter(self.held)))()

    def close(self) -> None:
        """The connection has closed: what waits is dropped (a new one sends its own)."""
        self.held.clear()
        if self._later is not None:
            self._later.cancel()


class FilteredKeys:
    """Feeds a tab's input through an :class:`InputFilter` to ``send`` (the session's stdin);
    the only report let through is the answer about synchronized output."""

    def __init__(
        self,
        send: Callable[[bytes], Awaitable[object]],
        escape_delay: float,
        budget: KeyBudget,
        dropped: Callable[[], object],
    ) -> None:
        self._send = send
        self.budget = budget
        self._dropped = dropped
        """Called when keys were dropped (the budget counts them)."""
        self.filter = InputFilter(escape_delay)
        self.filter.expect(SYNCHRONIZED_OUTPUT, time.monotonic())
        self._lock = asyncio.Lock()
        """Held while the filter runs and its text is sent: what is handed on keeps its order."""
        self._timer: asyncio.TimerHandle | None = None
        self._pending: set[asyncio.Task[None]] = set()

    async def feed(self, text: str) -> None:
        async with self._lock:
            now = time.monotonic()
            data = self.budget.admit_text(text, now).encode("utf-8")
            await self._hand_on(self.filter.feed(data, now))
        self._arm()

    def close(self) -> None:
        """The connection has closed: nothing more is handed on."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        for task in self._pending:
            task.cancel()

    async def _hand_on(self, text: str) -> None:
        text = self.budget.admit_keys(text, time.monotonic())
        if self.budget.dropped:
            self._dropped()
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
