"""A learner's own board: queens put down and taken up by hand, with undo, their attacking pairs,
and what a full solution is (its symmetry class, whether it was found before).

:class:`Placement` is a model in the python-chess style: mutable state (the set of queens, a
cursor is the screen's business) with a ``push``/``pop`` history, read at any time through
small immutable values. The attack logic is :func:`solver.checker.attacks_among`; the classes of
solutions come from :mod:`solver.symmetry`; nothing here draws.

Squares are (column, row), row 0 at the bottom, as in the Wrocław lecture.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations

from solver.checker import COLUMN, PairAttack, Square, attacks_among
from solver.counting.bitmask import count_solutions
from solver.messages import BadValue, Message, register
from solver.methods.iterative.engine import IterativeEngine
from solver.placement import MAX_N
from solver.stepping import Mode, Stop
from solver.symmetry import canonical, orbit

EXHAUST_MAX_N = 4
"""Up to this size the board keeps count of the placements tried (n! of them: 24 for n = 4)."""

register(
    {
        "place.pair.col": "the queens of rows {a_row} and {b_row} of column {a_col} attack: "
        "same column {a_col}",
    }
)


def explain_pair(pair: PairAttack) -> Message:
    """The pair and the equal quantity, in ``queens-tutor check``'s words (two queens of one
    column, which ``check`` cannot be given: the board's own)."""
    (a_col, a_row), (b_col, b_row) = pair.first, pair.second
    value = a_col + a_row if pair.rule == "sum" else a_row - a_col
    key = "place.pair.col" if pair.rule == "col" else f"check.{pair.rule}"
    return Message.of(key, a_col=a_col, a_row=a_row, b_col=b_col, b_row=b_row, value=value)


@cache
def solutions_of(n: int) -> tuple[tuple[int, ...], ...]:
    """Every solution of the n x n board, found by the Wrocław lecture's loop, in its order."""
    engine = IterativeEngine(n, Mode.ALL)
    engine.run(Stop.END)
    return engine.solutions


@cache
def solution_count(n: int) -> int:
    """How many solutions the n x n board has (counted by solver.counting.bitmask: 10 ms for n = 10;
    listing them all, for a solution's class, waits until one is placed)."""
    return count_solutions(n)


@cache
def fundamental_solutions(n: int) -> tuple[tuple[int, ...], ...]:
    """The canonical form of each symmetry class of solutions, sorted (12 for n = 8)."""
    return tuple(sorted({canonical(b) for b in solutions_of(n)}))


@dataclass(frozen=True, slots=True)
class SolutionClass:
    """Which class of solutions, under the 8 symmetries of the board, a solution belongs to."""

    b: tuple[int, ...]
    canonical: tuple[int, ...]
    """The smallest of its images: the name of the class."""
    number: int
    """Its place (from 1) among the fundamental solutions, sorted by canonical form."""
    fundamentals: int
    """How many classes (fundamental solutions) the board has."""
    size: int
    """How many distinct solutions the class holds (8, 4, 2 or 1)."""
    total: int
    """How many solutions the board has."""


def classify(b: tuple[int, ...]) -> SolutionClass:
    """The symmetry class of the solution ``b`` among every solution of its board."""
    n = len(b)
    if n > MAX_N:
        raise BadValue.of("placement.classify_size", max=MAX_N, n=n)
    first = canonical(b)
    classes = fundamental_solutions(n)
    return SolutionClass(
        b=b,
        canonical=first,
        number=classes.index(first) + 1,
        fundamentals=len(classes),
        size=len(orbit(b)),
        total=len(solutions_of(n)),
    )


@dataclass(frozen=True, slots=True)
class PlacementState:
    """One moment of a learner's board, as a value."""

    n: int
    queens: frozenset[Square]
    attacks: tuple[PairAttack, ...]

    @property
    def solution(self) -> tuple[int, ...] | None:
        """``b[]`` when n queens stand with no attacking pair; None otherwise."""
        if len(self.queens) != self.n or self.attacks:
            return None
        b = [-1] * self.n
        for col, row in self.queens:
            b[col] = row
        return tuple(b)

    @property
    def clashing(self) -> frozenset[Square]:
        """The queens in at least one attacking pair."""
        return frozenset(q for a in self.attacks for q in (a.first, a.second))


class Placement:
    """Queens on an n x n board, put down and taken up with :meth:`push`, undone with
    :meth:`pop`. Every change is one move; ``clear`` is one move too, so it can be undone."""

    def __init__(self, n: int) -> None:
        if not 1 <= n <= MAX_N:
            raise BadValue.of("placement.size", max=MAX_N, n=n)
        self.n = n
        self._queens: set[Square] = set()
        self._history: list[frozenset[Square]] = []
        """The queens before each move, newest last."""
        self._state: PlacementState | None = None
        """:meth:`state` until the next move (a cursor move asks for it again: on a full 10 x 10
        board that is 4,950 pairs to find each time)."""

    @property
    def queens(self) -> frozenset[Square]:
        return frozenset(self._queens)

    @property
    def moves(self) -> int:
        """How many moves :meth:`pop` can undo."""
        return len(self._history)

    def _check(self, square: Square) -> None:
        col, row = square
        if not (0 <= col < self.n and 0 <= row < self.n):
            raise BadValue.of("placement.square", col=col, row=row, n=self.n)

    def push(self, square: Square) -> bool:
        """Put a queen on ``square``, or take the one there away. True when it put one down."""
        self._check(square)
        self._history.append(frozenset(self._queens))
        self._state = None
        if square in self._queens:
            self._queens.remove(square)
            return False
        self._queens.add(square)
        return True

    def set_queens(self, queens: Iterable[Square]) -> None:
        """Replace every queen at once (one move: ``pop`` undoes it)."""
        new = set(queens)
        for square in new:
            self._check(square)
        self._history.append(frozenset(self._queens))
        self._queens = new
        self._state = None

    def clear(self) -> None:
        """Take every queen away (one move)."""
        self.set_queens(())

    def pop(self) -> bool:
        """Undo the last move; False when there is none."""
        if not self._history:
            return False
        self._queens = set(self._history.pop())
        self._state = None
        return True

    def state(self) -> PlacementState:
        """The board as a value: the same object until the next move."""
        if self._state is None:
            queens = self.queens
            self._state = PlacementState(self.n, queens, tuple(attacks_among(queens)))
        return self._state


class FoundSolutions:
    """The solutions a learner has put together, per board size (kept for the session)."""

    def __init__(self) -> None:
        self._found: dict[int, list[tuple[int, ...]]] = {}

    def seen(self, b: tuple[int, ...]) -> bool:
        return b in self._found.get(len(b), [])

    def record(self, b: tuple[int, ...]) -> bool:
        """Remember ``b``; True when it is new."""
        found = self._found.setdefault(len(b), [])
        if b in found:
            return False
        found.append(b)
        return True

    def of(self, n: int) -> tuple[tuple[int, ...], ...]:
        """The solutions of the n x n board found so far, in the order found."""
        return tuple(self._found.get(n, []))

    def in_class(self, cls: SolutionClass) -> int:
        """How many solutions of ``cls``'s class have been found."""
        return sum(1 for b in self.of(len(cls.b)) if canonical(b) == cls.canonical)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A placement with one queen in each row and column (the only kind that can work), and
    what the learner knows of it."""

    b: tuple[int, ...]
    tried: bool
    """It stood whole on the board."""
    refuted_by: PairAttack | None
    """A pair of its queens seen attacking on the board (then it cannot work); None if none."""
    works: bool
    """It is a solution."""

    @property
    def settled(self) -> bool:
        """The learner has seen whether it works: tried whole, or ruled out by a pair seen."""
        return self.tried or self.refuted_by is not None


class Exhaustion:
    """Which of the n! placements with one queen per row and per column (n <= EXHAUST_MAX_N) the
    learner has tried, or ruled out by seeing two of its queens attack each other."""

    def __init__(self, n: int) -> None:
        if not 1 <= n <= EXHAUST_MAX_N:
            raise BadValue.of("placement.size", max=EXHAUST_MAX_N, n=n)
        self.n = n
        self.all = tuple(permutations(range(n)))
        self._tried: set[tuple[int, ...]] = set()
        self._seen: dict[frozenset[Square], PairAttack] = {}

    def observe(self, state: PlacementState) -> None:
        """Note what the board shows now: a whole placement, attacking pairs."""
        for pair in state.attacks:
            if pair.rule != COLUMN and pair.rule != "row":
                self._seen.setdefault(frozenset((pair.first, pair.second)), pair)
        rows = {row for _, row in state.queens}
        cols = {col for col, _ in state.queens}
        if len(state.queens) == self.n and len(rows) == len(cols) == self.n:
            b = [0] * self.n
            for col, row in state.queens:
                b[col] = row
            self._tried.add(tuple(b))

    def forget(self) -> None:
        self._tried.clear()
        self._seen.clear()

    def candidates(self) -> tuple[Candidate, ...]:
        seen = self._seen
        found: list[Candidate] = []
        for b in self.all:
            squares = list(enumerate(b))
            refuted = next(
                (
                    seen[key]
                    for first, second in combinations(squares, 2)
                    if (key := frozenset((first, second))) in seen
                ),
                None,
            )
            found.append(Candidate(b, b in self._tried, refuted, not attacks_among(squares)))
        return tuple(found)

    def exhausted(self) -> bool:
        """Every candidate settled, and none works: the board has no solution."""
        found = self.candidates()
        return all(c.settled for c in found) and not any(c.works for c in found)


register(
    {
        "placement.classify_size": "boards up to {max} x {max} are classified, not {n} x {n}",
        "placement.size": "n must be from 1 to {max}, not {n}",
        "placement.square": "({col}, {row}) is not a square of the {n} x {n} board",
    }
)
