"""G. Persiano's Salerno notes: the general ``BackTrack.Solve`` (quoted in
solver/methods/general/recipe.py) one tick at a time, reversible."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from solver.methods.general.queens import Queen, QueenState
from solver.methods.general.recipe import BackTrack
from solver.stepping import Call, Done, Engine, Found, Kind, Mode, Return, SnapshotBase

S = TypeVar("S")
M = TypeVar("M")

_CALL, _TEST, _FREE, _PLACE = int(Kind.CALL), int(Kind.TEST), int(Kind.FREE), int(Kind.PLACE)
_FINAL, _RETURN, _DONE = int(Kind.SOLUTION), int(Kind.BACKTRACK), int(Kind.DONE)


@dataclass(frozen=True, slots=True)
class RecipeFrame(Generic[S, M]):
    """One active ``Solve(stato)``: its moves and the index of the move being tried (-1 before the
    loop)."""

    stato: S
    moves: tuple[M, ...]
    index: int

    @property
    def move(self) -> M | None:
        return self.moves[self.index] if 0 <= self.index < len(self.moves) else None


@dataclass(frozen=True, slots=True)
class TryMove(Generic[S, M]):
    """``isAdm(stato, m)`` for the next move of the ``for``."""

    stato: S
    move: M
    admissible: bool
    kind: ClassVar[str] = "try"


@dataclass(frozen=True, slots=True)
class NewState(Generic[S, M]):
    """``Solve(newStato(stato, m))`` is called with the new state ``new``."""

    stato: S
    move: M
    new: S
    kind: ClassVar[str] = "place"


RecipeEvent = Call[S] | TryMove[S, M] | NewState[S, M] | Found[S] | Return[S] | Done
"""The recipe's ticks, and those every search has: ``Call(stato)``, the first ``Solve(stato)``
called; ``Found(stato)``, ``isFinal(stato)`` true; ``Return(stato)``, ``Solve(stato)`` returns
(every move tried, or a final state left), its frame popped; ``Done``, the first Solve has
returned."""


class RecipeEngine(Engine[RecipeEvent[S, M]], Generic[S, M]):
    """``Solve(start)`` for a problem written as the recipe, one tick at a time (``examined``: the
    ``isAdm`` calls, the moves looked at; its solutions are the final states)."""

    method: ClassVar[str] = "recipe"
    min_n = 0

    def __init__(
        self, problem: BackTrack[S, M], start: S, mode: Mode = Mode.FIRST, n: int = 0
    ) -> None:
        self.problem = problem
        self.start = start
        super().__init__(n, mode)

    def _setup(self) -> None:
        self._frames: list[list[object]] = []  # [stato, moves, index] per active Solve

    @property
    def frames(self) -> tuple[RecipeFrame[S, M], ...]:
        return tuple(
            RecipeFrame(stato, moves, index)  # type: ignore[arg-type]
            for stato, moves, index in self._frames
        )

    def _child(self) -> S:
        """The state the top frame's current move leads to (a popped frame, rebuilt)."""
        stato, moves, index = self._frames[-1]
        return self.problem.newState(stato, moves[index])  # type: ignore[arg-type, index]

    def _event(self, code: int) -> RecipeEvent[S, M]:
        if code == _RETURN:
            return Return(self._child()) if self._frames else Return(self.start)
        stato, moves, index = self._frames[-1]
        if code == _CALL:
            return Call(stato)  # type: ignore[arg-type]
        if code == _FINAL:
            return Found(stato, len(self._solutions))  # type: ignore[arg-type]
        if code == _PLACE:
            parent, parent_moves, parent_index = self._frames[-2]
            move = parent_moves[parent_index]  # type: ignore[index]
            return NewState(parent, move, stato)  # type: ignore[arg-type]
        move = moves[index]  # type: ignore[index]
        return TryMove(stato, move, code == _FREE)  # type: ignore[arg-type]

    def _push(self, stato: S, index: int = -1) -> None:
        self._frames.append([stato, tuple(self.problem.allMoves(stato)), index])

    def _next_move(self) -> int:
        """The top frame's ``for`` takes its next move, or the frame returns."""
        frame = self._frames[-1]
        frame[2] = index = frame[2] + 1  # type: ignore[operator]
        moves = frame[1]
        if index < len(moves):  # type: ignore[arg-type]
            self._examined += 1
            adm = self.problem.isAdm(frame[0], moves[index])  # type: ignore[arg-type, index]
            return _FREE if adm else _TEST
        self._frames.pop()
        return _RETURN if self._frames else _DONE

    def _advance(self) -> int:
        if not self._tick:
            self._push(self.start)
            return _CALL
        last = self._last()
        if last in (_CALL, _PLACE):
            if self.problem.isFinal(self._frames[-1][0]):  # type: ignore[arg-type]
                self._solutions.append(self._frames[-1][0])
                return _FINAL
            return self._next_move()
        if last == _FREE:
            self._push(self._child())
            return _PLACE
        if last == _FINAL:
            if self.mode is Mode.FIRST:
                return -1
            self._frames.pop()
            return _RETURN if self._frames else _DONE
        if last == _DONE:
            return -1
        return self._next_move()  # after a failed move or a return: the next move

    def _undo(self, code: int) -> None:
        frames = self._frames
        if code in (_CALL, _PLACE):
            frames.pop()
        elif code == _FINAL:
            self._solutions.pop()
        elif code in (_TEST, _FREE):
            frames[-1][2] = frames[-1][2] - 1  # type: ignore[operator]
            self._examined -= 1
        else:  # a return or the end: the popped frame comes back
            stato = self._child() if frames else self.start
            previous = self._last() if self._tick else None
            self._push(stato)
            if previous != _FINAL:  # (a final state left in all-solutions mode never looped)
                frames[-1][2] = len(frames[-1][1]) - 1  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True, kw_only=True)
class QueensRecipeSnapshot(SnapshotBase):
    """The notes' ``Queen`` between two ticks."""

    method: ClassVar[str] = "general"
    last_event: RecipeEvent[QueenState, int] | None
    frames: tuple[RecipeFrame[QueenState, int], ...]
    solutions: tuple[tuple[int, ...], ...]

    @property
    def stato(self) -> QueenState:
        """The state of the innermost Solve (the start before the first tick)."""
        return self.frames[-1].stato if self.frames else QueenState.start(self.n)

    @property
    def placed(self) -> tuple[tuple[int, int], ...]:
        """(row, column) of the queens the current state has decided."""
        stato = self.stato
        return tuple((r, c) for r, c in enumerate(stato.regine[: stato.R]) if c is not None)


class QueensRecipeEngine(RecipeEngine[QueenState, int]):
    """The notes' ``class Queen(BackTrack)`` solved one tick at a time."""

    method: ClassVar[str] = "general"
    min_n = 1

    def __init__(self, n: int, mode: Mode = Mode.FIRST) -> None:
        super().__init__(Queen(n), QueenState.start(n), mode, n)

    @property
    def solutions(self) -> tuple[tuple[int, ...], ...]:
        return tuple(final.placement() for final in self._solutions)

    def snapshot(self) -> QueensRecipeSnapshot:
        return QueensRecipeSnapshot(**self._common(), frames=self.frames)
