"""The bit-set backtracker on screen: the board row by row (row 0 at the top), q[] and the top
call's three words bit by bit (bit j under column j), the call stack, the code and the sentence
for the last tick."""

from __future__ import annotations

from solver.messages import Message, register, render
from solver.views.frame import CodeFrame, Frame, Mark, TableRow, Tables
from solver.views.squares import TOP_DOWN, attack_marks
from solver.views.views import QueensView, table_row
from tests.throwaway.bitset.engine import BitFrame, BitSnapshot, Place, TryBit
from tests.throwaway.bitset.listing import CODE, lines_run
from tests.throwaway.bitset.narration import narrate

register({"bitset.status.row": "row {row}"})

_LINE_OF = {"cols": Mark.LINE_COL, "rd": Mark.LINE_SUM, "ld": Mark.LINE_DIFF}


def attackers(
    snapshot: BitSnapshot, col: int, row: int, words: tuple[str, ...]
) -> tuple[tuple[tuple[int, int], str], ...]:
    """The queen behind each taken word's bit (column, row), with the word that records it."""
    found: list[tuple[tuple[int, int], str]] = []
    for word in words:
        for c, r in snapshot.placed:
            if (
                (word == "cols" and c == col)
                or (word == "rd" and c + r == col + row)
                or (word == "ld" and c - r == col - row)
            ):
                found.append(((c, r), word))
                break
    return tuple(found)


class BitsetView(QueensView):
    """Frames for :class:`tests.throwaway.bitset.engine.BitsetEngine` snapshots."""

    method = "bitset"
    layout = TOP_DOWN

    def frame(self, snapshot: BitSnapshot, overlay: str) -> Frame:
        n, event = snapshot.n, snapshot.last_event
        marks: dict[tuple[int, int], Mark] = {}
        focus = (0, 0)
        if isinstance(event, TryBit):
            by = attackers(snapshot, event.col, event.row, event.taken)
            marks = attack_marks(
                (event.col, event.row), ((sq, _LINE_OF[w]) for sq, w in by), not event.free
            )
            focus = (event.col, event.row)
        elif isinstance(event, Place):
            focus = (event.col, event.row)
        board = self._board.frame(n, snapshot.placed, marks, focus, overlay)
        top = snapshot.top
        return self.queens_frame(
            snapshot,
            board,
            _tables(snapshot),
            CodeFrame("solve(i, cols, ld, rd)", CODE, lines_run(getattr(event, "kind", None))),
            narrate(event, n),
            render(Message.of("bitset.status.row", row=top.row if top else 0)),
            "q[], cols, ld, rd",
        )


def _tables(snapshot: BitSnapshot) -> Tables:
    n, top, event = snapshot.n, snapshot.top, snapshot.last_event
    read = event.col if isinstance(event, TryBit) else None
    changed = event.row if isinstance(event, Place) else None

    def bits(name: str, word: int) -> TableRow:
        return table_row(name, tuple(str(word >> j & 1) for j in range(n)), read)

    q = table_row("q", tuple("-" if c < 0 else str(c) for c in snapshot.q), changed=changed)
    top = top or BitFrame(0, 0, 0, 0, -1)  # before the first call, and after the last
    rows = (q, bits("cols", top.cols), bits("ld", top.ld), bits("rd", top.rd))
    stack = tuple(
        f"solve({f.row})  j = {f.j}" if f.j >= 0 else f"solve({f.row})"
        for f in reversed(snapshot.frames)
    )
    return Tables(
        rows,
        focus=top.j if 0 <= top.j < n else None,
        lines=stack,
        reads=True,
        room=n + 1,  # solve(0) to solve(n)
        widest=max(len(str(n - 1)), 1),
    )
