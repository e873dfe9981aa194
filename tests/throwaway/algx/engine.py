"""Knuth's Algorithm X for N-Queens as exact cover on the base engine: rows and columns the
primary items, diagonals secondary, a square an option. Each ``x()`` covers the item with the
fewest options left (ties: rows first, lowest first) by each option in order, calls itself and
uncovers it. Plain sets, no dancing links. Ticks: the base's Call, Found, Return (no option
left), Leave (after a solution) and Done, and its own :class:`Place` (an option covered)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from solver.stepping import Call, Done, Engine, Found, Kind, Leave, Mode, Return, SnapshotBase

_CALL, _PLACE, _FOUND, _RETURN, _LEAVE, _DONE = range(6)
_KINDS = (Kind.CALL, Kind.PLACE, Kind.SOLUTION, Kind.BACKTRACK, Kind.RETURN, Kind.DONE)
Square = tuple[int, int]  # (column, row)
Item = tuple[str, int]  # ("row", r), ("column", c); ("", -1): none left


@dataclass(frozen=True, slots=True)
class XFrame:
    """One active ``x()``: the item it chose, that item's options then, and the one it is on."""

    item: Item
    options: tuple[Square, ...]
    index: int = -1

    @property
    def label(self) -> str:  # R3, C0
        return f"{self.item[0][:1].upper()}{self.item[1]}" if self.item[0] else "-"


@dataclass(frozen=True, slots=True)
class Place:
    """The option ``square`` of ``item`` covered, and ``x()`` called one level deeper."""

    item: Item
    square: Square
    kind: ClassVar[str] = "place"

    @property
    def answer(self) -> int:  # the square's column for a row, its row for a column
        return self.square[0] if self.item[0] == "row" else self.square[1]


XEvent = Call[Item] | Place | Found[tuple[int, ...]] | Return[Item] | Leave[Item] | Done


def _items(c: int, r: int) -> tuple[Item, ...]:
    return ("column", c), ("row", r), ("sum", c + r), ("diff", c - r)


def options_left(n: int, placed: tuple[Square, ...]) -> dict[Item, tuple[Square, ...]]:
    """Each uncovered primary item and its options left, rows first, lowest first."""
    used = {item for square in placed for item in _items(*square)}
    lines = {("row", r): [(c, r) for c in range(n)] for r in range(n)}
    lines |= {("column", c): [(c, r) for r in range(n)] for c in range(n)}
    return {
        item: tuple(s for s in line if used.isdisjoint(_items(*s)))
        for item, line in lines.items()
        if item not in used
    }


@dataclass(frozen=True, slots=True, kw_only=True)
class XSnapshot(SnapshotBase):
    """The search between two ticks (``placed``: the squares covered, oldest first)."""

    method: ClassVar[str] = "algx"
    last_event: XEvent | None
    frames: tuple[XFrame, ...]
    placed: tuple[Square, ...]
    solutions: tuple[tuple[int, ...], ...]

    def sizes(self, kind: str) -> tuple[int | None, ...]:
        """How many options each row (column) has left; None for one covered."""
        left = options_left(self.n, self.placed)
        return tuple(len(left[(kind, i)]) if (kind, i) in left else None for i in range(self.n))


class ExactCoverEngine(Engine[XEvent]):
    """``x()`` one tick at a time, reversible."""

    method: ClassVar[str] = "algx"
    kinds = _KINDS

    def _setup(self) -> None:
        self._frames: list[XFrame] = []

    def _placed(self, below: int = 1) -> tuple[Square, ...]:
        """The squares chosen by the calls but the top ``below`` ones."""
        return tuple(f.options[f.index] for f in self._frames[: len(self._frames) - below])

    def _frame(self) -> XFrame:
        """The call the top one makes on its square: its item has the fewest options."""
        left = options_left(self.n, self._placed(0))
        item = min(left, key=lambda i: len(left[i]), default=("", -1))  # the first of the fewest
        return XFrame(item, left.get(item, ()))

    def _event(self, code: int) -> XEvent:
        frames = self._frames
        if code == _CALL:
            return Call(frames[0].item)
        if code == _FOUND:
            return Found(self._solutions[-1], len(self._solutions))
        if code == _PLACE:
            return Place(frames[-2].item, frames[-2].options[frames[-2].index])
        if code == _LEAVE:
            return Leave(frames[-1].item)
        return Return(self._frame().item)  # the call that returned, rebuilt

    def snapshot(self) -> XSnapshot:
        return XSnapshot(**self._common(), frames=tuple(self._frames), placed=self._placed())

    def _advance(self) -> int:
        frames = self._frames
        if not self._tick:
            frames.append(self._frame())
            return _CALL
        last = self._last()
        if last == _DONE or (last == _FOUND and self.mode is Mode.FIRST):
            return -1
        if last == _FOUND:
            frames.pop()
            return _LEAVE
        top = frames[-1]
        if last in (_CALL, _PLACE) and not top.item[0]:  # no primary item left
            self._solutions.append(tuple(r for _c, r in sorted(self._placed())))
            return _FOUND
        if top.index + 1 < len(top.options):
            frames[-1] = replace(top, index=top.index + 1)
            self._examined += 1
            frames.append(self._frame())
            return _PLACE
        frames.pop()
        return _RETURN if frames else _DONE

    def _undo(self, code: int) -> None:
        frames = self._frames
        if code == _CALL:
            frames.pop()
        elif code == _PLACE:
            frames.pop()
            frames[-1] = replace(frames[-1], index=frames[-1].index - 1)
            self._examined -= 1
        elif code == _FOUND:
            self._solutions.pop()
        else:  # a leave, a return or the end: the popped call comes back (its options spent)
            frame = self._frame()
            frames.append(frame if code == _LEAVE else replace(frame, index=len(frame.options) - 1))
