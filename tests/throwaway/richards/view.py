"""Richards' bit masks on screen: the board row by row (row 0 at the top; its queens are q[]),
the top call's four words bit by bit (bit j under column j), the call stack, the code and the
sentence for the last tick."""

from __future__ import annotations

from solver.messages import Message, register, render
from solver.views.frame import CodeFrame, Frame, Mark, TableRow, Tables
from solver.views.squares import TOP_DOWN
from solver.views.views import QueensView, table_row
from tests.throwaway.richards.engine import MaskFrame, MaskSnapshot, Place
from tests.throwaway.richards.listing import CODE, lines_run
from tests.throwaway.richards.narration import narrate

register({"richards.status.row": "row {row}"})

WORDS = ("cols", "ld", "rd", "avail")
"""The top call's words, in the order the table shows them."""


class MasksView(QueensView):
    """Frames for :class:`tests.throwaway.richards.engine.MasksEngine` snapshots."""

    method = "richards"
    layout = TOP_DOWN

    def frame(self, snapshot: MaskSnapshot, overlay: str) -> Frame:
        n, event = snapshot.n, snapshot.last_event
        focus = (event.col, event.row) if isinstance(event, Place) else (0, 0)
        marks: dict[tuple[int, int], Mark] = {}
        board = self._board.frame(n, snapshot.placed, marks, focus, overlay)
        top = snapshot.top
        return self.queens_frame(
            snapshot,
            board,
            _tables(snapshot),
            CodeFrame("solve(i, cols, ld, rd)", CODE, lines_run(getattr(event, "kind", None))),
            narrate(event, n),
            render(Message.of("richards.status.row", row=top.row if top else 0)),
            "cols, ld, rd, avail",
        )


def _tables(snapshot: MaskSnapshot) -> Tables:
    n = snapshot.n
    top = snapshot.top or MaskFrame(0, 0, 0, 0, 0)  # before the first call, and after the last

    def bits(name: str, word: int) -> TableRow:
        return table_row(name, tuple(str(word >> j & 1) for j in range(n)))

    rows = tuple(bits(word, getattr(top, word)) for word in WORDS)
    stack = tuple(f"solve({f.row})" for f in reversed(snapshot.frames))
    return Tables(rows, lines=stack, room=n + 1, widest=1)
