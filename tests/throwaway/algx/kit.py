"""Knuth's Algorithm X as a kit (docs/extending.md): its solutions in its own order, its subject
the row or column it chose, and no scan (Wording(scans=False))."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from solver.kit import Reader, SteppableKit
from solver.kit_words import Wording
from solver.messages import N_, register
from solver.method_run import Unit
from tests.throwaway.algx.questions import ExactCoverQuestions

if TYPE_CHECKING:
    from solver.peek import Iteration, Test
    from solver.stepping import SearchSnapshot
    from tests.throwaway.algx.engine import XSnapshot

register(
    {
        "guess.land.algx.row": "x() covers row {k}, the item with the fewest options: in "
        "which column does its queen go? Type the column (0 to {last}), or b if row {k} has "
        "no option left (a backtrack).",
        "guess.land.algx.column": "x() covers column {k}, the item with the fewest options: "
        "in which row does its queen go? Type the row (0 to {last}), or b if column {k} has "
        "no option left (a backtrack).",
        "algx.examined": ("{examined} option covered", "{examined} options covered"),
    }
)


class ExactCoverKit(ExactCoverQuestions, SteppableKit):
    name = "algx"
    title = N_("Knuth's Algorithm X")
    source = "turin"
    summary = N_("exact cover: the row or column with the fewest options first (a test's method)")
    unit = Unit(N_("options covered"), "algx.examined")
    max_n = 12
    backtracker = True
    own_order = True
    engine_path = "tests.throwaway.algx.engine:ExactCoverEngine"
    view_path = "tests.throwaway.algx.view:ExactCoverView"
    land_words = "guess.land.algx"
    tests_squares = False
    wording = Wording(scans=False)
    state_name = "depth"
    expect_names: ClassVar[dict[str, Reader]] = {
        "item": lambda s: s.frames[-1].label if s.frames else "-",
        "depth": lambda s: len(s.frames),
        "placed": lambda s: len(s.placed),
    }

    def standing(self, snapshot: XSnapshot) -> tuple[tuple[int, int], ...]:
        return snapshot.placed

    def landing(
        self, snapshot: SearchSnapshot, tests: tuple[Test, ...], events: tuple[object, ...]
    ) -> Iteration | None:
        from solver.stepping import Return
        from tests.throwaway.algx.engine import Place

        event = snapshot.last_event
        if isinstance(event, Place):
            return self.landed(event.item[1], event.answer, (), kind=event.item[0])
        if isinstance(event, Return):
            return self.backtracked(event.at[1], (), kind=event.at[0])
        return None
