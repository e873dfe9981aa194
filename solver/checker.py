"""Checking a placement: is it a solution, and if not, which queens attack and why."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from solver.events import Rule
from solver.messages import BadValue, Message, register, render


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
        raise BadValue.of("check.empty")
    for col, row in enumerate(b):
        if not 0 <= row < n:
            raise BadValue.of("check.bad_row", col=col, row=row, last=n - 1)


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


def attacks(b: Sequence[int]) -> list[Attack]:
    """Every attacking pair of ``b``, sorted by columns; empty for a solution."""
    check_rows(b)
    found = [
        Attack(first, b[first], second, b[second], rule)
        for rule, groups in _groups(b).items()
        for cols in groups.values()
        for first, second in combinations(cols, 2)
    ]
    found.sort(key=lambda a: (a.col_a, a.col_b))
    return found


def _groups(b: Sequence[int]) -> dict[Rule, dict[int, list[int]]]:
    """The columns of ``b``'s queens on each line, by rule."""
    by_rule: dict[Rule, dict[int, list[int]]] = {rule: {} for rule in Rule}
    for col, row in enumerate(b):
        by_rule[Rule.ROW].setdefault(row, []).append(col)
        by_rule[Rule.SUM].setdefault(col + row, []).append(col)
        by_rule[Rule.DIFF].setdefault(row - col, []).append(col)
    return by_rule


def attack_count(b: Sequence[int]) -> int:
    """How many pairs of ``b`` attack each other, in O(n)."""
    check_rows(b)
    return sum(
        len(cols) * (len(cols) - 1) // 2
        for groups in _groups(b).values()
        for cols in groups.values()
    )


def first_attacks(b: Sequence[int], limit: int) -> list[Attack]:
    """The first ``limit`` pairs of :func:`attacks` (same order), in O(n log n + limit log n)."""
    check_rows(b)

    def line(rule: Rule, col: int) -> int:
        return b[col] if rule is Rule.ROW else col + b[col] if rule is Rule.SUM else b[col] - col

    by_rule = _groups(b)
    found: list[Attack] = []
    for first in range(len(b)):
        if len(found) >= limit:
            break
        later: list[tuple[int, Rule]] = []
        for rule, groups in by_rule.items():
            cols = groups[line(rule, first)]
            start = bisect_right(cols, first)
            later.extend((second, rule) for second in cols[start : start + limit - len(found)])
        later.sort()
        for second, rule in later[: limit - len(found)]:
            found.append(Attack(first, b[first], second, b[second], rule))
    return found


def explain(attack: Attack) -> str:
    """One line naming the pair and the equal quantity, e.g. ``same col+row diagonal: 0+4 = 4 =
    1+3``."""
    a_col, a_row, b_col, b_row = attack.col_a, attack.row_a, attack.col_b, attack.row_b
    squares = {"a_col": a_col, "a_row": a_row, "b_col": b_col, "b_row": b_row}
    if attack.rule is Rule.ROW:
        return render(Message.of("check.row", **squares))
    if attack.rule is Rule.SUM:
        return render(Message.of("check.sum", value=a_col + a_row, **squares))
    return render(Message.of("check.diff", value=a_row - a_col, **squares))


register(
    {
        "check.row": "the queens of columns {a_col} and {b_col} (both in row {a_row}) attack: "
        "same row",
        "check.sum": "the queens of columns {a_col} and {b_col} (rows {a_row} and {b_row}) "
        "attack: same col+row diagonal: {a_col}+{a_row} = {value} = {b_col}+{b_row}",
        "check.diff": "the queens of columns {a_col} and {b_col} (rows {a_row} and {b_row}) "
        "attack: same row-col diagonal: {a_row}-{a_col} = {value} = {b_row}-{b_col}",
        "check.empty": "a placement needs at least one queen",
        "check.bad_row": "the queen of column {col} is in row {row}, but rows go from 0 to {last}",
    }
)


Square = tuple[int, int]
"""(column, row) of one queen, row 0 at the bottom."""

COLUMN = "col"
"""The rule name of two queens in one column (a learner's own board)."""


@dataclass(frozen=True, slots=True)
class PairAttack:
    """Two queens of a learner's own board, ``first < second``, attacking by ``rule`` (``row``,
    ``col``, ``sum`` or ``diff``)."""

    first: Square
    second: Square
    rule: str


def attacks_among(queens: Iterable[Square]) -> list[PairAttack]:
    """Every attacking pair among queens anywhere on the board (several may share a column)."""
    placed = sorted(set(queens))
    groups: dict[tuple[str, int], list[Square]] = {}
    for col, row in placed:
        groups.setdefault((str(Rule.ROW), row), []).append((col, row))
        groups.setdefault((COLUMN, col), []).append((col, row))
        groups.setdefault((str(Rule.SUM), col + row), []).append((col, row))
        groups.setdefault((str(Rule.DIFF), row - col), []).append((col, row))
    found = [
        PairAttack(first, second, rule)
        for (rule, _), squares in groups.items()
        for first, second in combinations(squares, 2)
    ]
    found.sort(key=lambda a: (a.first, a.second))
    return found
