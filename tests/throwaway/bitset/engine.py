"""The bit-set backtracker one tick at a time, on the base engine (solver.stepping.Engine).

The code it follows (listing.py shows it)::

    void solve(int i, int cols, int ld, int rd) {
        if (i == n) { found++; return; }
        int avail = ~(cols | ld | rd) & ALL;
        for (int j = 0; j < n; j++)
            if (avail >> j & 1) {
                int bit = 1 << j; q[i] = j;
                solve(i + 1, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
            }
    }

Bit j of ``cols`` is set when a queen stands in column j; of ``ld`` when a queen's diagonal of
equal column - row reaches column j of this row, of ``rd`` when one of equal column + row does.

Ticks (their Kind): :class:`Call` [CALL], the first ``solve(0, 0, 0, 0)``; :class:`TryBit`
[TEST], one ``j`` of the loop and its test; :class:`Place` [PLACE], ``q[i] = j`` and the call for
the next row; :class:`Found` [SOLUTION], ``i == n``; :class:`Return` [BACKTRACK], the loop of
row ``i`` is over; :class:`Leave` [RETURN], the call that found a solution returns;
the base's :class:`~solver.stepping.Done` [DONE], ``solve(0)`` has returned. The engine says only
what a tick does and how it is undone: the history is the base's.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import ClassVar

from solver.stepping import Done, Engine, Kind, Mode, SnapshotBase

_CALL, _TRY, _PLACE, _FOUND, _RETURN, _LEAVE, _DONE = range(7)
_KINDS = (
    *(Kind.CALL, Kind.TEST, Kind.PLACE, Kind.SOLUTION),
    *(Kind.BACKTRACK, Kind.RETURN, Kind.DONE),
)


@dataclass(frozen=True, slots=True)
class BitFrame:
    """One active ``solve(row, cols, ld, rd)`` and its loop variable ``j`` (-1 before the loop)."""

    row: int
    cols: int
    ld: int
    rd: int
    j: int

    def avail(self, n: int) -> int:
        """The columns no queen attacks in this row: ``~(cols | ld | rd) & ALL``."""
        return ~(self.cols | self.ld | self.rd) & ((1 << n) - 1)


@dataclass(frozen=True, slots=True)
class Call:
    kind: ClassVar[str] = "call"


@dataclass(frozen=True, slots=True)
class TryBit:
    """``avail >> j & 1`` in row ``row``: ``taken`` names the words whose bit j is set."""

    row: int
    col: int
    taken: tuple[str, ...]
    kind: ClassVar[str] = "try"

    @property
    def free(self) -> bool:
        return not self.taken


@dataclass(frozen=True, slots=True)
class Place:
    """``q[row] = col`` and ``solve(row + 1, ...)`` is called."""

    row: int
    col: int
    kind: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Found:
    q: tuple[int, ...]
    number: int
    kind: ClassVar[str] = "found"


@dataclass(frozen=True, slots=True)
class Return:
    """Every column of row ``row`` has been tried: its call returns."""

    row: int
    kind: ClassVar[str] = "return"


@dataclass(frozen=True, slots=True)
class Leave:
    """The call of row n, which counted a solution, returns."""

    row: int
    kind: ClassVar[str] = "leave"


BitEvent = Call | TryBit | Place | Found | Return | Leave | Done


@dataclass(frozen=True, slots=True, kw_only=True)
class BitSnapshot(SnapshotBase):
    """The bit-set search between two ticks (``placed``: (column, row) of its queens)."""

    method: ClassVar[str] = "bitset"
    last_event: BitEvent | None
    q: tuple[int, ...]
    frames: tuple[BitFrame, ...]
    placed: tuple[tuple[int, int], ...]
    solutions: tuple[tuple[int, ...], ...]

    @property
    def top(self) -> BitFrame | None:
        return self.frames[-1] if self.frames else None


class BitsetEngine(Engine[BitEvent]):
    """``solve(0, 0, 0, 0)`` one tick at a time, reversible (``examined``: the bits tested)."""

    method: ClassVar[str] = "bitset"
    kinds = _KINDS
    undo_arrays = ("_q_before",)

    def _setup(self) -> None:
        self._q = [-1] * self.n
        self._frames: list[list[int]] = []  # [cols, ld, rd, j] per active call
        self._q_before = array("i")  # q[row] before each Place

    # -- reading the state ---------------------------------------------------------------------

    def _frame(self, row: int) -> BitFrame:
        cols, ld, rd, j = self._frames[row]
        return BitFrame(row, cols, ld, rd, j)

    def _taken(self, row: int, col: int) -> tuple[str, ...]:
        cols, ld, rd, _j = self._frames[row]
        return tuple(
            name for name, word in (("cols", cols), ("rd", rd), ("ld", ld)) if word >> col & 1
        )

    def _event(self, code: int) -> BitEvent:
        depth = len(self._frames)
        if code == _CALL:
            return Call()
        if code == _FOUND:
            return Found(self._solutions[-1], len(self._solutions))
        if code == _RETURN:
            return Return(depth)
        if code == _LEAVE:
            return Leave(depth)
        if code == _PLACE:
            return Place(depth - 2, self._q[depth - 2])
        row = depth - 1
        col = self._frames[row][3]
        return TryBit(row, col, self._taken(row, col))

    def snapshot(self) -> BitSnapshot:
        depth = len(self._frames)
        return BitSnapshot(
            **self._common(),
            q=tuple(self._q),
            frames=tuple(self._frame(row) for row in range(depth)),
            placed=tuple((self._q[row], row) for row in range(depth - 1)),
        )

    # -- a tick --------------------------------------------------------------------------------

    def _child(self, row: int) -> list[int]:
        """The call row ``row``'s current j makes: the words with its bit added, shifted."""
        cols, ld, rd, j = self._frames[row]
        bit = 1 << j
        return [cols | bit, (ld | bit) << 1, (rd | bit) >> 1, -1]

    def _next_column(self) -> int:
        frames = self._frames
        top = frames[-1]
        top[3] += 1
        if top[3] < self.n:
            self._examined += 1
            return _TRY
        frames.pop()
        return _RETURN if frames else _DONE

    def _advance(self) -> int:
        frames = self._frames
        if not self._tick:
            frames.append([0, 0, 0, -1])
            return _CALL
        last = self._last()
        if last in (_CALL, _PLACE):
            if len(frames) > self.n:  # i == n
                self._solutions.append(tuple(self._q))
                return _FOUND
            return self._next_column()
        if last == _TRY:
            row = len(frames) - 1
            if self._taken(row, frames[row][3]):
                return self._next_column()
            self._q_before.append(self._q[row])
            self._q[row] = frames[row][3]
            frames.append(self._child(row))
            return _PLACE
        if last == _FOUND:
            if self.mode is Mode.FIRST:
                return -1
            frames.pop()
            return _LEAVE
        if last == _DONE:
            return -1
        return self._next_column()  # back from a call: the loop goes on

    def _undo(self, code: int) -> None:
        frames = self._frames
        if code == _CALL:
            frames.pop()
        elif code == _TRY:
            frames[-1][3] -= 1
            self._examined -= 1
        elif code == _PLACE:
            frames.pop()
            self._q[len(frames) - 1] = self._q_before.pop()
        elif code == _FOUND:
            self._solutions.pop()
        elif code == _LEAVE:
            frames.append(self._child(len(frames) - 1))
        else:  # a return, or the end: the popped call comes back, its loop over
            frame = self._child(len(frames) - 1) if frames else [0, 0, 0, -1]
            frame[3] = self.n - 1
            frames.append(frame)
