"""Richards' bit-mask search one tick at a time, on the base engine (solver.stepping.Engine).

It follows the ``solve`` of listing.py's :data:`~tests.throwaway.richards.listing.CODE`.
Bit j of ``cols`` is set when a queen stands in column j; of ``ld`` when a queen's diagonal of
equal column - row reaches column j of this row, of ``rd`` when one of equal column + row does.
``avail`` holds the columns of the row that no queen attacks and the loop has not taken yet:
``avail & -avail`` is its lowest bit, so every tick of the loop places a queen, and an attacked
square is never looked at.

Ticks (their Kind), the base's events but :class:`Place`: ``Call(0)`` [CALL], the first
``solve(0, 0, 0, 0)``; :class:`Place` [PLACE], the lowest bit of ``avail`` taken, ``q[i]`` set
and the call for the next row made; ``Found`` [SOLUTION], ``i == n``; ``Return(row)``
[BACKTRACK], ``avail`` is 0: the call returns; ``Leave(row)`` [RETURN], the call that found a
solution returns; ``Done`` [DONE], ``solve(0)`` has returned. ``examined`` counts the queens
placed (one candidate a tick).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import ClassVar

from solver.stepping import Call, Done, Engine, Found, Kind, Leave, Mode, Return, SnapshotBase

_CALL, _PLACE, _FOUND, _RETURN, _LEAVE, _DONE = range(6)
_KINDS = (Kind.CALL, Kind.PLACE, Kind.SOLUTION, Kind.BACKTRACK, Kind.RETURN, Kind.DONE)


@dataclass(frozen=True, slots=True)
class MaskFrame:
    """One active ``solve(row, cols, ld, rd)`` and its ``avail``."""

    row: int
    cols: int
    ld: int
    rd: int
    avail: int

    def taken(self, col: int) -> tuple[str, ...]:
        """The words whose bit ``col`` is set: what attacks column ``col`` of this row."""
        words = (("cols", self.cols), ("rd", self.rd), ("ld", self.ld))
        return tuple(name for name, word in words if word >> col & 1)


@dataclass(frozen=True, slots=True)
class Place:
    """The lowest bit of row ``row``'s ``avail`` taken: ``q[row] = col``, ``solve(row + 1)``."""

    row: int
    col: int
    kind: ClassVar[str] = "place"


MaskEvent = Call[int] | Place | Found[tuple[int, ...]] | Return[int] | Leave[int] | Done


@dataclass(frozen=True, slots=True, kw_only=True)
class MaskSnapshot(SnapshotBase):
    """The search between two ticks (``placed``: (column, row) of its queens)."""

    method: ClassVar[str] = "richards"
    last_event: MaskEvent | None
    q: tuple[int, ...]
    frames: tuple[MaskFrame, ...]
    placed: tuple[tuple[int, int], ...]
    solutions: tuple[tuple[int, ...], ...]

    @property
    def top(self) -> MaskFrame | None:
        return self.frames[-1] if self.frames else None


class MasksEngine(Engine[MaskEvent]):
    """``solve(0, 0, 0, 0)`` one tick at a time, reversible."""

    method: ClassVar[str] = "richards"
    kinds = _KINDS
    undo_arrays = ("_q_before",)

    def _setup(self) -> None:
        self._all = (1 << self.n) - 1
        self._q = [-1] * self.n
        self._frames: list[list[int]] = []  # [cols, ld, rd, avail] per active call
        self._q_before = array("i")  # q[row] before each Place

    # -- reading the state ---------------------------------------------------------------------

    def _event(self, code: int) -> MaskEvent:
        depth = len(self._frames)
        if code == _CALL:
            return Call(0)
        if code == _FOUND:
            return Found(self._solutions[-1], len(self._solutions))
        if code == _RETURN:
            return Return(depth)
        if code == _LEAVE:
            return Leave(depth)
        return Place(depth - 2, self._q[depth - 2])

    def snapshot(self) -> MaskSnapshot:
        depth = len(self._frames)
        return MaskSnapshot(
            **self._common(),
            q=tuple(self._q),
            frames=tuple(MaskFrame(row, *f) for row, f in enumerate(self._frames)),
            placed=tuple((self._q[row], row) for row in range(depth - 1)),
        )

    # -- a tick --------------------------------------------------------------------------------

    def _call(self, cols: int, ld: int, rd: int) -> list[int]:
        """A new call's words and its ``avail``."""
        return [cols, ld, rd, ~(cols | ld | rd) & self._all]

    def _child(self, row: int) -> list[int]:
        """The call row ``row`` makes for its queen at ``q[row]``."""
        cols, ld, rd, _avail = self._frames[row]
        bit = 1 << self._q[row]
        return self._call(cols | bit, (ld | bit) << 1, (rd | bit) >> 1)

    def _advance(self) -> int:
        frames = self._frames
        if not self._tick:
            frames.append(self._call(0, 0, 0))
            return _CALL
        last = self._last()
        if last == _DONE:
            return -1
        if last == _FOUND:
            if self.mode is Mode.FIRST:
                return -1
            frames.pop()
            return _LEAVE
        if last in (_CALL, _PLACE) and len(frames) > self.n:  # i == n
            self._solutions.append(tuple(self._q))
            return _FOUND
        top = frames[-1]
        if top[3]:
            row = len(frames) - 1
            bit = top[3] & -top[3]
            top[3] -= bit
            self._q_before.append(self._q[row])
            self._q[row] = bit.bit_length() - 1
            self._examined += 1
            frames.append(self._child(row))
            return _PLACE
        frames.pop()
        return _RETURN if frames else _DONE

    def _undo(self, code: int) -> None:
        frames = self._frames
        if code == _CALL:
            frames.pop()
        elif code == _PLACE:
            frames.pop()
            row = len(frames) - 1
            frames[row][3] |= 1 << self._q[row]
            self._q[row] = self._q_before.pop()
            self._examined -= 1
        elif code == _FOUND:
            self._solutions.pop()
        elif code == _LEAVE:
            frames.append(self._child(len(frames) - 1))
        else:  # a return, or the end: the popped call comes back, its avail spent
            frame = self._child(len(frames) - 1) if frames else self._call(0, 0, 0)
            frame[3] = 0
            frames.append(frame)
