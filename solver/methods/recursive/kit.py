"""E. Giovannetti's Turin notes: recursive ``placeQueens`` with c[], a[], b[], as a kit."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from solver.kit import Reader, SteppableKit, Wording
from solver.messages import N_, Message, register

if TYPE_CHECKING:
    from solver.methods.recursive.engine import RecSnapshot
    from solver.peek import Iteration, Test
    from solver.stepping import SearchSnapshot

register(
    {
        "guess.try.recursive": "Row {row}, column {col}: is the square free, are c[{col}], "
        "a[{sum}] and b[{index}] all true?",
        "guess.rule.recursive": "Right, it is not free. Which array is false? 1 c[{col}] (the "
        "column), 2 a[{sum}] (col+row = i+j), 3 b[{index}] (row-col = i-j).",
        "guess.land.recursive": "placeQueens({k}): in which column does the queen of row {k} "
        "go? Type the column (0 to {last}), or b if none is free (a backtrack).",
    }
)


def _top(snapshot: RecSnapshot, field: str) -> object:
    return getattr(snapshot.frames[-1], field) if snapshot.frames else -1


class RecursiveKit(SteppableKit):
    name = "recursive"
    title = N_("recursive placeQueens with c[], a[], b[]")
    source = "turin"
    summary = N_("placeQueens row by row, arrays c[], a[], b[] (the Turin notes)")
    max_n = 29
    backtracker = True
    engine_path = "solver.methods.recursive.engine:RecursiveEngine"
    view_path = "solver.methods.recursive.view:RecursiveView"
    land_words = "guess.land.recursive"
    wording = Wording(row_wise=True)
    expect_names: ClassVar[dict[str, Reader]] = {
        "q": lambda s: s.q,
        "c": lambda s: s.c,
        "a": lambda s: s.a,
        "b": lambda s: s.b,
        "depth": lambda s: s.depth,
        "row": lambda s: _top(s, "row"),
        "j": lambda s: _top(s, "col"),
    }

    def test_of(self, snapshot: SearchSnapshot) -> Test | None:
        from solver.methods.recursive.engine import RecSnapshot
        from solver.methods.recursive.events import TryColumn
        from solver.peek import LINE, Test, Threat

        assert isinstance(snapshot, RecSnapshot)
        event = snapshot.last_event
        if not isinstance(event, TryColumn):
            return None
        i, j, n = event.row, event.col, snapshot.n
        threats = tuple(
            Threat((snapshot.q[b.row], b.row), LINE[str(b.line)]) for b in event.blocked
        )
        reads = (("c", j), ("a", i + j), ("b", i - j + n - 1))
        return Test((j, i), event.free, threats, reads=reads)

    def landing(
        self, snapshot: SearchSnapshot, tests: tuple[Test, ...], events: tuple[object, ...]
    ) -> Iteration | None:
        from solver.methods.recursive.events import PlaceQueen, RemoveQueen, ReturnFromRow

        event = snapshot.last_event
        if isinstance(event, PlaceQueen):
            return self.landed(event.row, event.col, tests)
        if isinstance(event, RemoveQueen):
            returned = [e.row for e in events if isinstance(e, ReturnFromRow)]
            return self.backtracked(returned[-1], tests) if returned else None
        return None

    def try_prompt(self, test: Test, n: int) -> Message:
        x, y = test.square
        return Message.of("guess.try.recursive", row=y, col=x, sum=x + y, index=y - x + n - 1)

    def rule_prompt(self, test: Test, n: int) -> Message | None:
        x, y = test.square
        return Message.of("guess.rule.recursive", col=x, sum=x + y, index=y - x + n - 1)
