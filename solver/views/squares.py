"""Building a queens board frame, for every queens method's view: the placed queens, what they
attack, and the square being tried with the lines from its attackers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from solver.geometry import Rule, attacked_squares, line_between
from solver.messages import Message, register, render
from solver.views.frame import BoardFrame, Mark

Square = tuple[int, int]
"""(column, row) as drawn: column left to right, row counted as the notes count it."""


class Overlay:
    """What each square shows besides its glyph: nothing, its col+row or its row-col."""

    OFF = "off"
    SUM = "col+row"
    DIFF = "row-col"
    ORDER = (OFF, SUM, DIFF)

    @staticmethod
    def next(name: str) -> str:
        order = Overlay.ORDER
        return order[(order.index(name) + 1) % len(order)]

    @staticmethod
    def label(name: str) -> str:
        """The overlay's name in the language in use."""
        return render(Message.of(f"overlay.{name}"))


register({"overlay.off": "off", "overlay.col+row": "col+row", "overlay.row-col": "row-col"})


@dataclass(frozen=True, slots=True)
class Layout:
    """How a method's notes draw the board."""

    bottom_up: bool
    """Row 0 on the bottom line (the Wrocław lecture) instead of the top (the Turin notes)."""

    def line(self, rule: Rule) -> Mark:
        """The mark of a line from an attacker along ``rule``, as drawn: a diagonal of equal
        col+row falls to the right where row 0 is at the bottom, and rises where it is at the
        top (row-col's the other way)."""
        if rule is Rule.ROW:
            return Mark.LINE_ROW
        return Mark.LINE_FALLING if (rule is Rule.SUM) is self.bottom_up else Mark.LINE_RISING


BOTTOM_UP = Layout(bottom_up=True)
TOP_DOWN = Layout(bottom_up=False)


class BoardBuilder:
    """Builds board frames for an n x n queens board, reusing unchanged lines between ticks."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self._key: tuple[int, tuple[Square, ...], bool] | None = None
        self._base: list[tuple[Mark, ...]] = []
        self._labels: tuple[int, tuple[str, ...], tuple[str, ...]] | None = None
        self._values: dict[tuple[int, str], tuple[tuple[int, ...], ...]] = {}

    def _base_lines(
        self, n: int, placed: tuple[Square, ...], show_attacked: bool
    ) -> list[tuple[Mark, ...]]:
        """Every row's marks (index: row) with the placed queens and the squares they attack."""
        key = (n, placed, show_attacked)
        if key != self._key:
            grid = [[Mark.FREE] * n for _ in range(n)]
            if show_attacked:
                for col, row in attacked_squares(placed, n):
                    grid[row][col] = Mark.ATTACKED
            for col, row in placed:
                grid[row][col] = Mark.QUEEN
            self._base = [tuple(line) for line in grid]
            self._key = key
        return self._base

    def _overlay_values(self, n: int, overlay: str) -> tuple[tuple[int, ...], ...] | None:
        if overlay == Overlay.OFF:
            return None
        values = self._values.get((n, overlay))
        if values is None:
            rows = [
                tuple(c + r if overlay == Overlay.SUM else r - c for c in range(n))
                for r in range(n)
            ]
            drawn = rows[::-1] if self.layout.bottom_up else rows
            values = self._values[n, overlay] = tuple(drawn)
        return values

    def frame(
        self,
        n: int,
        placed: Iterable[Square],
        marks: Mapping[Square, Mark],
        focus: Square | None,
        overlay: str = Overlay.OFF,
        show_attacked: bool = True,
    ) -> BoardFrame:
        """The board with ``placed`` queens (and what they attack), then ``marks`` on top."""
        lines = list(self._base_lines(n, tuple(placed), show_attacked))
        changed: dict[int, list[Mark]] = {}
        for (col, row), mark in marks.items():
            line = changed.get(row)
            if line is None:
                line = changed[row] = list(lines[row])
            line[col] = mark
        for row, line in changed.items():
            lines[row] = tuple(line)
        if self._labels is None or self._labels[0] != n:
            rows = tuple(str(r) for r in range(n))
            row_labels = tuple(reversed(rows)) if self.layout.bottom_up else rows
            self._labels = (n, row_labels, tuple(str(c) for c in range(n)))
        _n, row_labels, col_labels = self._labels
        drawn = lines[::-1] if self.layout.bottom_up else lines
        shown_focus = None
        if focus is not None:
            col, row = focus
            shown_focus = (col, n - 1 - row if self.layout.bottom_up else row)
        return BoardFrame(
            squares=tuple(drawn),
            row_labels=row_labels,
            col_labels=col_labels,
            focus=shown_focus,
            values=self._overlay_values(n, overlay),
            attacks=show_attacked,
        )


def attack_marks(
    target: Square, attackers: Iterable[tuple[Square, Mark]], found: bool
) -> dict[Square, Mark]:
    """The square being tried, its attackers and the line from each (``found``: it is attacked)."""
    marks: dict[Square, Mark] = {}
    for source, line in attackers:
        for square in line_between(source, target):
            marks[square] = line
        marks[source] = Mark.ATTACKER
    marks[target] = Mark.CANDIDATE if found else Mark.TRYING
    return marks
