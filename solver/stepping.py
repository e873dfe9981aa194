"""What every steppable method has in common: the modes, the kinds of tick, where a run stops, and
:class:`Engine`, the base every engine is written on."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum, IntEnum, StrEnum
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable


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
    """The next call or return (the call stack grows or shrinks); engines without calls stop at the
    next solution."""
    BACKTRACK = frozenset({Kind.BACKTRACK, Kind.SOLUTION, Kind.DONE})
    """The next backtrack (or the end of the search)."""
    SOLUTION = frozenset({Kind.SOLUTION, Kind.DONE})
    """The next solution (or the end of the search)."""
    END = frozenset({Kind.DONE})
    """The end: the first solution in first mode, ``done`` in all mode."""


@dataclass(frozen=True, slots=True)
class Done:
    """The last tick of every search: nothing is left to try; ``solutions`` were found in all."""

    solutions: int
    kind: ClassVar[str] = "done"


AtT = TypeVar("AtT")


@dataclass(frozen=True, slots=True)
class Call(Generic[AtT]):
    """A call entered, a new frame on the stack; ``at`` is what the call is about, in the method's
    own terms (a row, a column, a state)."""

    at: AtT
    kind: ClassVar[str] = "call"


@dataclass(frozen=True, slots=True)
class Found(Generic[AtT]):
    """A solution found, the ``number``-th (from 1): ``solution`` as the method writes it."""

    solution: AtT
    number: int
    kind: ClassVar[str] = "solution"


@dataclass(frozen=True, slots=True)
class Return(Generic[AtT]):
    """The call about ``at`` returns (its loop is over, or its solution written): its frame is
    popped."""

    at: AtT
    kind: ClassVar[str] = "return"


@dataclass(frozen=True, slots=True)
class Leave(Generic[AtT]):
    """The call about ``at`` leaves after a solution, its loop not over (Return: it is over)."""

    at: AtT
    kind: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True)
class RunResult:
    """What a bounded run did: ticks played and whether it reached its stop."""

    ticks: int
    reached: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SnapshotBase:
    """The fields every engine's snapshot has (:meth:`Engine._common` fills them); each engine's
    snapshot adds its own state in a subclass."""

    method: ClassVar[str]
    """The registry name of the method."""
    n: int
    """The board's size (the maze: its number of rows)."""
    tick: int
    """Ticks played so far."""
    mode: Mode
    last_kind: Kind | None
    """The kind of the last tick; None before the first."""
    finished: bool
    examined: int
    """Candidates examined so far, in the method's own unit."""
    solutions: tuple[Any, ...]
    """The solutions found so far, in the order found (the maze: the paths from S to E)."""
    last_event: object
    """The event of the last tick, in the engine's own words; None before the first."""

    @property
    def solutions_found(self) -> int:
        return len(self.solutions)


SearchSnapshot = SnapshotBase
"""What the tutor and the lessons read of any engine's snapshot."""


@runtime_checkable
class SteppableSearch(Protocol):
    """A method's search as a steppable, exactly reversible model (:class:`Engine` implements
    it)."""

    mode: Mode

    @property
    def method(self) -> str: ...
    @property
    def n(self) -> int: ...
    @property
    def tick(self) -> int: ...
    @property
    def finished(self) -> bool: ...
    @property
    def solutions_found(self) -> int: ...
    @property
    def examined(self) -> int: ...
    @property
    def last_kind(self) -> Kind | None: ...
    @property
    def history_bytes(self) -> int: ...
    def reset(self) -> None: ...
    def run(self, stop: Stop = Stop.END, max_ticks: int | None = None) -> RunResult: ...
    def back(self) -> bool: ...
    def snapshot(self) -> SearchSnapshot: ...


def step(engine: SteppableSearch) -> bool:
    """Play one tick; False when the search is finished."""
    return engine.run(Stop.TICK, max_ticks=1).ticks == 1


def back_to(engine: SteppableSearch, tick: int) -> None:
    """Undo ticks until ``tick`` ticks remain."""
    while engine.tick > tick and engine.back():
        pass


EventT = TypeVar("EventT")


class Engine(Generic[EventT]):
    """The base of every steppable engine: it owns the history, as python-chess's ``Board`` owns its
    move stack, and an engine says only what a tick does (:meth:`_advance`) and how it is undone
    (:meth:`_undo`)."""

    method: ClassVar[str]
    """The registry name of the method (``iterative``, ``recursive``, ...)."""
    kinds: ClassVar[tuple[Kind, ...]] = tuple(Kind)
    """The :class:`Kind` of each tick's code (by default a code is its kind's value)."""
    min_n: ClassVar[int] = 1
    """The smallest board the engine takes."""
    undo_arrays: ClassVar[tuple[str, ...]] = ()
    """The ``array.array`` attributes an engine keeps to undo its ticks, counted by
    :attr:`history_bytes`."""

    def __init__(self, n: int, mode: Mode = Mode.FIRST) -> None:
        if n < self.min_n:
            raise ValueError(f"n must be at least {self.min_n}, not {n}")
        self.n = n
        self.mode = mode
        self.reset()

    def reset(self) -> None:
        """Back to before the first tick."""
        self.move_stack = bytearray()
        """The code of every tick played, oldest first (empty for an engine that reads it from its
        state: it overrides :meth:`_last`)."""
        self._tick = 0
        self._solutions: list[Any] = []
        self._solutions_view: tuple[Any, ...] = ()
        self._examined = 0
        self._setup()

    def _setup(self) -> None:
        """The engine's own state before the first tick."""

    def _advance(self) -> int:
        """Play the next tick's change to the state; its code, or -1 when no tick is left."""
        raise NotImplementedError

    def _undo(self, code: int) -> None:
        """Undo exactly the change of the last tick, whose code ``code`` has just been popped."""
        raise NotImplementedError

    def _last(self) -> int:
        """The code of the last tick (there is one)."""
        return self.move_stack[-1]

    @property
    def tick(self) -> int:
        """Ticks played so far."""
        return self._tick

    @property
    def history_bytes(self) -> int:
        """Bytes kept to step back: the move stack and the engine's :attr:`undo_arrays`."""
        kept = len(self.move_stack)
        for name in self.undo_arrays:
            values = getattr(self, name)
            kept += values.itemsize * len(values)
        return kept

    @property
    def last_kind(self) -> Kind | None:
        """The kind of the last tick; None before the first."""
        return self.kinds[self._last()] if self._tick else None

    @property
    def finished(self) -> bool:
        """True when no tick is left: done, or a solution in first mode."""
        if not self._tick:
            return False
        kind = self.kinds[self._last()]
        return kind is Kind.DONE or (kind is Kind.SOLUTION and self.mode is Mode.FIRST)

    @property
    def examined(self) -> int:
        """Candidates examined so far, in the method's own unit."""
        return self._examined

    @property
    def solutions(self) -> tuple[Any, ...]:
        """The solutions found so far, in the order found."""
        if len(self._solutions_view) != len(self._solutions):
            self._solutions_view = tuple(self._solutions)
        return self._solutions_view

    @property
    def solutions_found(self) -> int:
        return len(self._solutions)

    def run(self, stop: Stop = Stop.END, max_ticks: int | None = None) -> RunResult:
        """Play ticks until one matches ``stop``, the search is finished, or ``max_ticks``."""
        limit = -1 if max_ticks is None else max_ticks
        if limit == 0 or self.finished:
            return RunResult(0, False)
        stops = stop.value
        kinds = self.kinds
        push = self.move_stack.append
        advance = self._advance
        played = 0
        while played != limit:
            code = advance()
            if code < 0:
                return RunResult(played, False)
            push(code)
            self._tick += 1
            played += 1
            if kinds[code] in stops:
                return RunResult(played, True)
        return RunResult(played, False)

    def back(self) -> bool:
        """Undo the last tick exactly. False when there is nothing to undo."""
        tick = self._tick
        if not tick:
            return False
        self._tick = tick - 1
        moves = self.move_stack
        self._undo(moves.pop() if moves else self._last())
        return True

    def back_to(self, tick: int) -> None:
        """Undo ticks until ``tick`` ticks remain."""
        while self._tick > tick and self.back():
            pass

    def step(self) -> EventT | Done | None:
        """Play one tick and return its event; None when the search is finished."""
        return None if self.run(Stop.TICK, max_ticks=1).ticks == 0 else self.last_event

    def events(self) -> Iterator[EventT | Done]:
        """Lazily play the remaining ticks, yielding each event."""
        while (event := self.step()) is not None:
            yield event

    @property
    def last_event(self) -> EventT | Done | None:
        """The event of the last tick: None before the first, :class:`Done` at the end, else the
        engine's own (:meth:`_event`)."""
        if not self._tick:
            return None
        code = self._last()
        return Done(len(self._solutions)) if self.kinds[code] is Kind.DONE else self._event(code)

    def _event(self, code: int) -> EventT:
        """The event of the last tick, whose code is ``code`` (not the end), rebuilt from the
        state."""
        raise NotImplementedError

    def snapshot(self) -> SnapshotBase:
        """The whole state as one immutable value."""
        raise NotImplementedError

    def _common(self) -> dict[str, Any]:
        """The fields every snapshot has, for an engine's :meth:`snapshot` to add its own to."""
        return {
            "n": self.n,
            "tick": self._tick,
            "mode": self.mode,
            "last_kind": self.last_kind,
            "finished": self.finished,
            "examined": self.examined,
            "solutions": self.solutions,
            "last_event": self.last_event,
        }
