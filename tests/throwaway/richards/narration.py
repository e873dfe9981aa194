"""What each tick of Richards' bit-mask search did, as message ids with their English words."""

from __future__ import annotations

from solver.messages import Message, register
from solver.stepping import Call, Done, Found, Leave, Return
from tests.throwaway.richards.engine import MaskEvent, Place

register(
    {
        "richards.idle": "Every word is 0: no column and no diagonal is taken. The first tick "
        "calls solve(0, 0, 0, 0).",
        "richards.call": "solve(0, 0, 0, 0): row 0, avail has every bit set.",
        "richards.place": "The lowest bit of avail is bit {col}: q[{row}] = {col}, and "
        "solve({next}) is called with it added to cols, ld and rd.",
        "richards.found": "i == n: solution {number}, q = [{q}].",
        "richards.return": "avail of row {row} has no bit left: solve({row}) returns.",
        "richards.leave": "solve({row}) counted its solution and returns.",
        "richards.over": (
            "solve(0) has returned: {count} solution for n={n}.",
            "solve(0) has returned: {count} solutions for n={n}.",
        ),
    }
)


def narrate(event: MaskEvent | None, n: int) -> Message:
    """The sentence for the tick whose event is ``event`` (None: before the first)."""
    if event is None:
        return Message.of("richards.idle")
    if isinstance(event, Call):
        return Message.of("richards.call")
    if isinstance(event, Place):
        return Message.of("richards.place", row=event.row, col=event.col, next=event.row + 1)
    if isinstance(event, Found):
        q = ", ".join(map(str, event.solution))
        return Message.of("richards.found", number=event.number, q=q)
    if isinstance(event, Return | Leave):
        return Message.of(f"richards.{event.kind}", row=event.at)
    assert isinstance(event, Done)
    return Message.of("richards.over", count=event.solutions, n=n)
