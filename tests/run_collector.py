"""Python's garbage collector in a test process, set once the tests are collected.

:func:`settle` does for the run what the settled tutor does (tui/collector.py): collects, freezes
what is alive and raises the young generation's threshold to the tutor's backstop, so each
test's app is freed by reference counting before a collection promotes it. :func:`python_default`
gives the tests of the tutor's own collector (tests/tui/test_collector.py) Python's default back.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from tui.collector import BACKSTOP_THRESHOLD  # imports no textual

PYTHON_DEFAULT = (700, 10, 10)
"""Python's own thresholds (``gc.get_threshold()`` in a fresh interpreter)."""


def settle() -> None:
    """The collector set for the rest of the run: called once the tests are collected."""
    gc.collect()
    gc.freeze()
    _, older, oldest = PYTHON_DEFAULT
    gc.set_threshold(BACKSTOP_THRESHOLD, older, oldest)


@contextmanager
def python_default() -> Iterator[None]:
    """Python's default collector inside the block (nothing frozen, the default thresholds),
    the run's after it, frozen again if it was."""
    thresholds = gc.get_threshold()
    was_frozen = gc.get_freeze_count() > 0
    enabled = gc.isenabled()
    gc.unfreeze()
    gc.set_threshold(*PYTHON_DEFAULT)
    try:
        yield
    finally:
        gc.unfreeze()  # what a test of the tutor's collector froze
        if was_frozen:
            gc.collect()
            gc.freeze()
        gc.set_threshold(*thresholds)
        if enabled:
            gc.enable()
