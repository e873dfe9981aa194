"""The Turin notes' recursive backtracker, row by row with O(1) checks, as a steppable engine."""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from solver.stepping import Call, Engine, Found, Kind, Mode, Return, RunResult, SnapshotBase, Stop

if TYPE_CHECKING:  # its own ticks' classes load with the first tick, not at the tutor's start
    from solver.methods.recursive.events import Blocker, Frame, RecursiveEvent

# The kinds of tick as plain ints for the hot loop; a TryColumn is a TEST, free or not.
_ENTER = int(Kind.CALL)
_TRY = int(Kind.TEST)
_PLACE = int(Kind.PLACE)
_SOLUTION = int(Kind.SOLUTION)
_REMOVE = int(Kind.BACKTRACK)
_RETURN = int(Kind.RETURN)
_DONE = int(Kind.DONE)


@dataclass(frozen=True, slots=True, kw_only=True)
class RecSnapshot(SnapshotBase):
    """The engine between two ticks, as one immutable value (``solutions_found``:
    ``numSolutions``)."""

    method: ClassVar[str] = "recursive"
    q: tuple[int, ...]
    frames: tuple[Frame, ...]
    placed: tuple[tuple[int, int], ...]
    c: tuple[bool, ...]
    a: tuple[bool, ...]
    b: tuple[bool, ...]
    last_event: RecursiveEvent | None
    solutions: tuple[tuple[int, ...], ...]

    @property
    def depth(self) -> int:
        return len(self.frames)


class RecursiveEngine(Engine["RecursiveEvent"]):
    """``placeQueens(0)`` of the Turin notes, one tick at a time, reversible (``examined``: the
    squares tested, the TryColumn ticks)."""

    method: ClassVar[str] = "recursive"
    undo_arrays = ("_q_before",)

    def _setup(self) -> None:
        """Before ``queens()``: every array true, no call made."""
        n = self.n
        self._q = [-1] * n
        # The row of the queen holding each column / diagonal, -1 when free (c[j] is true).
        self._col_owner = [-1] * n
        self._sum_owner = [-1] * (2 * n - 1)
        self._diff_owner = [-1] * (2 * n - 1)
        self._stack: list[int] = []  # the loop variable j of each active call
        self._q_before = array("i")

    @property
    def q(self) -> tuple[int, ...]:
        """The Turin notes' ``q[]``: the column of the queen of each row (stale after a removal)."""
        return tuple(self._q)

    @property
    def c(self) -> tuple[bool, ...]:
        """``c[j]``: column j is free."""
        return tuple(o < 0 for o in self._col_owner)

    @property
    def a(self) -> tuple[bool, ...]:
        """``a[i+j]``: the rising diagonal of index i+j is free."""
        return tuple(o < 0 for o in self._sum_owner)

    @property
    def b(self) -> tuple[bool, ...]:
        """``b[i-j+n-1]``: the falling diagonal of index i-j+n-1 is free."""
        return tuple(o < 0 for o in self._diff_owner)

    @property
    def frames(self) -> tuple[Frame, ...]:
        """The call stack, bottom first: frame d is ``placeQueens(d)`` with its j."""
        if not self._stack:
            return ()  # before the first call (the tutor's first frame)
        from solver.methods.recursive.events import Frame

        return tuple(Frame(row, j) for row, j in enumerate(self._stack))

    @property
    def depth(self) -> int:
        return len(self._stack)

    def placed(self) -> tuple[tuple[int, int], ...]:
        """(row, column) of every queen on the board now."""
        return tuple((i, j) for i, j in enumerate(self._q) if j >= 0 and self._col_owner[j] == i)

    def blockers(self, row: int, col: int) -> tuple[Blocker, ...]:
        """Which of c[col], a[row+col], b[row-col+n-1] are false, and by whose queen."""
        from solver.methods.recursive.events import Blocker, Line

        found = []
        for line, owners, index in (
            (Line.C, self._col_owner, col),
            (Line.A, self._sum_owner, row + col),
            (Line.B, self._diff_owner, row - col + self.n - 1),
        ):
            if owners[index] >= 0:
                found.append(Blocker(line, index, owners[index]))
        return tuple(found)

    def _event(self, code: int) -> RecursiveEvent:
        """The event of the last tick, rebuilt from the state."""
        from solver.methods.recursive.events import PlaceQueen, RemoveQueen, TryColumn

        depth = len(self._stack)
        if code == _RETURN:
            return Return(depth)
        if code == _SOLUTION:
            return Found(self._solutions[-1], len(self._solutions))
        row = depth - 1
        j = self._stack[-1]
        if code == _ENTER:
            return Call(row)
        if code == _TRY:
            return TryColumn(row, j, self.blockers(row, j))
        return PlaceQueen(row, j) if code == _PLACE else RemoveQueen(row, j)

    def snapshot(self) -> RecSnapshot:
        return RecSnapshot(
            **self._common(),
            q=self.q,
            frames=self.frames,
            placed=self.placed(),
            c=self.c,
            a=self.a,
            b=self.b,
        )

    def run(self, stop: Stop = Stop.END, max_ticks: int | None = None) -> RunResult:
        """Play ticks until one matches ``stop``, the end, or ``max_ticks`` (the hot loop: the state
        in locals, each tick's code pushed here)."""
        stops = stop.value
        limit = -1 if max_ticks is None else max_ticks
        if limit == 0 or self.finished:
            return RunResult(0, False)
        n = self.n
        last_row = n - 1
        shift = n - 1
        q = self._q
        cols, sums, diffs = self._col_owner, self._sum_owner, self._diff_owner
        stack = self._stack
        history = self.move_stack
        push = history.append
        all_mode = self.mode is Mode.ALL
        played = 0
        tries = 0
        reached = False
        kind = history[-1] if history else -1
        while played != limit:
            if kind == -1:
                stack.append(-1)
                kind = _ENTER
            elif kind in (_ENTER, _REMOVE, _TRY):
                i = len(stack) - 1
                j = stack[-1]
                if kind == _TRY and cols[j] < 0 and sums[i + j] < 0 and diffs[i - j + shift] < 0:
                    self._q_before.append(q[i])
                    q[i] = j
                    cols[j] = sums[i + j] = diffs[i - j + shift] = i
                    kind = _PLACE
                elif j < last_row:
                    stack[-1] = j + 1
                    kind = _TRY
                    tries += 1
                else:
                    stack.pop()
                    kind = _RETURN
            elif kind == _PLACE:
                if len(stack) == n:
                    self._solutions.append(tuple(q))
                    kind = _SOLUTION
                else:
                    stack.append(-1)
                    kind = _ENTER
            elif kind in (_SOLUTION, _RETURN):
                if kind == _SOLUTION and not all_mode:
                    break
                if not stack:
                    kind = _DONE
                else:
                    i = len(stack) - 1
                    j = stack[-1]
                    cols[j] = sums[i + j] = diffs[i - j + shift] = -1
                    kind = _REMOVE
            else:  # done
                break
            push(kind)
            played += 1
            if kind in stops:
                reached = True
                break
        self._examined += tries
        self._tick += played
        return RunResult(played, reached)

    def _undo(self, code: int) -> None:
        """Undo the last tick exactly, in O(1)."""
        stack = self._stack
        if code == _TRY:  # the most frequent tick first
            stack[-1] -= 1
            self._examined -= 1
        elif code == _ENTER:
            stack.pop()
        elif code in (_PLACE, _REMOVE):
            i = len(stack) - 1
            j = stack[-1]
            owner = -1 if code == _PLACE else i
            self._col_owner[j] = self._sum_owner[i + j] = owner
            self._diff_owner[i - j + self.n - 1] = owner
            if code == _PLACE:
                self._q[i] = self._q_before.pop()
        elif code == _SOLUTION:
            self._solutions.pop()
        elif code == _RETURN:
            stack.append(self.n - 1)
