"""Why a wrong choice about two squares' lines (same row, same col+row, same row-col, none) is
wrong, with the squares' own numbers, never telling which choice is right. Used by
``same-diagonal`` and ``attack-rule``; squares are (column, row)."""

from __future__ import annotations

from enum import Enum

from lessons.answers.feedback import say
from solver.geometry import attack_rule

Square = tuple[int, int]


class Line(Enum):
    """What two squares share."""

    ROW = "row"
    SUM = "sum"
    DIFF = "diff"
    NONE = "none"


def shared(first: Square, second: Square) -> Line:
    """The line the two squares share (the row first, as the lecture's isfree checks it):
    :func:`solver.geometry.attack_rule`'s rule, or NONE."""
    rule = attack_rule(*first, *second)
    return Line.NONE if rule is None else Line(rule.value)


def why_not(picked: Line, first: Square, second: Square, choices: tuple[Line, ...]) -> str:
    """Why ``picked``, one of the question's ``choices``, is not the line the two squares share
    ("" when it is)."""
    right = shared(first, second)
    if picked is right:
        return ""
    (c1, r1), (c2, r2) = first, second
    # Each reason says why the choice picked is wrong, never which one is right, and its
    # nudge is the same whatever the answer among the choices left: one fitted to the answer
    # would tell it, one fitted to another would send the student to a third, wrong choice.
    if picked is Line.ROW:
        return say("mistake.rows_differ", row1=r1, row2=r2)
    if picked is Line.NONE:
        return say("mistake.missed_diagonal")
    rows_offered = Line.ROW in choices
    if picked is Line.SUM:
        message = "mistake.sum_not_equal_row" if rows_offered else "mistake.sum_not_equal_none"
        return say(message, sum1=c1 + r1, sum2=c2 + r2)
    message = "mistake.diff_not_equal_row" if rows_offered else "mistake.diff_not_equal_none"
    return say(message, diff1=r1 - c1, diff2=r2 - c2)


def mistakes(choices: tuple[Line, ...], first: Square, second: Square) -> dict[str, str]:
    """For each wrong choice (by its index, as the question's answers are), why it is wrong."""
    found = {}
    for index, line in enumerate(choices):
        why = why_not(line, first, second, choices)
        if why:
            found[str(index)] = why
    return found
