"""The Wrocław lecture's iterative loop on screen: its board (row 0 at the bottom), ``b[]`` with
column k marked, the loop's lines and the teacher's sentence for the last tick."""

from __future__ import annotations

from typing import TYPE_CHECKING

from solver.geometry import Square, attacked_squares
from solver.messages import Message, register, render, words_version
from solver.methods.iterative.engine import Snapshot
from solver.methods.iterative.listing import LOOP, RETURN, lines_run
from solver.methods.iterative.narration import narrate
from solver.stepping import Found
from solver.views.frame import Cell, CellMark, CodeFrame, Frame, Mark, TableRow, Tables
from solver.views.squares import BOTTOM_UP, attack_marks
from solver.views.views import QueensView

if TYPE_CHECKING:
    from solver.events import Try

register(
    {
        "iterative.table.solved": "k = n = {n}: solved",
        "iterative.table.none_left": "k = -1: no column left",
        "iterative.code.return": "n: solved, -1: none",
    }
)

_SHOWN_LOOP: dict[int, tuple[str, ...]] = {}


def shown_loop() -> tuple[str, ...]:
    """The loop as the code pane shows it: its one comment, the tutor's own, in the language in use
    (made once a language)."""
    version = words_version()
    lines = _SHOWN_LOOP.get(version)
    if lines is None:
        code = LOOP[RETURN].partition("//")[0]
        comment = render(Message.of("iterative.code.return"))
        _SHOWN_LOOP.clear()
        lines = _SHOWN_LOOP[version] = (*LOOP[:RETURN], f"{code}// {comment}", *LOOP[RETURN + 1 :])
    return lines


def loop_marks(snapshot: Snapshot) -> dict[tuple[int, int], Mark]:
    """The marks the loop's state puts on the board besides its placed queens: column k's queen, and
    the last try's attackers with their lines."""
    n, k = snapshot.n, snapshot.k
    marks = {}
    event = snapshot.last_event
    backtracked = False
    tried: Try | None = None
    if event is not None:  # the ticks' classes load with the first tick (solver/events.py)
        from solver.events import Backtrack, Try

        backtracked = isinstance(event, Backtrack)
        tried = event if isinstance(event, Try) and event.attackers else None
    if 0 <= k < n and snapshot.b[k] >= 0:
        # Column k's queen is still on the board (b[k] holds its row): after a backtrack it
        # waits there to move up, as the lecture draws it; a failed try marks it below.
        queen = (k, snapshot.b[k])
        marks[queen] = Mark.QUEEN
        if backtracked:
            # It attacks its row and diagonals like any queen on the board (not its own
            # column: the squares above it are the loop's next tries).
            for square in attacked_squares((queen,), n):
                if square[0] != k:
                    marks[square] = Mark.ATTACKED
    if tried is not None:
        marks.update(
            attack_marks(
                (tried.col, tried.row),
                (((a.col, a.row), BOTTOM_UP.line(a.rule)) for a in tried.attackers),
                found=True,
            )
        )
    return marks


class IterativeView(QueensView):
    """Frames for :class:`solver.methods.iterative.engine.IterativeEngine` snapshots."""

    method = "iterative"

    def frame(self, snapshot: Snapshot, overlay: str) -> Frame:
        n, k, event = snapshot.n, snapshot.k, snapshot.last_event
        board = self._board.frame(
            n, snapshot.placed(), loop_marks(snapshot), focus_square(snapshot) or (0, 0), overlay
        )
        return self.queens_frame(
            snapshot,
            board,
            self._tables(snapshot),
            CodeFrame("queens()", shown_loop(), lines_run(event)),
            narrate(event, n, snapshot.mode),
            f"k = {k}",
            "b[]",
        )

    @staticmethod
    def _tables(snapshot: Snapshot) -> Tables:
        n, k = snapshot.n, snapshot.k
        event = snapshot.last_event
        changed = -1
        if event is not None:  # the ticks' classes load with the first tick
            from solver.events import Backtrack, Try

            if isinstance(event, Try | Backtrack):
                changed = event.col
            elif isinstance(event, Found):
                changed = n - 1

        def mark(i: int) -> CellMark:
            if i == k:
                return CellMark.CURRENT
            return CellMark.CHANGED if i == changed else CellMark.PLAIN

        head = TableRow("i", tuple(Cell(str(i), mark(i)) for i in range(n)))
        values = TableRow("b[i]", tuple(Cell(str(r), mark(i)) for i, r in enumerate(snapshot.b)))
        if 0 <= k < n:
            note = f"k = {k}"
        elif k >= n:
            note = render(Message.of("iterative.table.solved", n=n))
        else:
            note = render(Message.of("iterative.table.none_left"))
        return Tables(
            (head, values),
            focus=min(max(k, 0), n - 1),
            marker=note,
            widest=max(len(str(n - 1)), 2),  # -1
            index_row=True,
        )


def focus_square(snapshot: Snapshot) -> Square | None:
    """The square the last tick was about, to keep in view; None before the first tick."""
    event = snapshot.last_event
    if event is None:
        return None
    from solver.events import Backtrack, Try  # loaded with the first tick

    if isinstance(event, Try):
        return (event.col, event.row)
    if isinstance(event, Backtrack):
        col = event.col - 1
        return (col, max(snapshot.b[col], 0)) if col >= 0 else (0, 0)
    return (snapshot.n - 1, event.solution[-1]) if isinstance(event, Found) else (0, 0)
