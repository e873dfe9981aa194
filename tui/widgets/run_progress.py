"""A run in a worker as the status lines show it (:mod:`tui.widgets.run_status`).

Its own module: no run has started at the tutor's first frame, so the class (a frozen
dataclass, about 0.8 ms to create) is created with the first run, not at every start.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RunProgress:
    """A run in a worker: what it runs to, ticks played so far and ticks per second."""

    goal: str
    """What it runs to, in the language in use (``to next solution``)."""
    ticks: int
    rate: float
    tried: float = 0.0
    """Candidates examined per second, in :attr:`unit`."""
    unit: str = ""
    """What the method examines (its kit's unit's name, marked for translation)."""
