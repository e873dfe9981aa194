"""What the next tick or the next iteration of a method will do, found by playing it and taking
it back: so guess mode (solver/views/guess.py) grades the learner against the engine itself,
never against a second copy of the rules.

:func:`next_test` plays one tick; when that tick tests a square (the Wrocław lecture's
``isfree``, the Turin notes' ``c[j] && a[i+j] && b[i-j+n-1]``, one comparison of the edutecnica
page's ``sicura``, the Salerno recipe's ``isAdm``, a maze step's ``isAdm``) it says which square,
whether it is free and which queens attack it by which rule. :func:`next_iteration` plays up to
the next placement or backtrack (the ``enter`` key's :data:`Stop.ITERATION`) and reports where the
queen landed and every square tested on the way. Both leave the engine exactly where it was
(every engine's ``back`` is exact).

Squares are (x, y) as the tutor draws them: x the board's column, y the row as the notes number
it (row 0 at the bottom for the Wrocław lecture and the edutecnica page, at the top for the
Turin notes, the Salerno notes and the maze).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from solver.events import Backtrack, Rule, Try
from solver.stepping import Kind, SearchSnapshot, SteppableSearch, Stop, back_to

if TYPE_CHECKING:
    from solver.mazes import MazeEngine, MazeSnapshot
    from solver.recipe_engine import QueensRecipeSnapshot, TryMove
    from solver.recursive import RecSnapshot
    from solver.scan_engine import ScanSnapshot

# The other methods' engines are imported by the functions that read their events, when guess
# mode first asks: the tutor's start-up imports only the engine of the method it opens with.

Square = tuple[int, int]
"""(x, y): the board's column, and the row as the method's notes number it."""


class Along(StrEnum):
    """The rule by which a queen attacks a square, named by what stays equal along the line."""

    LINE = "line"
    """The same row (notes that go column by column) or the same column (row by row)."""
    SUM = "sum"
    """The same x + y: the Turin notes' i+j, the Wrocław lecture's ``b[i]+i == y+x``."""
    DIFF = "diff"
    """The same y - x: the Turin notes' i-j, the Wrocław lecture's ``b[i]-i == y-x``."""


_ALONG = {Rule.ROW: Along.LINE, Rule.SUM: Along.SUM, Rule.DIFF: Along.DIFF}
_LINE = {"c": Along.LINE, "a": Along.SUM, "b": Along.DIFF}
"""The Turin notes' arrays (``Line`` values) and the rule each one records."""


@dataclass(frozen=True, slots=True)
class Threat:
    """A queen on ``square`` that attacks the square tested, by ``along``."""

    square: Square
    along: Along


@dataclass(frozen=True, slots=True)
class Test:
    """One tick that tests a square, as the engine played it."""

    square: Square
    free: bool
    """The engine's verdict: the square is free (the maze: the step is admissible)."""
    threats: tuple[Threat, ...] = ()
    """The queens that attack the square, in the order the method checks them."""
    against: Square | None = None
    """The one queen this tick compares with (the edutecnica page's sicura), else None."""
    move: str | None = None
    """The maze: the move tried (up, right, down, left)."""
    reason: str | None = None
    """The maze: why a step is not admissible (``wall``, ``outside``, ``visited``)."""
    reads: tuple[tuple[str, int], ...] = ()
    """The state-table cells (array name, index) whose values give the verdict away."""

    @property
    def attacked(self) -> bool:
        """The answer to "does it attack?" for a comparison, "is it taken?" otherwise."""
        return not self.free


@dataclass(frozen=True, slots=True)
class Iteration:
    """Ticks up to the next placement or backtrack, as the engine played them."""

    subject: int
    """The column (row-wise notes: the row) whose queen is being decided."""
    placed: bool
    """True: a queen was placed (the maze: a step taken); False: a backtrack."""
    answer: int | str | None
    """Where the queen landed, in the notes' own number (the maze: the move); None after a
    backtrack."""
    square: Square | None
    """The square the queen landed on; None after a backtrack."""
    tests: tuple[Test, ...]
    """Every square tested on the way, in order."""
    origin: Square | None = None
    """The maze: the square the path stands on."""

    def test_of(self, square: Square) -> Test | None:
        """The test of ``square`` in this iteration (the last one), or None."""
        found = None
        for test in self.tests:
            if test.square == square:
                found = test
        return found


def test_of(snapshot: SearchSnapshot) -> Test | None:
    """The square tested by the last tick of ``snapshot``, or None when it tested none."""
    from solver.mazes import MazeSnapshot
    from solver.recipe_engine import QueensRecipeSnapshot, TryMove
    from solver.recursive import RecSnapshot
    from solver.scan_engine import ScanSnapshot

    if isinstance(snapshot, RecSnapshot):
        return _recursive_test(snapshot)
    if isinstance(snapshot, ScanSnapshot):
        return _scan_test(snapshot)
    if isinstance(snapshot, QueensRecipeSnapshot):
        return _general_test(snapshot)
    event = getattr(snapshot, "last_event", None)
    if isinstance(event, Try):
        threats = tuple(Threat((a.col, a.row), _ALONG[a.rule]) for a in event.attackers)
        return Test((event.col, event.row), event.placed, threats)
    if isinstance(event, TryMove) and isinstance(snapshot, MazeSnapshot):
        return _maze_test(snapshot, event)
    return None


def _recursive_test(snapshot: RecSnapshot) -> Test | None:
    from solver.recursive_events import TryColumn

    event = snapshot.last_event
    if not isinstance(event, TryColumn):
        return None
    i, j, n = event.row, event.col, snapshot.n
    threats = tuple(Threat((snapshot.q[b.row], b.row), _LINE[str(b.line)]) for b in event.blocked)
    reads = (("c", j), ("a", i + j), ("b", i - j + n - 1))
    return Test((j, i), event.free, threats, reads=reads)


def _scan_test(snapshot: ScanSnapshot) -> Test | None:
    from solver.scan_engine import Compare

    event = snapshot.last_event
    if not isinstance(event, Compare):
        return None
    against = (event.i, event.xriga)
    threats = () if event.rule is None else (Threat(against, _ALONG[event.rule]),)
    return Test((event.k, event.row), event.rule is None, threats, against=against)


def _general_test(snapshot: QueensRecipeSnapshot) -> Test | None:
    from solver.recipe_engine import TryMove
    from solver.recipe_queens import samecolumn, sameMajorD, sameMinorD

    event = snapshot.last_event
    if not isinstance(event, TryMove):
        return None
    R, m = event.stato.R, event.move
    threats = []
    for r in range(R):  # checkQueen's order: row by row, each of the notes' three tests
        c = event.stato.regine[r]
        assert c is not None
        for test, along in ((samecolumn, Along.LINE), (sameMajorD, Along.DIFF)):
            if test(R, m, r, c):
                threats.append(Threat((c, r), along))
        if sameMinorD(R, m, r, c):
            threats.append(Threat((c, r), Along.SUM))
    return Test((m, R), event.admissible, tuple(threats))


def _maze_test(snapshot: MazeSnapshot, event: TryMove[tuple[Square, ...], str]) -> Test:
    from solver.maze import STEPS

    maze = snapshot.maze
    (r, c), (dr, dc) = event.stato[-1], STEPS[event.move]
    target = (r + dr, c + dc)
    reason = None
    if not event.admissible:
        if not (0 <= target[0] < len(maze.rows) and 0 <= target[1] < len(maze.rows[0])):
            reason = "outside"
        elif target in event.stato:
            reason = "visited"
        else:
            reason = "wall"
    return Test((target[1], target[0]), event.admissible, move=event.move, reason=reason)


def next_test(engine: SteppableSearch) -> Test | None:
    """The square the next tick tests (None when the next tick tests none, or there is none).

    The engine is left as it was.
    """
    tick = engine.tick
    if engine.run(Stop.TICK, max_ticks=1).ticks == 0:
        return None
    try:
        return test_of(engine.snapshot())
    finally:
        back_to(engine, tick)


def next_iteration(engine: SteppableSearch) -> Iteration | None:
    """What the next iteration does; None when it ends in no placement or backtrack that a
    learner can be asked about (a solution, the end, a queen lifted after a solution).

    The engine is left as it was.
    """
    from solver.recursive_events import ReturnFromRow

    tick = engine.tick
    tests: list[Test] = []
    returned: int | None = None
    try:
        while engine.run(Stop.TICK, max_ticks=1).ticks:
            snapshot = engine.snapshot()
            test = test_of(snapshot)
            if test is not None:
                tests.append(test)
            event = getattr(snapshot, "last_event", None)
            if isinstance(event, ReturnFromRow):
                returned = event.row
            if snapshot.last_kind in Stop.ITERATION.value:
                return _landing(snapshot, tuple(tests), returned, engine)
        return None
    finally:
        back_to(engine, tick)


def _landing(
    snapshot: SearchSnapshot, tests: tuple[Test, ...], returned: int | None, engine: object
) -> Iteration | None:
    from solver.mazes import MazeEngine
    from solver.recipe_engine import NewState, Return
    from solver.recursive_events import PlaceQueen, RemoveQueen
    from solver.scan_engine import PlaceRow, ReturnTenta

    event = getattr(snapshot, "last_event", None)
    kind = snapshot.last_kind
    if kind not in (Kind.PLACE, Kind.BACKTRACK):
        return None
    if isinstance(event, Try):  # the Wrocław lecture: b[k] found free
        return Iteration(event.col, True, event.row, (event.col, event.row), tests)
    if isinstance(event, Backtrack):
        return Iteration(event.col, False, None, None, tests)
    if isinstance(event, PlaceQueen):
        return Iteration(event.row, True, event.col, (event.col, event.row), tests)
    if isinstance(event, RemoveQueen):
        return None if returned is None else Iteration(returned, False, None, None, tests)
    if isinstance(event, PlaceRow):
        return Iteration(event.k, True, event.row, (event.k, event.row), tests)
    if isinstance(event, ReturnTenta):
        return Iteration(event.k, False, None, None, tests)
    if isinstance(engine, MazeEngine):
        return _maze_landing(event, tests, engine)
    if isinstance(event, NewState):
        R, m = event.stato.R, event.move
        return Iteration(R, True, m, (m, R), tests)
    if isinstance(event, Return) and snapshot.n > event.stato.R:
        return Iteration(event.stato.R, False, None, None, tests)
    return None


def _maze_landing(event: object, tests: tuple[Test, ...], engine: MazeEngine) -> Iteration | None:
    from solver.recipe_engine import NewState, Return

    if isinstance(event, NewState):
        (r, c), (nr, nc) = event.stato[-1], event.new[-1]
        return Iteration(len(event.stato) - 1, True, event.move, (nc, nr), tests, (c, r))
    if isinstance(event, Return) and event.stato[-1] != engine.maze.end:
        r, c = event.stato[-1]
        return Iteration(len(event.stato) - 1, False, None, None, tests, (c, r))
    return None
