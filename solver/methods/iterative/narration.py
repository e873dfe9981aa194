"""What each tick did, in the words a teacher would use at the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

from solver.geometry import Rule
from solver.messages import Message, register, render
from solver.stepping import Done, Found, Mode

if TYPE_CHECKING:
    from solver.events import Attacker, Event, Try

register(
    {
        "iterative.attacked.one": (
            "Column {col}, row {row} is attacked by the queen in column {a_col}, row {a_row}: "
            "{why}. {after}"
        ),
        "iterative.attacked.many": (
            "Column {col}, row {row} is attacked by {count} queen: {attackers}. {after}",
            "Column {col}, row {row} is attacked by {count} queens: {attackers}. {after}",
        ),
        "iterative.attacker": "column {a_col}, row {a_row} ({why})",
        "iterative.next_row": "Try the next row.",
        "iterative.last_row": "That was the last row.",
        "iterative.first": "Column 0, row 0: the first queen goes in the bottom-left corner "
        "(b[0]=0). On to column 1.",
        "iterative.first.last": "Column 0, row 0: the first queen goes in the bottom-left corner "
        "(b[0]=0). Every column now holds a queen.",
        "iterative.free": "Column {col}, row {row} is free: the queen stays there "
        "(b[{col}]={row}). On to column {next}.",
        "iterative.free.last": "Column {col}, row {row} is free: the queen stays there "
        "(b[{col}]={row}). Every column now holds a queen.",
        "iterative.backtrack.first": "Column 0 has no row left: b[0]=-1 leaves it empty, "
        "k = -1: there is no column to go back to.",
        "iterative.backtrack": "No free square left in column {col}: b[{col}]=-1 leaves it "
        "empty; back to column {prev}!",
        "iterative.solution": "Solution {number}: b = [{b}]. k = n = {n}: every column holds "
        "a queen.",
        "iterative.solution.all": "Solution {number}: b = [{b}]. k = n = {n}: every column holds "
        "a queen. To find every solution the tutor goes on instead of returning k: k = {last}, "
        "and b[{last}]++ moves that column's queen up.",
        "iterative.done.none": "k = -1: the search is over. There is no solution for n = {n}.",
        "iterative.done": (
            "k = -1: the search is over, {count} solution found for n = {n}.",
            "k = -1: the search is over, {count} solutions found for n = {n}.",
        ),
        "iterative.idle": "b[i] = -1 in every column: all queens are under the board. "
        "The first tick runs b[0]=0; k=1: a queen in the bottom-left corner.",
    }
)


def why(col: int, row: int, attacker: Attacker) -> Message:
    """Why ``attacker`` attacks (col, row), with the numbers."""
    a_col, a_row = attacker.col, attacker.row
    if attacker.rule is Rule.ROW:
        return Message.of("why.row", row=row)
    if attacker.rule is Rule.SUM:
        return Message.of("why.sum", col=col, row=row, value=col + row, a_col=a_col, a_row=a_row)
    return Message.of("why.diff", col=col, row=row, value=row - col, a_col=a_col, a_row=a_row)


def _attacked(event: Try, n: int) -> Message:
    after = Message.of("iterative.next_row" if event.row < n - 1 else "iterative.last_row")
    col, row = event.col, event.row
    if len(event.attackers) == 1:
        a = event.attackers[0]
        return Message.of(
            "iterative.attacked.one",
            col=col,
            row=row,
            a_col=a.col,
            a_row=a.row,
            why=why(col, row, a),
            after=after,
        )
    # Shorter clauses: three attackers still fit a three-line pane at 80 columns.
    parts = tuple(
        Message.of("iterative.attacker", a_col=a.col, a_row=a.row, why=why(col, row, a))
        for a in event.attackers
    )
    return Message.of(
        "iterative.attacked.many",
        col=col,
        row=row,
        count=len(parts),
        attackers=parts,
        after=after,
    )


def narrate(event: Event | None, n: int, mode: Mode = Mode.FIRST) -> Message:
    """What ``event`` did on an n x n board, as a Message (before any tick: the idle text)."""
    if event is None:
        return Message.of("iterative.idle")
    from solver.events import Backtrack, Try  # loaded with the first tick

    if isinstance(event, Try):
        if event.attackers:
            return _attacked(event, n)
        last = event.col == n - 1
        if event.col == 0 and event.row == 0:
            return Message.of("iterative.first.last" if last else "iterative.first")
        key = "iterative.free.last" if last else "iterative.free"
        return Message.of(key, col=event.col, row=event.row, next=event.col + 1)
    if isinstance(event, Backtrack):
        if event.col == 0:
            return Message.of("iterative.backtrack.first")
        return Message.of("iterative.backtrack", col=event.col, prev=event.col - 1)
    if isinstance(event, Found):
        b = ", ".join(str(r) for r in event.solution)
        if mode is Mode.ALL:
            return Message.of("iterative.solution.all", number=event.number, b=b, n=n, last=n - 1)
        return Message.of("iterative.solution", number=event.number, b=b, n=n)
    if isinstance(event, Done):
        if event.solutions == 0:
            return Message.of("iterative.done.none", n=n)
        return Message.of("iterative.done", count=event.solutions, n=n)
    raise TypeError(f"not an event: {event!r}")


def describe(event: Event, n: int, mode: Mode = Mode.FIRST) -> str:
    """One or two sentences saying what ``event`` did on an n x n board."""
    return render(narrate(event, n, mode))
