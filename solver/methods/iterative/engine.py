"""The Wrocław lecture's iterative backtracker, one tick at a time::

    b[0]=0; k=1;
    while (k<n && k>=0) {
        do b[k]++; while (b[k]<n && !isfree(k,b[k]));
        if (b[k]<n) k++; else { b[k]=-1; k--; }
    }

It keeps no history: the state says which tick came last (:meth:`IterativeEngine._last`). ``k ==
n``: a placement or the solution; ``k == -1``: a backtrack or the end; ``b[k] == -1``: the queen
of column k-1 placed; ``b[k]`` attacked: a failed try; ``b[k]`` free: a backtrack from column
k+1."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from solver.geometry import Rule
from solver.stepping import Engine, Found, Kind, Mode, RunResult, SnapshotBase, Stop

if TYPE_CHECKING:  # the ticks' classes load with the first tick (solver/events.py)
    from solver.events import Attacker, Event

# The kinds of tick as plain ints for the hot loop (a failed try is a TEST, a free one PLACEs).
_ATTACKED = int(Kind.TEST)
_PLACED = int(Kind.PLACE)
_BACKTRACK = int(Kind.BACKTRACK)
_SOLUTION = int(Kind.SOLUTION)
_DONE = int(Kind.DONE)

__all__ = ["IterativeEngine", "Mode", "RunResult", "Snapshot", "Stop"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Snapshot(SnapshotBase):
    """An immutable picture of the engine between two ticks, for a render to show whole."""

    method: ClassVar[str] = "iterative"
    k: int
    b: tuple[int, ...]
    last_event: Event | None
    solutions: tuple[tuple[int, ...], ...]

    def placed(self) -> tuple[tuple[int, int], ...]:
        """(column, row) of every queen placed for good: columns ``0..k-1``."""
        return tuple((c, self.b[c]) for c in range(min(self.k, self.n)))


class IterativeEngine(Engine["Event"]):  # named: the ticks load with the first one
    """The iterative backtracker of the Wrocław lecture as a steppable, reversible model: its state
    says which tick came last, so its move stack stays empty."""

    method: ClassVar[str] = "iterative"

    def _setup(self) -> None:
        """``init()``: every queen under the board, ``k = 0``."""
        n = self.n
        self._b = [-1] * n
        self._k = 0
        # Which column's queen (placed for good, columns < k) holds each line; -1 for none.
        self._row_owner = [-1] * n
        self._sum_owner = [-1] * (2 * n - 1)
        self._diff_owner = [-1] * (2 * n - 1)
        self._announced = False  # the solution at k == n, or done at k < 0, has had its tick
        self._backtracks = 0  # backtrack ticks so far, for :attr:`examined`

    @property
    def k(self) -> int:
        """The column being examined: ``n`` after a solution, -1 when the search is over."""
        return self._k

    @property
    def b(self) -> tuple[int, ...]:
        """A copy of the state table ``b[]``."""
        return tuple(self._b)

    @property
    def examined(self) -> int:
        """Squares tested (``b[k]++`` with ``isfree``) so far: the ticks less the backtracks and the
        announcements of a solution or of the end."""
        done = 1 if self._k < 0 and self._announced else 0
        return self._tick - self._backtracks - len(self._solutions) - done

    def _event(self, code: int) -> Event:
        """The event of the last tick, rebuilt from the state in O(1)."""
        from solver.events import Backtrack, Try  # loaded with the first tick

        k = self._k
        if code == _ATTACKED:
            row = self._b[k]
            return Try(k, row, self.attackers(k, row))
        if code == _PLACED:
            return Try(k - 1, self._b[k - 1], ())
        if code == _BACKTRACK:
            return Backtrack(k + 1)
        return Found(self._solutions[-1], len(self._solutions))

    def attackers(self, col: int, row: int) -> tuple[Attacker, ...]:
        """Every placed queen (columns < k) attacking (col, row), sorted by column. O(1)."""
        from solver.events import Attacker

        n = self.n
        found = []
        owner = self._row_owner[row]
        if owner >= 0:
            found.append(Attacker(owner, row, Rule.ROW))
        owner = self._sum_owner[row + col]
        if owner >= 0:
            found.append(Attacker(owner, self._b[owner], Rule.SUM))
        owner = self._diff_owner[row - col + n - 1]
        if owner >= 0:
            found.append(Attacker(owner, self._b[owner], Rule.DIFF))
        found.sort(key=lambda a: a.col)
        return tuple(found)

    def snapshot(self) -> Snapshot:
        """The whole state as one immutable value."""
        return Snapshot(**self._common(), k=self._k, b=tuple(self._b))

    def run(self, stop: Stop = Stop.END, max_ticks: int | None = None) -> RunResult:
        """Play ticks until one matches ``stop``, the search is finished, or ``max_ticks``."""
        stops = stop.value
        limit = -1 if max_ticks is None else max_ticks
        if limit == 0 or self.finished:
            return RunResult(0, False)
        # Which kinds end the run, looked up once (the loop tests plain booleans).
        stop_attacked = _ATTACKED in stops
        stop_placed = _PLACED in stops
        stop_backtrack = _BACKTRACK in stops
        stop_solution = _SOLUTION in stops
        n = self.n
        nm1 = n - 1
        b = self._b
        rows = self._row_owner
        sums = self._sum_owner
        diffs = self._diff_owner
        solutions = self._solutions
        all_mode = self.mode is Mode.ALL
        k = self._k
        announced = self._announced
        backtracks = self._backtracks
        played = 0
        reached = False
        while played != limit:
            if k == n:
                if announced:
                    if not all_mode:  # first mode: the solution just played ends the search
                        reached = True
                        break
                    # Go on searching from the last column: lift its queen off the lines.
                    announced = False
                    k = nm1
                    r = b[k]
                    rows[r] = sums[r + k] = diffs[r - k + nm1] = -1
                else:
                    solutions.append(tuple(b))
                    announced = True
                    played += 1
                    if stop_solution:
                        reached = True
                        break
                    continue
            elif k < 0:
                if announced:
                    break
                announced = True
                played += 1
                reached = True
                break
            r = b[k] + 1
            if r == n:
                b[k] = -1
                k -= 1
                backtracks += 1
                if k >= 0:
                    r = b[k]
                    rows[r] = sums[r + k] = diffs[r - k + nm1] = -1
                played += 1
                if stop_backtrack:
                    reached = True
                    break
            else:
                b[k] = r
                if rows[r] < 0 and sums[r + k] < 0 and diffs[r - k + nm1] < 0:
                    rows[r] = sums[r + k] = diffs[r - k + nm1] = k
                    k += 1
                    played += 1
                    if stop_placed:
                        reached = True
                        break
                else:
                    played += 1
                    if stop_attacked:
                        reached = True
                        break
        self._k = k
        self._announced = announced
        self._backtracks = backtracks
        self._tick += played
        return RunResult(played, reached)

    def _is_free(self, col: int, row: int) -> bool:
        """No queen of columns ``0..k-1`` attacks (col, row). O(1)."""
        return (
            self._row_owner[row] < 0
            and self._sum_owner[row + col] < 0
            and self._diff_owner[row - col + self.n - 1] < 0
        )

    def _last(self) -> int:
        """Which kind of tick came last, read from the state alone (see the module docstring)."""
        k = self._k
        if k == self.n:
            return _SOLUTION if self._announced else _PLACED
        if k < 0:
            return _DONE if self._announced else _BACKTRACK
        row = self._b[k]
        if row < 0:
            return _PLACED
        return _BACKTRACK if self._is_free(k, row) else _ATTACKED

    def _own(self, col: int, row: int, owner: int) -> None:
        self._row_owner[row] = self._sum_owner[row + col] = owner
        self._diff_owner[row - col + self.n - 1] = owner

    def _undo(self, code: int) -> None:
        """Undo the last tick exactly, in O(1)."""
        n = self.n
        b = self._b
        k = self._k
        if code in (_SOLUTION, _DONE):
            self._announced = False
            if code == _SOLUTION:
                self._solutions.pop()
            return
        if code == _ATTACKED:
            b[k] -= 1
        elif code == _PLACED:
            k -= 1
            self._own(k, b[k], -1)
            b[k] -= 1
        else:  # _BACKTRACK out of column k + 1
            self._backtracks -= 1
            if k >= 0:
                self._own(k, b[k], k)
            k += 1
            b[k] = n - 1
        # A free square of the last column, not placed: only a solution the search had just
        # left (all-solutions mode). The undone tick began by leaving it: restore it.
        if k == n - 1 and b[k] >= 0 and self._is_free(k, b[k]):
            self._own(k, b[k], k)
            k = n
            self._announced = True
        self._k = k
