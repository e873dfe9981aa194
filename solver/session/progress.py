"""What a long run (solver/session/runs.py) reports as it goes: ticks played, their rate and the
state after them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solver.stepping import SearchSnapshot


@dataclass(frozen=True, slots=True)
class Progress:
    """Ticks played since the run started, ticks per second, and the state after them."""

    ticks: int
    rate: float
    snapshot: SearchSnapshot
    tried: float = 0.0
    """Candidates examined per second (the engine's own count, ``examined``, over wall time):
    squares tried per second for the queens, moves tried for the maze."""
    over_budget: bool = False
    """True when the run stopped because it had spent its CPU budget."""
