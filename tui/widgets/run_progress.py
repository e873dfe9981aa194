"""A run in a worker as the status lines show it (its own module: made with the first run)."""

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
