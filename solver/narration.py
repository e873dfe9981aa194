"""What each tick did, in the words a teacher would use at the board.

Coordinates follow seed 002: (column, row), row 0 at the bottom; ``b[i]`` is the row of the
queen in column ``i``. The two diagonal identities are named by what stays equal along the
line: ``col+row`` (the lecture's ``b[i]+i == y+x``) and ``row-col`` (``b[i]-i == y-x``).
"""

from __future__ import annotations

from solver.events import Attacker, Backtrack, Done, Event, Rule, Solution, Try


def identity(col: int, row: int, attacker: Attacker) -> str:
    """Why ``attacker`` attacks (col, row), with the numbers: ``same row-col: 1-2 = -1 = 0-1``."""
    a_col, a_row = attacker.col, attacker.row
    if attacker.rule is Rule.ROW:
        return f"same row {row}"
    if attacker.rule is Rule.SUM:
        return f"same col+row: {col}+{row} = {col + row} = {a_col}+{a_row}"
    return f"same row-col: {row}-{col} = {row - col} = {a_row}-{a_col}"


def _attacked(event: Try, n: int) -> str:
    if len(event.attackers) == 1:
        a = event.attackers[0]
        by = (
            f"attacked by the queen in column {a.col} (row {a.row}): "
            f"{identity(event.col, event.row, a)}"
        )
    else:  # shorter clauses: three attackers still fit a three-line pane at 80 columns
        parts = [
            f"column {a.col} (row {a.row}), {identity(event.col, event.row, a)}"
            for a in event.attackers
        ]
        by = f"attacked by {len(parts)} queens: " + "; ".join(parts)
    after = "Try the next row." if event.row < n - 1 else "That was the last row."
    return f"Column {event.col}, row {event.row} is {by}. {after}"


def describe(event: Event, n: int) -> str:
    """One or two sentences saying what ``event`` did on an n x n board."""
    if isinstance(event, Try):
        if event.attackers:
            return _attacked(event, n)
        if event.col == 0 and event.row == 0:
            head = "Column 0, row 0: the first queen goes in the bottom-left corner (b[0]=0)"
        else:
            head = (
                f"Column {event.col}, row {event.row} is free: "
                f"the queen stays there (b[{event.col}]={event.row})"
            )
        if event.col == n - 1:
            return f"{head}. Every column now holds a queen."
        return f"{head}. On to column {event.col + 1}."
    if isinstance(event, Backtrack):
        col = event.col
        where = "in column 0" if col == 0 else f"left in column {col}"
        back = (
            f"back to column {col - 1}!" if col > 0 else "k = -1: there is no column to go back to."
        )
        return f"No free square {where}: remove its queen (b[{col}]=-1), {back}"
    if isinstance(event, Solution):
        b = ", ".join(str(r) for r in event.b)
        return f"Solution {event.number}: b = [{b}]. k = n = {n}: every column holds a queen."
    if isinstance(event, Done):
        if event.solutions == 0:
            return f"k = -1: the search is over. There is no solution for n={n}."
        plural = "solution" if event.solutions == 1 else "solutions"
        return f"k = -1: the search is over, {event.solutions} {plural} found for n={n}."
    raise TypeError(f"not an event: {event!r}")
