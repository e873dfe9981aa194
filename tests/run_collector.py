"""Python's garbage collector in a test process: set once the tests are collected.

A worker holds its imports, the collected tests and the parsed lessons for the whole run
(about 90,000 objects after collection), and every Pilot test leaves a few thousand more in
Textual's bounded caches. With Python's default thresholds (700, 10, 10) the young collections
promoted each test's app (its DOM, styles and strips, alive for the whole test) into the oldest
generation, which was then walked whole about 45 times in a worker's share of tests/tui
(-n 6), a quarter to a third of a second each: 12 to 14 of a worker's 60 CPU-seconds on a
busy machine.

:func:`settle` does for the run what the tutor does once it has settled (tui/collector.py):
collects, freezes what is alive (the oldest generation's walks no longer visit it) and raises
the young generation's threshold to the tutor's backstop, so short-lived objects are freed by
reference counting before a collection promotes them. A worker then ran 9 to 13 full
collections instead of 38 to 46, 0.5 to 0.9 CPU-seconds of them instead of 6.6 to 7.5 (a third
of tests/tui on 3 workers); garbage cycles wait longer, memory is not what the tests check.
:func:`python_default` gives a test Python's default collector back, for the tests of the
tutor's own collector (tests/tui/test_collector.py).
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
