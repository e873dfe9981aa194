"""The ticks of the lecture's iterative backtracker, as small immutable values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from solver.geometry import Rule as Rule
from solver.geometry import attack_rule as attack_rule
from solver.stepping import Done as Done
from solver.stepping import Found


@dataclass(frozen=True, slots=True)
class Attacker:
    """A placed queen that attacks the candidate square, and the rule it attacks by."""

    col: int
    row: int
    rule: Rule


@dataclass(frozen=True, slots=True)
class Try:
    """``b[k]++`` and the ``isfree`` test: one candidate square examined."""

    col: int
    row: int
    attackers: tuple[Attacker, ...]
    kind: ClassVar[str] = "try"

    @property
    def placed(self) -> bool:
        """True when the square was free, so the queen stays and k moved on."""
        return not self.attackers


@dataclass(frozen=True, slots=True)
class Backtrack:
    """``b[k]`` went past the last row: ``b[k] = -1; k--``. ``col`` is the column emptied."""

    col: int
    kind: ClassVar[str] = "backtrack"


Event = Try | Backtrack | Found[tuple[int, ...]] | Done
"""The loop's ticks; :class:`~solver.stepping.Found` is ``k == n``, its solution ``b``."""
