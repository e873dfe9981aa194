"""E. Giovannetti's Turin notes: recursive ``placeQueens`` with c[], a[], b[], as a kit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from solver.kit import Reader, SteppableKit
from solver.kit_words import Wording
from solver.messages import N_, Message, register

if TYPE_CHECKING:
    from solver.methods.recursive.engine import RecSnapshot
    from solver.peek import Iteration, Square, Test, Threat
    from solver.stepping import SearchSnapshot

register(
    {
        "guess.try.recursive": "Row {row}, column {col}: is the square free, are c[{col}], "
        "a[{sum}] and b[{index}] all true?",
        "guess.rule.recursive": "Right, it is not free. Which array is false? 1 c[{col}] (the "
        "column), 2 a[{sum}] (col+row = i+j), 3 b[{index}] (row-col = i-j).",
        "guess.land.recursive": "placeQueens({k}): in which column does the queen of row {k} "
        "go? Type the column (0 to {last}), or b if none is free (a backtrack).",
        "guess.land.recursive.removed": "placeQueens({k}) has just removed the queen of row "
        "{k} from column {col} (backtrack: q[{k}] = {col} is left over). In which column does "
        "the queen of row {k} go now? Type the column (0 to {last}), or b if none is free (a "
        "backtrack).",
        "predict.backtracks.recursive": "Nothing is left to try: placeQueens({k}) returns, "
        "and placeQueens({up}) takes its queen off row {up}, column {col} (c[{col}], a[{sum}] "
        "and b[{index}] true again). The board shows the search after that step back.",
        "why.recursive.col": "c[{col}] is false (same column {col})",
        "why.recursive.sum": "a[{index}] is false (same col+row diagonal, i+j: {row}+{col} = "
        "{index} = {a_row}+{a_col})",
        "why.recursive.diff": "b[{index}] is false (same row-col diagonal, i-j: {row}-{col} = "
        "{value} = {a_row}-{a_col}; its index i-j+n-1 = {index})",
    }
)


def _top(snapshot: RecSnapshot, field: str) -> object:
    return getattr(snapshot.frames[-1], field) if snapshot.frames else -1


class RecursiveKit(SteppableKit):
    name = "recursive"
    title = N_("recursive placeQueens with c[], a[], b[]")
    notes_name = N_("the Turin placeQueens")
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

    def standing(self, snapshot: Any) -> tuple[Square, ...]:
        from solver.methods.recursive.engine import RecSnapshot

        if not isinstance(snapshot, RecSnapshot):
            return ()
        return tuple((col, row) for row, col in snapshot.placed)  # placed: (row, column)

    def landing(
        self, snapshot: SearchSnapshot, tests: tuple[Test, ...], events: tuple[object, ...]
    ) -> Iteration | None:
        from solver.methods.recursive.events import PlaceQueen, RemoveQueen
        from solver.stepping import Return

        event = snapshot.last_event
        if isinstance(event, PlaceQueen):
            return self.landed(event.row, event.col, tests)
        if isinstance(event, RemoveQueen):
            returned = [e.at for e in events if isinstance(e, Return)]
            return self.backtracked(returned[-1], tests) if returned else None
        return None

    def choice_prompt(self, before: Any, iteration: Iteration) -> Message:
        """next-choice; just after a backtrack it says which column was undone, which the loop goes
        on past and q[] still shows."""
        from solver.methods.recursive.events import RemoveQueen

        event = before.last_event
        if isinstance(event, RemoveQueen) and event.row == iteration.subject:
            return Message.of(
                "guess.land.recursive.removed", k=event.row, col=event.col, last=before.n - 1
            )
        return super().choice_prompt(before, iteration)

    def backtrack_story(self, before: Any, iteration: Iteration) -> Message:
        """The answer's ticks end with the caller's undo, the queen of the row above taken off (the
        queen the reasons may name): the story says so."""
        up = iteration.subject - 1
        caller = [col for col, row in self.standing(before) if row == up]
        if not caller:  # placeQueens(0) backtracks: the search is over, no caller to undo
            return super().backtrack_story(before, iteration)
        col = caller[0]
        return Message.of(
            "predict.backtracks.recursive",
            k=iteration.subject,
            up=up,
            col=col,
            sum=up + col,
            index=up - col + before.n - 1,
        )

    def try_prompt(self, test: Test, n: int) -> Message:
        x, y = test.square
        return Message.of("guess.try.recursive", row=y, col=x, sum=x + y, index=y - x + n - 1)

    def rule_prompt(self, test: Test, n: int) -> Message | None:
        x, y = test.square
        return Message.of("guess.rule.recursive", col=x, sum=x + y, index=y - x + n - 1)

    def why(self, target: Square, threat: Threat, test: Test | None = None) -> Message:
        """The array placeQueens finds false (``c[j]``, ``a[i+j]``, ``b[i-j+n-1]``) and the line it
        stands for, with i the row and j the column as in the notes; without the tick's test (no n
        to index b[] with), the shared clause."""
        from solver.peek import Along

        if test is None or len(test.reads) != 3:
            return super().why(target, threat, test)
        (x, y), (ax, ay) = target, threat.square
        line = {Along.LINE: 0, Along.SUM: 1}.get(threat.along, 2)
        index = test.reads[line][1]
        key = ("why.recursive.col", "why.recursive.sum", "why.recursive.diff")[line]
        return Message.of(key, col=x, row=y, value=y - x, index=index, a_col=ax, a_row=ay)
