"""Python's garbage collector set for an interactive program: collect while nobody waits.

After start-up the tutor holds about a hundred thousand objects (Textual's DOM, styles and
caches) that live as long as it does. Every key allocates several hundred short-lived ones
(strips, segments, rows), so with Python's default threshold (700) a young collection runs on
nearly every key, inside the time from the key to its frame, and every tenth one also walks
generation 1.

Start-up allocates those hundred thousand objects in a few hundred milliseconds, and Python's
collector, counting allocations, walks them as they come: a hundred young collections, a dozen
of generation 1 and, just before or just after the first frame, a full one (15-35 ms of CPU in
all, measured in docs/benchmarks.md), for a couple of thousand objects of garbage. Whether the
full one fell before the first frame depended on the board's size (n=32 allocates more than
n=8): the start-up of n=32 paid it, n=8's did not. So the command holds the collector from
before Textual is imported until the screen has settled (:func:`held_during_start`).

Once the first frame is drawn, :class:`IdleCollection` collects, freezes what is alive (the
start-up objects leave the collector's generations, so later full collections do not walk
them again) and raises the young generation's threshold to a backstop. From then on the young
generations are collected :data:`IDLE_DELAY` to twice that after the last key or click, when
the student is reading the screen, not waiting for it. All generations are collected as Python
itself decides for its automatic collections: at most every tenth time, and only once the
objects that survived the young collections since the last full one are a quarter of those it
left (:data:`FULL_SHARE`). The oldest generation holds the caches that fill as the student
plays (tens of thousands of strips and rows after a few hundred keys), which a full collection
walks in 3-7 ms and which hardly ever hold garbage: collected every tenth key, about half a
millisecond of CPU a key on average, outside the key-to-frame time. The backstop still
collects during long runs without keys (autoplay, run to solution). The effect on key-to-frame
latency and on resident memory is measured by ``benchmarks/bench_tui_latency.py``
(docs/benchmarks.md).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # imported before Textual is (held_during_start)
    from textual.app import App

IDLE_DELAY = 0.1
"""Seconds after the last key before the young generations are collected."""
BACKSTOP_THRESHOLD = 20_000
"""Young-generation threshold: allocations (less deallocations) of container objects that
start a collection when no idle moment came first."""
FULL_SHARE = 4
"""A full collection waits until the young collections' survivors since the last one number at
least 1 / FULL_SHARE of the objects the last one left in the oldest generation (CPython's rule
for its own full collections: each walk of the long-lived objects is paid for by a quarter as
many new ones, so the cost a key does not grow with the caches)."""


@contextmanager
def held_during_start() -> Iterator[None]:
    """No automatic collection while the tutor starts: the collector is disabled until the app
    has settled (:class:`IdleCollection` collects once, then enables it), or until the block
    ends, whichever comes first. Garbage meanwhile is freed by reference counting as always;
    only cycles wait for the settled collection."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class IdleCollection:
    """Collects the young generations when the app has been idle for :data:`IDLE_DELAY`."""

    def __init__(self, app: App[Any]) -> None:
        gc.collect()
        gc.freeze()
        _, older, oldest = gc.get_threshold()
        gc.set_threshold(BACKSTOP_THRESHOLD, older, oldest)
        gc.enable()  # held while the app started (held_during_start)
        self._timer = app.set_interval(IDLE_DELAY, self._collect, pause=True)
        self.collections = 0
        """Collections run so far."""
        self.full_collections = 0
        """Of those, the ones that collected every generation."""
        self.pending = 0
        """Objects that survived the young collections since the last full one (they are in the
        oldest generation now)."""
        self.long_lived = 0
        """Objects the last full collection left in the oldest generation (not the frozen
        ones, which no collection walks)."""

    def key_pressed(self) -> None:
        """A key (or a click) came: collect once it has been quiet for IDLE_DELAY."""
        self._timer.reset()
        self._timer.resume()

    def _collect(self) -> None:
        """Collect the young generations; all of them when Python would (see
        :data:`FULL_SHARE`), so garbage in the oldest generation does not pile up."""
        self._timer.pause()
        _, _, since_full = gc.get_count()
        if since_full >= gc.get_threshold()[2] and self.pending * FULL_SHARE >= self.long_lived:
            gc.collect()
            self.pending = 0
            self.long_lived = len(gc.get_objects(generation=2))
            self.full_collections += 1
        else:
            young = len(gc.get_objects(generation=0)) + len(gc.get_objects(generation=1))
            self.pending += max(young - gc.collect(1), 0)
        self.collections += 1
