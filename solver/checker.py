"""Checking a placement: is it a solution, and if not, which queens attack and why.

A placement is the lecture's state table ``b`` (the Wrocław lecture): ``b[i]`` is the row of the
queen in column ``i``, rows and columns counted from 0. One queen per column is built into the
representation, so two queens attack when they share a row (``b[i] == b[j]``), a col+row diagonal
(equal ``i + b[i]``: the ``i+j`` of the Turin notes) or a row-col diagonal (equal ``b[i] - i``: the
Turin notes' ``i-j``, shifted by ``n-1`` to index its array ``b[]``). With row 0 at the bottom, as
the Wrocław lecture draws it, equal col+row falls to the right; the Turin notes draw its first row
at the top, where the same i+j line rises ("diagonale ascendente").

:func:`is_valid` is the O(n) test: it marks the n rows, 2n-1 sums and 2n-1 differences in
three boolean arrays, exactly like the Turin notes' ``c[]``, ``a[]`` and ``b[]``, and fails at the
first line marked twice. :func:`attacks` names every attacking pair, for a learner's own try.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from solver.events import Rule
from solver.messages import Message, register, render


@dataclass(frozen=True, slots=True)
class Attack:
    """The queens of columns ``col_a < col_b`` attack each other by ``rule``."""

    col_a: int
    row_a: int
    col_b: int
    row_b: int
    rule: Rule


def check_rows(b: Sequence[int]) -> None:
    """Raise ValueError unless every entry of ``b`` is a row from 0 to ``len(b) - 1``."""
    n = len(b)
    if n == 0:
        raise ValueError("a placement needs at least one queen")
    for col, row in enumerate(b):
        if not 0 <= row < n:
            raise ValueError(
                f"the queen of column {col} is in row {row}, but rows go from 0 to {n - 1}"
            )


def is_valid(b: Sequence[int]) -> bool:
    """True when no two queens of ``b`` attack each other. O(n) time and memory."""
    check_rows(b)
    n = len(b)
    rows = bytearray(n)
    sums = bytearray(2 * n - 1)
    diffs = bytearray(2 * n - 1)
    nm1 = n - 1
    for col, row in enumerate(b):
        s = col + row
        d = row - col + nm1
        if rows[row] or sums[s] or diffs[d]:
            return False
        rows[row] = sums[s] = diffs[d] = 1
    return True


def _pairs(groups: dict[int, list[int]]) -> Iterator[tuple[int, int]]:
    for cols in groups.values():
        for x, first in enumerate(cols):
            for second in cols[x + 1 :]:
                yield first, second


def attacks(b: Sequence[int]) -> list[Attack]:
    """Every attacking pair of ``b``, sorted by columns; empty for a solution.

    Two queens in different columns share at most one line, so each pair appears once. The
    work is O(n) plus the number of pairs reported.
    """
    check_rows(b)
    by_rule: dict[Rule, dict[int, list[int]]] = {rule: {} for rule in Rule}
    for col, row in enumerate(b):
        by_rule[Rule.ROW].setdefault(row, []).append(col)
        by_rule[Rule.SUM].setdefault(col + row, []).append(col)
        by_rule[Rule.DIFF].setdefault(row - col, []).append(col)
    found = [
        Attack(first, b[first], second, b[second], rule)
        for rule, groups in by_rule.items()
        for first, second in _pairs(groups)
    ]
    found.sort(key=lambda a: (a.col_a, a.col_b))
    return found


def explain(attack: Attack) -> str:
    """One line naming the pair and the equal quantity, e.g. ``same col+row: 0+4 = 4 = 1+3``."""
    a_col, a_row, b_col, b_row = attack.col_a, attack.row_a, attack.col_b, attack.row_b
    squares = {"a_col": a_col, "a_row": a_row, "b_col": b_col, "b_row": b_row}
    if attack.rule is Rule.ROW:
        return render(Message.of("check.row", **squares))
    if attack.rule is Rule.SUM:
        return render(Message.of("check.sum", value=a_col + a_row, **squares))
    return render(Message.of("check.diff", value=a_row - a_col, **squares))


register(
    {
        "check.row": "columns {a_col} and {b_col} (rows {a_row} and {b_row}) attack: "
        "same row {a_row}",
        "check.sum": "columns {a_col} and {b_col} (rows {a_row} and {b_row}) attack: "
        "same col+row (i+j): {a_col}+{a_row} = {value} = {b_col}+{b_row}",
        "check.diff": "columns {a_col} and {b_col} (rows {a_row} and {b_row}) attack: "
        "same row-col (i-j): {a_row}-{a_col} = {value} = {b_row}-{b_col}",
    }
)
