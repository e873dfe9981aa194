"""What each tick of Algorithm X did, as message ids with their English words."""

from __future__ import annotations

from solver.messages import Message, register
from solver.stepping import Call, Done, Found, Leave, Return
from tests.throwaway.algx.engine import Place, XEvent

register(
    {
        "algx.idle": "Nothing is covered yet. The first tick calls x().",
        "algx.call.row": "x(): every item has as many options; row {k} is the first.",
        "algx.call.column": "x(): every item has as many options; column {k} is the first.",
        "algx.place.row": "Row {k} has the fewest options: its queen goes to column {col}.",
        "algx.place.column": "Column {k} has the fewest options: its queen goes to row {row}.",
        "algx.found": "Nothing is left to cover: solution {number}, b = [{b}].",
        "algx.return.row": "Row {k} has no option left: x() returns.",
        "algx.return.column": "Column {k} has no option left: x() returns.",
        "algx.leave": "x() counted its solution and returns.",
        "algx.over": (
            "x() has returned: {count} solution for n={n}.",
            "x() has returned: {count} solutions for n={n}.",
        ),
    }
)


def narrate(event: XEvent | None, n: int) -> Message:
    """The sentence for the tick whose event is ``event`` (None: before the first)."""
    if event is None:
        return Message.of("algx.idle")
    if isinstance(event, Call | Return):
        return Message.of(f"algx.{event.kind}.{event.at[0]}", k=event.at[1])
    if isinstance(event, Place):
        col, row = event.square
        return Message.of(f"algx.place.{event.item[0]}", k=event.item[1], col=col, row=row)
    if isinstance(event, Found):
        return Message.of("algx.found", number=event.number, b=", ".join(map(str, event.solution)))
    if isinstance(event, Leave):
        return Message.of("algx.leave")
    assert isinstance(event, Done)
    return Message.of("algx.over", count=event.solutions, n=n)
