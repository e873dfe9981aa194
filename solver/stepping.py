"""What every steppable method of the notes has in common: one :class:`Mode`, one :class:`Stop`,
the kinds of tick, the :class:`SteppableSearch` protocol the tutor and the lessons drive, and
:class:`Engine`, the base every engine is written on.

Each engine is a python-chess-like model: read its state at any time (:meth:`snapshot` gives an
immutable value, so a render never sees half a tick), play ticks with :meth:`step` and
:meth:`run`, take them back exactly with :meth:`back`. As python-chess's ``Board`` keeps one move
stack and one ``push``/``pop`` for every variant, :class:`Engine` keeps the history once (the
setup, the stack of ticks played, the tick counter, the solutions, undo, the fields every
snapshot has); an engine says only what a tick does (:meth:`Engine._advance`) and how it is
undone (:meth:`Engine._undo`).

A *tick* is the smallest step a method's notes describe (one ``b[k]++`` with its ``isfree``, one
``j`` of ``placeQueens``'s loop, one comparison of ``sicura``, one ``isAdm`` of the recipe). Each
tick has a :class:`Kind`; a :class:`Stop` is the set of kinds a run stops after.
"""

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
    """The next call or return (the call stack grows or shrinks); engines without calls stop
    at the next solution."""
    BACKTRACK = frozenset({Kind.BACKTRACK, Kind.SOLUTION, Kind.DONE})
    """The next backtrack (or the end of the search)."""
    SOLUTION = frozenset({Kind.SOLUTION, Kind.DONE})
    """The next solution (or the end of the search)."""
    END = frozenset({Kind.DONE})
    """The end: the first solution in first mode, ``done`` in all mode."""


@dataclass(frozen=True, slots=True)
class Done:
    """The last tick of every search, the same for every engine (:attr:`Engine.last_event`
    gives it): nothing is left to try (the Wrocław loop's ``k < 0``; ``placeQueens(0)``,
    ``tenta(0)`` or the first ``Solve`` has returned); ``solutions`` were found in all."""

    solutions: int
    kind: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class RunResult:
    """What a bounded run did: ticks played and whether it reached its stop."""

    ticks: int
    reached: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SnapshotBase:
    """The fields every engine's snapshot has, written once (:meth:`Engine._common` fills
    them); each engine's snapshot adds its own state, its ``method`` and its ``last_event`` in a
    subclass."""

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
    """The solutions found so far, in the order found (each as the method's notes write it;
    the maze: the paths from S to E)."""

    @property
    def solutions_found(self) -> int:
        return len(self.solutions)


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

    @property
    def solutions(self) -> tuple[Any, ...]:
        """The solutions (the maze: paths) found so far, in the order found."""
        ...

    @property
    def last_event(self) -> object:
        """The event of the last tick, in the engine's own words; None before the first."""
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

    @property
    def history_bytes(self) -> int:
        """Bytes kept to step back (the Wrocław loop: none)."""
        ...

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


EventT = TypeVar("EventT")


class Engine(Generic[EventT]):
    """The base of every steppable engine: it owns the history, as python-chess's ``Board``
    owns its move stack, and an engine says only what a tick does.

    * :meth:`reset` sets up the history (no tick, no solution, nothing examined) and calls the
      engine's :meth:`_setup` for its own state;
    * :meth:`run` plays ticks: each one is the engine's :meth:`_advance` (the tick's change to
      the state, and its code), pushed on :attr:`move_stack`, until a tick of the run's
      :class:`Stop`, the end of the search or ``max_ticks``;
    * :meth:`back` pops the last tick's code and gives it to the engine's :meth:`_undo`, which
      undoes exactly that change;
    * :attr:`tick`, :attr:`last_kind`, :attr:`finished`, :attr:`solutions` and
      :attr:`examined` are read here, :attr:`last_event` gives the events every search has (none
      before the first tick, :class:`Done` at the end) and asks the engine's :meth:`_event` for
      the others, and :meth:`_common` gives the fields every snapshot has.

    A tick's code is a small int, one byte on the stack; :attr:`kinds` says the :class:`Kind` of
    each (by default a code is its kind's value). An engine whose hot loop must keep its state
    in locals overrides :meth:`run` and pushes the codes itself; an engine whose state alone
    says which tick came last (the Wrocław loop) keeps no stack at all: it overrides
    :meth:`_last` to read the code from the state.

    **Redo is stepping forward.** python-chess pops a move and must be given it again to push
    it; here the next tick is a function of the state and the mode alone (the notes' code is
    deterministic, a random maze is drawn from its seed before the engine is made), so after
    :meth:`back` the next :meth:`run` plays again exactly the ticks undone, to the same
    snapshots and the same history. No redo stack is kept, and none is needed: the screens'
    forward key, a lesson's ``@step`` after ``@back``, the board session's return to its
    home and the search tree all redo so (the mode toggled in between changes only whether a
    solution ends the search). tests/unit/solver/test_stepping_engines.py proves it for every
    engine of the registry: back N then forward N gives, tick by tick, the snapshots and the
    history the first pass had.
    """

    method: ClassVar[str]
    """The registry name of the method (``iterative``, ``recursive``, ...)."""
    kinds: ClassVar[tuple[Kind, ...]] = tuple(Kind)
    """The :class:`Kind` of each code (an engine that tells two ticks of one kind apart gives
    its own table)."""
    min_n: ClassVar[int] = 1
    """The smallest board the engine takes."""
    undo_arrays: ClassVar[tuple[str, ...]] = ()
    """The names of the ``array.array`` attributes an engine keeps to undo its ticks beside the
    move stack (the Turin notes' engine: ``q[i]`` before each placement), counted by
    :attr:`history_bytes`."""

    def __init__(self, n: int, mode: Mode = Mode.FIRST) -> None:
        if n < self.min_n:
            raise ValueError(f"n must be at least {self.min_n}, not {n}")
        self.n = n
        self.mode = mode
        self.reset()

    # -- the history ---------------------------------------------------------------------------

    def reset(self) -> None:
        """Back to before the first tick."""
        self.move_stack = bytearray()
        """The code of every tick played, oldest first (empty for an engine that reads it from
        its state)."""
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
        """Undo exactly the change of the last tick, whose code ``code`` has just been popped
        (:attr:`tick` already counts it out; an engine without a stack reads its state as it
        was after that tick)."""
        raise NotImplementedError

    def _last(self) -> int:
        """The code of the last tick (there is one): the top of the move stack, or for an
        engine that keeps none, read from its state."""
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

    # -- forward and back ----------------------------------------------------------------------

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
        self._undo(moves.pop() if moves else self._last())  # (no stack: the state says which)
        return True

    def back_to(self, tick: int) -> None:
        """Undo ticks until ``tick`` ticks remain."""
        while self._tick > tick and self.back():
            pass

    def step(self) -> EventT | Done | None:
        """Play one tick and return its event; None when the search is finished."""
        if self.run(Stop.TICK, max_ticks=1).ticks == 0:
            return None
        return self.last_event

    def events(self) -> Iterator[EventT | Done]:
        """Lazily play the remaining ticks, yielding each event."""
        while (event := self.step()) is not None:
            yield event

    # -- reading the state ---------------------------------------------------------------------

    @property
    def last_event(self) -> EventT | Done | None:
        """The event of the last tick, rebuilt from the state: None before the first,
        :class:`Done` at the end, and the engine's own (:meth:`_event`) in between."""
        if not self._tick:
            return None
        code = self._last()
        if self.kinds[code] is Kind.DONE:
            return Done(len(self._solutions))
        return self._event(code)

    def _event(self, code: int) -> EventT:
        """The event of the last tick, whose code is ``code`` (not the end), rebuilt from the
        state in the engine's own words."""
        raise NotImplementedError

    def snapshot(self) -> SnapshotBase:
        """The whole state as one immutable value (each engine's own snapshot class)."""
        raise NotImplementedError

    def _common(self) -> dict[str, Any]:
        """The fields every snapshot has, with the last event: an engine's :meth:`snapshot`
        adds its own state to them."""
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
