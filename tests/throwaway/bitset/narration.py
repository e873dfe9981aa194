"""What each tick of the bit-set backtracker did, as message ids with their English words."""

from __future__ import annotations

from solver.messages import Message, register
from solver.stepping import Done
from tests.throwaway.bitset.engine import (
    BitEvent,
    Call,
    Found,
    Leave,
    Place,
    Return,
    TryBit,
)

register(
    {
        "bitset.idle": "Every word is 0: no column and no diagonal is taken. The first tick calls "
        "solve(0, 0, 0, 0).",
        "bitset.call": "solve(0, 0, 0, 0): row 0, avail has every bit set.",
        "bitset.free": "Row {row}, column {col}: bit {col} of avail is 1, so the square is free.",
        "bitset.taken": "Row {row}, column {col}: bit {col} of avail is 0, taken by {words}.",
        "bitset.place": "q[{row}] = {col}: bit {col} goes into cols, ld and rd, and solve({next}) "
        "is called with them shifted.",
        "bitset.found": "i == n: solution {number}, q = [{q}].",
        "bitset.return": "Every bit of row {row} has been tried: solve({row}) returns.",
        "bitset.leave": "solve({row}) counted its solution and returns.",
        "bitset.over": (
            "solve(0) has returned: {count} solution for n={n}.",
            "solve(0) has returned: {count} solutions for n={n}.",
        ),
    }
)


def narrate(event: BitEvent | None, n: int) -> Message:
    """The sentence for the tick whose event is ``event`` (None: before the first)."""
    if event is None:
        return Message.of("bitset.idle")
    if isinstance(event, Call):
        return Message.of("bitset.call")
    if isinstance(event, TryBit):
        if event.free:
            return Message.of("bitset.free", row=event.row, col=event.col)
        words = " and ".join(event.taken)
        return Message.of("bitset.taken", row=event.row, col=event.col, words=words)
    if isinstance(event, Place):
        return Message.of("bitset.place", row=event.row, col=event.col, next=event.row + 1)
    if isinstance(event, Found):
        q = ", ".join(map(str, event.q))
        return Message.of("bitset.found", number=event.number, q=q)
    if isinstance(event, Return | Leave):
        return Message.of(f"bitset.{event.kind}", row=event.row)
    assert isinstance(event, Done)
    return Message.of("bitset.over", count=event.solutions, n=n)
