"""The general backtracking recipe of the Salerno notes ("I 4+1 ingredienti per un Backtrack
perfetto")."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from typing import Generic, TypeVar

S = TypeVar("S")
M = TypeVar("M")


class BackTrack(ABC, Generic[S, M]):
    """Depth-first backtracking over states ``S`` and moves ``M`` (the Salerno notes' class
    BackTrack)."""

    def __init__(self) -> None:
        kind = type(self)
        if kind.newState is BackTrack.newState and kind.newStato is BackTrack.newStato:
            raise TypeError(f"{kind.__name__} must implement newState (or the seed's newStato)")
        self.examined = 0
        self.progress: Callable[[int], None] | None = None

    @abstractmethod
    def isFinal(self, stato: S) -> bool:
        """True when ``stato`` is final."""

    @abstractmethod
    def allMoves(self, stato: S) -> Iterable[M]:
        """Every move of ``stato``, in the order to try them."""

    @abstractmethod
    def isAdm(self, stato: S, m: M) -> bool:
        """True when move ``m`` is admissible in ``stato``."""

    def newState(self, stato: S, m: M) -> S:
        """The state reached from ``stato`` by move ``m`` (a new value; ``stato`` unchanged)."""
        return self.newStato(stato, m)

    def newStato(self, stato: S, m: M) -> S:
        """The seed's spelling of :meth:`newState`; either one may be implemented."""
        return self.newState(stato, m)

    def solutions(self, stato: S) -> Iterator[S]:
        """Every final state reachable from ``stato``, lazily, in depth-first order."""
        stack: list[tuple[S, Iterator[M]]] = []
        state = stato
        while True:
            if self.isFinal(state):
                yield state
            else:
                stack.append((state, iter(self.allMoves(state))))
            while stack:
                top, moves = stack[-1]
                advanced = False
                for m in moves:
                    self.examined += 1
                    if self.progress is not None and not self.examined & 0xFFFF:
                        self.progress(self.examined)
                    if self.isAdm(top, m):
                        state = self.newState(top, m)
                        advanced = True
                        break
                if advanced:
                    break
                stack.pop()  # every move tried: back to the previous state
            else:
                return

    def solve(self, state: S) -> S | None:
        """The first final state reachable from ``state``, or None."""
        return next(self.solutions(state), None)

    def Solve(self, stato: S) -> list[bool | S]:
        """The seed's interface: ``[True, final_state]`` or ``[False]``."""
        found = self.solve(stato)
        return [False] if found is None else [True, found]
