"""What every steppable method of the notes has in common: one :class:`Mode`, one :class:`Stop`,
the kinds of tick, and the :class:`SteppableSearch` protocol the tutor and the lessons drive.

Each engine is a python-chess-like model: read its state at any time (:meth:`snapshot` gives an
immutable value, so a render never sees half a tick), play ticks with :meth:`step` and
:meth:`run`, take them back exactly with :meth:`back`.

A *tick* is the smallest step a method's notes describe (one ``b[k]++`` with its ``isfree``, one
``j`` of ``placeQueens``'s loop, one comparison of ``sicura``, one ``isAdm`` of the recipe). Each
tick has a :class:`Kind`; a :class:`Stop` is the set of kinds a run stops after.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum, StrEnum
from typing import Protocol, runtime_checkable


class Mode(StrEnum):
    """Stop at the first solution, or go on until every solution has been found."""

    FIRST = "first"
    ALL = "all"


class Kind(IntEnum):
    """What one tick did. The values are small ints, so a hot loop can test ``kind in stop``."""

    TEST = 0
    """A candidate examined and found attacked (or one comparison of an O(k) test)."""
    PLACE = 1
    """A queen placed (the recipe: a move applied): the search goes one level deeper."""
    BACKTRACK = 2
    """A queen lifted (the recipe: a state left): the search goes one level up."""
    SOLUTION = 3
    """Every queen placed (the maze: the exit reached)."""
    DONE = 4
    """The search is over: every candidate has been examined."""
    CALL = 5
    """A recursive call entered: a new frame on the call stack."""
    RETURN = 6
    """A recursive call returned: its frame is popped."""
    FREE = 7
    """A candidate examined and found free (an engine that places it on a tick of its own)."""


class Stop(Enum):
    """Where a run stops: after the first tick whose :class:`Kind` is in the set."""

    TICK = frozenset(Kind)
    """After one tick."""
    ITERATION = frozenset({Kind.PLACE, Kind.BACKTRACK, Kind.SOLUTION, Kind.DONE})
    """The next queen placed or lifted: one pass of the lecture's while loop."""
    CALL = frozenset({Kind.CALL, Kind.RETURN, Kind.SOLUTION, Kind.DONE})
    """The next call or return (the call stack grows or shrinks); engines without calls stop
    at the next solution."""
    BACKTRACK = frozenset({Kind.BACKTRACK, Kind.SOLUTION, Kind.DONE})
    """The next backtrack (or the end of the search)."""
    SOLUTION = frozenset({Kind.SOLUTION, Kind.DONE})
    """The next solution (or the end of the search)."""
    END = frozenset({Kind.DONE})
    """The end: the first solution in first mode, ``done`` in all mode."""


@dataclass(frozen=True, slots=True)
class RunResult:
    """What a bounded run did: ticks played and whether it reached its stop."""

    ticks: int
    reached: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SnapshotBase:
    """The fields every engine's snapshot has, written once; each engine's snapshot adds its own
    state (and its ``method``, ``n`` and ``solutions_found``) in a subclass."""

    tick: int
    """Ticks played so far."""
    mode: Mode
    last_kind: Kind | None
    """The kind of the last tick; None before the first."""
    finished: bool
    examined: int
    """Candidates examined so far, in the method's own unit."""


@runtime_checkable
class SearchSnapshot(Protocol):
    """The fields every engine's snapshot has (each engine adds its own state)."""

    @property
    def method(self) -> str:
        """The registry name of the method (``iterative``, ``recursive``, ...)."""
        ...

    @property
    def n(self) -> int:
        """The board's size (the maze: its number of rows)."""
        ...

    @property
    def tick(self) -> int: ...

    @property
    def mode(self) -> Mode: ...

    @property
    def last_kind(self) -> Kind | None:
        """The kind of the last tick; None before the first."""
        ...

    @property
    def solutions_found(self) -> int:
        """Solutions (the maze: paths) found so far."""
        ...

    @property
    def finished(self) -> bool: ...

    @property
    def examined(self) -> int:
        """Candidates examined so far, in the method's own unit."""
        ...


@runtime_checkable
class SteppableSearch(Protocol):
    """A method's search as a steppable, exactly reversible model."""

    @property
    def method(self) -> str: ...

    @property
    def n(self) -> int: ...

    mode: Mode

    @property
    def tick(self) -> int:
        """Ticks played so far."""
        ...

    @property
    def finished(self) -> bool:
        """True when no tick is left: done, or a solution in first mode."""
        ...

    @property
    def solutions_found(self) -> int: ...

    @property
    def examined(self) -> int:
        """Candidates examined so far, in the method's own unit (see the registry)."""
        ...

    @property
    def last_kind(self) -> Kind | None: ...

    def reset(self) -> None:
        """Back to before the first tick."""
        ...

    def run(self, stop: Stop = Stop.END, max_ticks: int | None = None) -> RunResult:
        """Play ticks until one matches ``stop``, the search is finished, or ``max_ticks``."""
        ...

    def back(self) -> bool:
        """Undo the last tick exactly. False when there is nothing to undo."""
        ...

    def snapshot(self) -> SearchSnapshot:
        """The whole state as one immutable value."""
        ...


def step(engine: SteppableSearch) -> bool:
    """Play one tick; False when the search is finished."""
    return engine.run(Stop.TICK, max_ticks=1).ticks == 1


def back_to(engine: SteppableSearch, tick: int) -> None:
    """Undo ticks until ``tick`` ticks remain."""
    while engine.tick > tick and engine.back():
        pass
