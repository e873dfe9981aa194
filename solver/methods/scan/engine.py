"""The edutecnica page's ``tenta(k)`` with its O(k) check ``sicura``, one tick at a time."""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import ClassVar

from solver.geometry import Rule
from solver.stepping import Call, Done, Engine, Found, Kind, Mode, Return, SnapshotBase

# The codes of the ticks; _LEAVE is tenta(n) returning after it printed (no backtrack).
_CALL, _TRY, _CMP, _PLACE, _PRINT, _RETURN, _DONE, _LEAVE = range(8)
_KINDS = (
    *(Kind.CALL, Kind.TEST, Kind.TEST, Kind.PLACE, Kind.SOLUTION, Kind.BACKTRACK, Kind.DONE),
    Kind.RETURN,
)


@dataclass(frozen=True, slots=True)
class ScanFrame:
    """One active ``tenta(k)`` and its loop variable ``i`` (a row; -1 before the loop)."""

    k: int
    i: int


@dataclass(frozen=True, slots=True)
class TryRow:
    """``sicura(k, row)`` is called for the next row of tenta's loop."""

    k: int
    row: int
    kind: ClassVar[str] = "try"


@dataclass(frozen=True, slots=True)
class Compare:
    """One pass of sicura's loop: the queen of column ``i`` (on row ``xriga``) against (``k``,
    ``row``); ``rule`` says how it attacks, None when it does not."""

    k: int
    row: int
    i: int
    xriga: int
    rule: Rule | None
    kind: ClassVar[str] = "compare"


@dataclass(frozen=True, slots=True)
class PlaceRow:
    """sicura was true: ``T[k] = row``; ``tenta(k + 1)`` comes next."""

    k: int
    row: int
    kind: ClassVar[str] = "place"


ScanEvent = Call[int] | TryRow | Compare | PlaceRow | Found[tuple[int, ...]] | Return[int] | Done
"""The page's ticks, and those every search has: ``Call(k)``, ``tenta(k)`` called; ``Found(T)``,
``tenta(n)``, every queen placed, prints ``T``; ``Return(k)``, ``tenta(k)`` returns, its loop over
(for k = n, after it printed); ``Done``, ``tenta(0)`` has returned."""


def sicura_rule(xriga: int, i: int, riga: int, regina: int) -> Rule | None:
    """The page's test, in its order: same row, then each diagonal; None when safe."""
    if xriga == riga:
        return Rule.ROW
    if xriga == riga - (regina - i):
        return Rule.DIFF  # equal row - column
    if xriga == riga + (regina - i):
        return Rule.SUM  # equal row + column
    return None


@dataclass(frozen=True, slots=True, kw_only=True)
class ScanSnapshot(SnapshotBase):
    """The edutecnica page's search between two ticks (``examined``: sicura's calls, squares
    tested)."""

    method: ClassVar[str] = "scan"
    last_event: ScanEvent | None
    T: tuple[int, ...]
    frames: tuple[ScanFrame, ...]
    compare: int | None
    """sicura's ``i`` after a comparison tick, None otherwise."""
    placed: tuple[tuple[int, int], ...]
    """(column, row) of the queens on the board."""
    held: frozenset[int] = frozenset()
    """The columns whose ``T[k]`` a queen's row was ever written into (the others keep the zero
    ``T[]`` starts with: no queen left it there)."""
    solutions: tuple[tuple[int, ...], ...]


class ScanEngine(Engine[ScanEvent]):
    """``tenta(0)`` of the edutecnica page, one tick at a time, reversible."""

    method: ClassVar[str] = "scan"
    kinds = _KINDS
    undo_arrays = ("_compare", "_t_before")  # sicura's i after each tick, T[k] before PlaceRow

    def _setup(self) -> None:
        self._T = [0] * self.n
        self._frames: list[int] = []  # tenta's loop variable per active call
        self._compare = array("h")  # sicura's i after each tick (-1: not comparing)
        self._t_before = array("h")  # T[k] before each PlaceRow
        self._held = [0] * self.n  # how many PlaceRow ticks wrote each T[k]

    def _event(self, code: int) -> ScanEvent:
        frames = self._frames
        if code in (_RETURN, _LEAVE):
            return Return(len(frames))
        if code == _PRINT:
            return Found(self._solutions[-1], len(self._solutions))
        k = len(frames) - 1
        if code == _CALL:
            return Call(k)
        row = frames[-1]
        if code == _TRY:
            return TryRow(k, row)
        if code == _PLACE:
            return PlaceRow(k, row)
        i = self._compare[-1]
        xriga = self._T[i]
        return Compare(k, row, i, xriga, sicura_rule(xriga, i, row, k))

    def _placed(self) -> tuple[tuple[int, int], ...]:
        depth = len(self._frames)
        placed = depth - 1 if depth else 0
        if self._tick and self._last() == _PLACE:
            placed = depth
        return tuple((col, self._T[col]) for col in range(min(placed, self.n)))

    def snapshot(self) -> ScanSnapshot:
        compare = self._compare[-1] if self._compare else -1
        return ScanSnapshot(
            **self._common(),
            T=tuple(self._T),
            frames=tuple(ScanFrame(k, i) for k, i in enumerate(self._frames)),
            compare=compare if compare >= 0 else None,
            placed=self._placed(),
            held=frozenset(col for col, count in enumerate(self._held) if count),
        )

    def _next_row(self) -> int:
        """tenta's loop takes its next row (sicura is called), or the call returns."""
        frames = self._frames
        row = frames[-1] + 1
        if row < self.n:
            frames[-1] = row
            self._examined += 1
            return _TRY
        frames.pop()
        return _RETURN if frames else _DONE

    def _advance(self) -> int:
        code, compare = self._next()
        if code >= 0:
            self._compare.append(compare)
        return code

    def _next(self) -> tuple[int, int]:
        """Play the next tick's change; its code and sicura's i (-1), or -1 when over."""
        n = self.n
        if not self._tick:
            self._frames.append(-1)
            return _CALL, -1
        last = self._last()
        frames = self._frames
        k = len(frames) - 1
        if last == _CALL:
            if k == n:
                self._solutions.append(tuple(self._T))
                return _PRINT, -1
            return self._next_row(), -1
        if last == _TRY:
            if k == 0:
                return self._place(k), -1
            return _CMP, 0
        if last == _CMP:
            i = self._compare[-1]
            if sicura_rule(self._T[i], i, frames[-1], k) is not None:
                return self._next_row(), -1  # sicura returned false
            if i + 1 < k:
                return _CMP, i + 1
            return self._place(k), -1
        if last == _PLACE:
            frames.append(-1)
            return _CALL, -1
        if last == _PRINT:
            if self.mode is Mode.FIRST:
                return -1, -1
            frames.pop()
            return _LEAVE, -1
        if last == _DONE:
            return -1, -1
        return self._next_row(), -1  # back from a call: the loop goes on

    def _place(self, k: int) -> int:
        self._t_before.append(self._T[k])
        self._T[k] = self._frames[-1]
        self._held[k] += 1
        return _PLACE

    def _undo(self, code: int) -> None:
        self._compare.pop()
        frames = self._frames
        if code == _CALL:
            frames.pop()
        elif code == _TRY:
            frames[-1] -= 1
            self._examined -= 1
        elif code == _PLACE:
            self._T[len(frames) - 1] = self._t_before.pop()
            self._held[len(frames) - 1] -= 1
        elif code == _PRINT:
            self._solutions.pop()
        elif code == _LEAVE:
            frames.append(-1)
        elif code in (_RETURN, _DONE):  # the popped call comes back
            frames.append(self.n - 1)
