"""Algorithm X on screen: the board (row 0 at the top), the options each row (S[R]) and column
(S[C]) has left, the call stack by item, the code and the sentence for the last tick."""

from __future__ import annotations

from solver.messages import Message, register, render
from solver.views.frame import CodeFrame, Frame, Mark, Tables
from solver.views.squares import TOP_DOWN
from solver.views.views import QueensView, table_row
from tests.throwaway.algx.engine import Place, XSnapshot
from tests.throwaway.algx.listing import CODE, lines_run
from tests.throwaway.algx.narration import narrate

register({"algx.status.depth": "depth {depth}"})


class ExactCoverView(QueensView):
    """Frames for :class:`tests.throwaway.algx.engine.ExactCoverEngine` snapshots."""

    method = "algx"
    layout = TOP_DOWN

    def frame(self, snapshot: XSnapshot, overlay: str) -> Frame:
        n, event = snapshot.n, snapshot.last_event
        focus = event.square if isinstance(event, Place) else (0, 0)
        marks: dict[tuple[int, int], Mark] = {}
        board = self._board.frame(n, snapshot.placed, marks, focus, overlay)

        def sizes(kind: str) -> tuple[str, ...]:
            return tuple("-" if s is None else str(s) for s in snapshot.sizes(kind))

        rows = (table_row("S[R]", sizes("row")), table_row("S[C]", sizes("column")))
        stack = tuple(f"x({f.label})" for f in reversed(snapshot.frames))
        return self.queens_frame(
            snapshot,
            board,
            Tables(rows, lines=stack, room=n + 1, widest=2),
            CodeFrame("x()", CODE, lines_run(getattr(event, "kind", None))),
            narrate(event, n),
            render(Message.of("algx.status.depth", depth=len(snapshot.frames))),
            "S[R], S[C]",
        )
