"""The Wrocław loop's trace, tick by tick: what ``queens-tutor trace`` prints (its text, and its
jsonl contract documented in docs/command-line.md)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from solver.events import Backtrack, Event, Try
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.iterative.narration import describe
from solver.stepping import Mode


@dataclass(frozen=True, slots=True)
class Tick:
    """One tick of the loop, with the state after it."""

    tick: int
    event: Event
    b: tuple[int, ...]
    k: int
    mode: Mode = Mode.FIRST
    """First solution only, or every solution (its solutions' sentences say the loop goes on)."""

    def record(self) -> dict[str, Any]:
        """The tick as a jsonl object: ``tick``, ``event``, ``col``/``row``/``attackers`` of a try,
        ``col`` of a backtrack, ``b`` and ``k`` after it."""
        record: dict[str, Any] = {"tick": self.tick, "event": self.event.kind}
        event = self.event
        if isinstance(event, Try):
            record["col"] = event.col
            record["row"] = event.row
            record["attackers"] = [[a.col, str(a.rule)] for a in event.attackers]
        elif isinstance(event, Backtrack):
            record["col"] = event.col
        return {**record, "b": list(self.b), "k": self.k}

    def sentence(self) -> str:
        """What the tick did, in the lecture's words (the language in use)."""
        return describe(self.event, len(self.b), self.mode)


def ticks(n: int, every: bool) -> Iterator[Tick]:
    """Every tick of the loop on the n x n board, to the first solution (``every``: to the end)."""
    mode = Mode.ALL if every else Mode.FIRST
    engine = IterativeEngine(n, mode)
    for event in engine.events():
        yield Tick(engine.tick, event, engine.b, engine.k, mode)
