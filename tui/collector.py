"""Python's garbage collector set for an interactive program: held while the tutor starts,
then the young generations collected when the student is idle, and a full collection only by
CPython's own rule (docs/benchmarks.md measures it)."""

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
"""The young generation's threshold once idle collection runs: a backstop for long runs."""
FULL_SHARE = 4
"""A full collection waits until the survivors of young collections since the last one are at
least 1 / FULL_SHARE of what it left in the oldest generation (CPython's rule)."""


@contextmanager
def held_during_start() -> Iterator[None]:
    """No automatic collection inside the block, or until :class:`IdleCollection` starts."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class IdleCollection:
    """Collects once and freezes what lives, then collects the young generations whenever the
    app has been idle for :data:`IDLE_DELAY`."""

    def __init__(self, app: App[Any]) -> None:
        gc.collect()
        gc.freeze()
        _, older, oldest = gc.get_threshold()
        gc.set_threshold(BACKSTOP_THRESHOLD, older, oldest)
        gc.enable()
        self._timer = app.set_interval(IDLE_DELAY, self._collect, pause=True)
        self.collections = 0
        """Collections run so far."""
        self.full_collections = 0
        """Of those, the ones that collected every generation."""
        self.pending = 0
        """Objects that survived the young collections since the last full one."""
        self.long_lived = 0
        """Objects the last full collection left in the oldest generation (not the frozen)."""

    def key_pressed(self) -> None:
        """A key (or a click) came: collect once it has been quiet for IDLE_DELAY."""
        self._timer.reset()
        self._timer.resume()

    def _collect(self) -> None:
        """Collect the young generations; all of them when Python would (:data:`FULL_SHARE`)."""
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
