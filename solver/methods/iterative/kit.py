"""The Wrocław lecture's iterative backtracker (``while`` with ``isfree``), as a kit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from solver.kit import Reader, SteppableKit
from solver.messages import N_, Message, register
from solver.methods.iterative.questions import LoopQuestions

if TYPE_CHECKING:
    from solver.geometry import Square
    from solver.peek import Iteration, Test
    from solver.stepping import SearchSnapshot

register(
    {
        "guess.try.iterative": "isfree({col}, {row}): is column {col}, row {row} free?",
        "guess.rule.iterative": "Right, it is attacked. By which rule? 1 same row, 2 same "
        "col+row, 3 same row-col.",
        "guess.land.iterative": "Column {k}: on which row does its queen land? Type the row "
        "(0 to {last}), or b if no row is free (a backtrack).",
    }
)


def _event(snapshot: object) -> str:
    """The last event as the lessons name it: placed, attacked, backtrack, solution, done."""
    from solver.events import Try

    event = getattr(snapshot, "last_event", None)
    if event is None:
        return "none"
    if isinstance(event, Try):
        return "attacked" if event.attackers else "placed"
    return str(event.kind)


class IterativeKit(SteppableKit, LoopQuestions):
    name = "iterative"
    title = N_("iterative backtracker with isfree")
    notes_name = N_("the Wrocław loop")
    source = "wroclaw"
    summary = N_("the while loop with isfree (the Wrocław lecture)")
    max_n = 29
    backtracker = True
    engine_path = "solver.methods.iterative.engine:IterativeEngine"
    view_path = "solver.methods.iterative.view:IterativeView"
    rule_words = "guess.rule.iterative"
    land_words = "guess.land.iterative"
    has_tree = True
    expect_names: ClassVar[dict[str, Reader]] = {
        "k": lambda s: s.k,
        "b": lambda s: s.b,
        "event": lambda s: _event(s),
    }

    def standing(self, snapshot: Any) -> tuple[Square, ...]:
        from solver.methods.iterative.engine import Snapshot

        # columns 0 to k-1: column k's queen is the one being placed
        return snapshot.placed() if isinstance(snapshot, Snapshot) else ()

    def test_of(self, snapshot: SearchSnapshot) -> Test | None:
        from solver.events import Try
        from solver.peek import ALONG, Test, Threat

        event = snapshot.last_event
        if not isinstance(event, Try) or snapshot.tick == 1:
            return None  # tick 1 is the lecture's b[0]=0; k=1: no isfree is called
        threats = tuple(Threat((a.col, a.row), ALONG[a.rule]) for a in event.attackers)
        return Test((event.col, event.row), event.placed, threats)

    def landing(
        self, snapshot: SearchSnapshot, tests: tuple[Test, ...], events: tuple[object, ...]
    ) -> Iteration | None:
        from solver.events import Backtrack, Try

        event = snapshot.last_event
        if isinstance(event, Try):  # b[k] found free
            return self.landed(event.col, event.row, tests)
        return self.backtracked(event.col, tests) if isinstance(event, Backtrack) else None

    def try_prompt(self, test: Test, n: int) -> Message:
        x, y = test.square
        return Message.of("guess.try.iterative", col=x, row=y)

    def placements(self, snapshot: Any) -> tuple[tuple[int, ...], ...]:
        solutions: tuple[tuple[int, ...], ...] = snapshot.solutions
        return solutions
