"""E. Giovannetti's Turin notes on screen: ``placeQueens(int i)`` in C++, row by row (``q[i]`` is
the column of the queen of row i, row 0 at the top), the three boolean arrays with the cells each
test reads, and the call stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from solver.geometry import Rule
from solver.messages import Message, register, render
from solver.methods.recursive.engine import RecSnapshot
from solver.stepping import Call, Done, Found, Mode, Return
from solver.views.frame import CodeFrame, Frame, Mark, Tables
from solver.views.squares import TOP_DOWN, attack_marks
from solver.views.views import QueensView, table_row

if TYPE_CHECKING:  # the ticks' classes load with the first tick (the engine's _event)
    from solver.methods.recursive.events import Blocker

FIRST_CODE = (
    "bool placeQueens(int i) {",
    "  if(i == n) return true;",
    "  for(int j = 0; j < n; j++) {",
    "    if(c[j] && a[i+j] && b[i-j+n-1]) {",
    "      q[i] = j;",
    "      c[j] = a[i+j] = b[i-j+n-1] = false;",
    "      if(placeQueens(i+1)) return true;",
    "      else c[j] = a[i+j] = b[i-j+n-1] = true;",
    "    }",
    "  }",
    "  return false;",
    "}",
)
"""The notes' first-solution version (slide 11)."""

ALL_CODE = (
    "void placeQueens(int i) {",
    "  for(int j = 0; j < n; j++) {",
    "    if(c[j] && a[i+j] && b[i-j+n-1]) {",
    "      q[i] = j;",
    "      c[j] = a[i+j] = b[i-j+n-1] = false;",
    "      if(i == n-1) { writeSolution(); numSolutions++; }",
    "      else placeQueens(i+1);",
    "      c[j] = a[i+j] = b[i-j+n-1] = true;",
    "    }",
    "  }",
    "}",
)
"""The notes' all-solutions version (slide 15), with the counter ``numSolutions``."""

# The lines each kind of tick runs in each version; the last decided the tick.
_FIRST_LINES = {
    "call": (6, 0, 1),
    "try": (2, 3),
    "place": (4, 5),
    "solution": (6, 1),
    "remove": (6, 7),
    "return": (2, 10),
    "done": (10,),
}
_ALL_LINES = {
    "call": (6, 0),
    "try": (1, 2),
    "place": (3, 4),
    "solution": (5,),
    "remove": (7,),
    "return": (1, 10),
    "done": (10,),
}

register(
    {
        "recursive.status.depth": "depth {depth}",
        "recursive.idle": "queens() sets every c[j], a[i+j] and b[i-j+n-1] to true; the first "
        "tick calls placeQueens(0). The Turin notes go row by row: i is the row and j the column, "
        "and q[i] is the column of the queen of row i, row 0 at the top: the other way round "
        "from the Wrocław loop's b[i], the row of the queen of column i.",
        "recursive.enter": "placeQueens({row}) is called: a new frame on the stack, {depth} deep. "
        "Its loop starts at j = 0.",
        "recursive.enter.first": "queens() calls placeQueens(0): the first frame on the stack.",
        "recursive.free": "Row {row}, column {col}: c[{col}], a[{sum}] and b[{index}] are all "
        "true, so the square is free.",
        "recursive.blocked.c": "Row {row}, column {col}: c[{col}] is false: the queen of row "
        "{by} stands in column {col}. The && stops there.",
        "recursive.blocked.a": "Row {row}, column {col}: c[{col}] is true but a[{index}] is "
        "false: the queen of row {by} is on the same col+row diagonal (i+j = {index}).",
        "recursive.blocked.b": "Row {row}, column {col}: c[{col}] and a[{sum}] are true but "
        "b[{index}] is false: the queen of row {by} is on the same row-col diagonal (i-j = "
        "{diff}, index i-j+n-1 = {index}).",
        "recursive.place": "q[{row}] = {col}: the queen of row {row} goes in column {col}; "
        "c[{col}], a[{sum}] and b[{index}] become false.",
        "recursive.solution.first": "placeQueens({n}) returns true: every row holds a queen. "
        "Solution q = [{q}].",
        "recursive.solution.all": "Row {row} was the last: writeSolution() prints q = [{q}] and "
        "numSolutions becomes {number}.",
        "recursive.remove": "Back in placeQueens({row}): the queen of row {row} leaves column "
        "{col}; c[{col}], a[{sum}] and b[{index}] are true again. The loop goes on with j = "
        "{next}.",
        "recursive.return": "Every column of row {row} has been tried: placeQueens({row}) "
        "returns and its frame is popped.",
        "recursive.done": (
            "placeQueens(0) has returned: the search is over, {count} solution found for n = {n}.",
            "placeQueens(0) has returned: the search is over, {count} solutions found for n = {n}.",
        ),
    }
)


def _bool(value: bool) -> str:
    return "T" if value else "F"


class RecursiveView(QueensView):
    """Frames for :class:`solver.methods.recursive.engine.RecursiveEngine` snapshots."""

    method = "recursive"
    layout = TOP_DOWN

    def frame(self, snapshot: RecSnapshot, overlay: str) -> Frame:
        n = snapshot.n
        event = snapshot.last_event
        placed = tuple((j, i) for i, j in snapshot.placed)
        marks: dict[tuple[int, int], Mark] = {}
        focus: tuple[int, int] | None = None
        if event is not None:  # the ticks' classes load with the first tick
            from solver.methods.recursive.events import PlaceQueen, RemoveQueen, TryColumn

            if isinstance(event, TryColumn):
                attackers = tuple(
                    ((snapshot.q[b.row], b.row), _line_mark(b)) for b in event.blocked[:1]
                )
                marks = attack_marks((event.col, event.row), attackers, found=not event.free)
                focus = (event.col, event.row)
            elif isinstance(event, PlaceQueen | RemoveQueen):
                focus = (event.col, event.row)
            elif isinstance(event, Found):
                focus = (event.solution[-1], n - 1)
        if focus is None:
            focus = (0, 0)
            if snapshot.frames:
                top = snapshot.frames[-1]
                focus = (max(top.col, 0), top.row)
        board = self._board.frame(n, placed, marks, focus, overlay)
        first = snapshot.mode is Mode.FIRST
        code = FIRST_CODE if first else ALL_CODE
        ran = (_FIRST_LINES if first else _ALL_LINES)[event.kind] if event is not None else ()
        return self.queens_frame(
            snapshot,
            board,
            _tables(snapshot),
            CodeFrame("placeQueens(int i)", code, ran),
            _narrate(snapshot),
            render(Message.of("recursive.status.depth", depth=snapshot.depth)),
            "q[], c[], a[], b[]",
        )


def _line_mark(blocker: Blocker) -> Mark:
    from solver.methods.recursive.events import Line

    line = TOP_DOWN.line
    return {Line.C: Mark.LINE_COL, Line.A: line(Rule.SUM), Line.B: line(Rule.DIFF)}[blocker.line]


def _tables(snapshot: RecSnapshot) -> Tables:
    n = snapshot.n
    event = snapshot.last_event
    read: dict[str, int] = {}
    changed: dict[str, int] = {}
    if event is not None:  # the ticks' classes load with the first tick
        from solver.methods.recursive.events import PlaceQueen, RemoveQueen, TryColumn

        if isinstance(event, TryColumn):
            i, j = event.row, event.col
            # C's && reads left to right and stops at the first false.
            for line, index in (("c", j), ("a", i + j), ("b", i - j + n - 1)):
                read[line] = index
                if any(b.line == line for b in event.blocked):
                    break
        elif isinstance(event, PlaceQueen | RemoveQueen):
            i, j = event.row, event.col
            changed = {
                "c": j,
                "a": i + j,
                "b": i - j + n - 1,
                **({"q": i} if event.kind == "place" else {}),
            }
    rows_placed = {i for i, _ in snapshot.placed}
    q_text = tuple(str(j) if j >= 0 else "-" for j in snapshot.q)
    stale = frozenset(i for i, j in enumerate(snapshot.q) if j >= 0 and i not in rows_placed)
    rows = (
        table_row("q", q_text, read.get("q"), changed.get("q"), stale),
        table_row("c", tuple(map(_bool, snapshot.c)), read.get("c"), changed.get("c")),
        table_row("a", tuple(map(_bool, snapshot.a)), read.get("a"), changed.get("a")),
        table_row("b", tuple(map(_bool, snapshot.b)), read.get("b"), changed.get("b")),
    )
    stack = tuple(
        f"placeQueens({f.row})  j = {f.col}" if f.col >= 0 else f"placeQueens({f.row})"
        for f in reversed(snapshot.frames)
    )
    focus = snapshot.frames[-1].col if snapshot.frames else None
    return Tables(
        rows,
        focus=focus if focus is not None and focus >= 0 else None,
        lines=stack,
        reads=True,
        room=n + 1,  # placeQueens(0) to placeQueens(n)
        widest=len(str(n - 1)),
    )


def _narrate(snapshot: RecSnapshot) -> Message:
    n = snapshot.n
    event = snapshot.last_event
    if event is None:
        return Message.of("recursive.idle")
    from solver.methods.recursive.events import Line, PlaceQueen, RemoveQueen, TryColumn

    if isinstance(event, Call):
        if event.at == 0:
            return Message.of("recursive.enter.first")
        return Message.of("recursive.enter", row=event.at, depth=event.at + 1)
    if isinstance(event, TryColumn):
        i, j = event.row, event.col
        common = {"row": i, "col": j, "sum": i + j}
        if event.free:
            return Message.of("recursive.free", index=i - j + n - 1, **common)
        first = event.blocked[0]
        index = {Line.C: j, Line.A: i + j, Line.B: i - j + n - 1}[first.line]
        return Message.of(
            f"recursive.blocked.{first.line.value}", index=index, by=first.row, diff=i - j, **common
        )
    if isinstance(event, PlaceQueen | RemoveQueen):
        i, j = event.row, event.col
        key = "recursive.place" if isinstance(event, PlaceQueen) else "recursive.remove"
        return Message.of(key, row=i, col=j, sum=i + j, index=i - j + n - 1, next=j + 1)
    if isinstance(event, Found):
        q = ", ".join(map(str, event.solution))
        if snapshot.mode is Mode.FIRST:
            return Message.of("recursive.solution.first", n=n, q=q)
        return Message.of("recursive.solution.all", row=n - 1, q=q, number=event.number)
    if isinstance(event, Return):
        return Message.of("recursive.return", row=event.at)
    assert isinstance(event, Done)
    return Message.of("recursive.done", count=event.solutions, n=n)
