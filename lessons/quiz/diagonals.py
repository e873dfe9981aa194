"""Why a wrong choice about two squares' lines is wrong: the same row, the same col+row (one
diagonal), the same row-col (the other one), or none of them. Each wrong choice shows the
mistake behind it with the two squares' own numbers (the sum taken for the difference, a
diagonal seen where neither number is equal, a diagonal missed, a diagonal taken for the row),
and never names the right choice: a reason on a choice of two or three that names it leaves
nothing to try (student walk 10, item 14).

Used by ``same-diagonal`` (choices: sum, difference, neither) and ``attack-rule`` (choices: row,
sum, difference). Squares are (column, row), as the tutor draws them.
"""

from __future__ import annotations

from enum import Enum

from lessons.answers.feedback import say

Square = tuple[int, int]


class Line(Enum):
    """What two squares share."""

    ROW = "row"
    SUM = "sum"
    DIFF = "diff"
    NONE = "none"


def shared(first: Square, second: Square) -> Line:
    """The line the two squares share (the row first, as the lecture's isfree checks it)."""
    (c1, r1), (c2, r2) = first, second
    if r1 == r2:
        return Line.ROW
    if c1 + r1 == c2 + r2:
        return Line.SUM
    if r1 - c1 == r2 - c2:
        return Line.DIFF
    return Line.NONE


def why_not(picked: Line, first: Square, second: Square) -> str:
    """Why ``picked`` is not the line the two squares share ("" when it is)."""
    right = shared(first, second)
    if picked is right:
        return ""
    (c1, r1), (c2, r2) = first, second
    sums = {"sum1": c1 + r1, "sum2": c2 + r2}
    diffs = {"diff1": r1 - c1, "diff2": r2 - c2}
    if right is Line.ROW:
        return say("mistake.row_not_diagonal", row=r1, **sums, **diffs)
    if picked is Line.ROW:
        message = "mistake.sum_not_row" if right is Line.SUM else "mistake.diff_not_row"
        return say(message, row1=r1, row2=r2, sum=c1 + r1, diff=r1 - c1)
    if picked is Line.NONE:
        if right is Line.SUM:
            return say("mistake.missed_sum", sum=c1 + r1)
        return say("mistake.missed_diff", diff=r1 - c1)
    if picked is Line.SUM:
        return say("mistake.sum_not_equal", **sums, diff=r1 - c1)
    return say("mistake.diff_not_equal", **diffs, sum=c1 + r1)


def mistakes(choices: tuple[Line, ...], first: Square, second: Square) -> dict[str, str]:
    """For each wrong choice (by its index, as the question's answers are), why it is wrong."""
    found = {}
    for index, line in enumerate(choices):
        why = why_not(line, first, second)
        if why:
            found[str(index)] = why
    return found
