"""The Turin notes' recursive backtracker as a steppable engine: events, stack, exact step back."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from solver.events import Backtrack, Done, Try
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.methods.recursive.engine import RecursiveEngine, place_queens_all, place_queens_first
from solver.methods.recursive.events import (
    Blocker,
    Frame,
    Line,
    PlaceQueen,
    RemoveQueen,
    TryColumn,
)
from solver.stepping import Call, Found, Return, Stop
from tests.unit.solver.reference_solutions import reference_solutions


def test_the_first_ticks_of_4x4() -> None:
    engine = RecursiveEngine(4)
    events = [engine.step() for _ in range(8)]
    assert events == [
        Call(0),
        TryColumn(0, 0, ()),
        PlaceQueen(0, 0),
        Call(1),
        TryColumn(1, 0, (Blocker(Line.C, 0, 0),)),
        TryColumn(1, 1, (Blocker(Line.B, 3, 0),)),
        TryColumn(1, 2, ()),
        PlaceQueen(1, 2),
    ]
    assert engine.frames == (Frame(0, 0), Frame(1, 2))
    assert engine.depth == 2 and engine.q == (0, 2, -1, -1)
    assert engine.c == (False, True, False, True)
    assert engine.placed() == ((0, 0), (1, 2))


def test_the_notes_functions_and_the_counter_find_every_solution_in_order() -> None:
    """Row by row, q[i] the column of row i's queen: the same tuples, in the same order, as the
    reference's column by column (the solutions are symmetric about the diagonal)."""
    events = list(RecursiveEngine(4, Mode.ALL).events())
    assert [e.number for e in events if isinstance(e, Found)] == [1, 2]  # the counter
    assert events[-2:] == [Return(0), Done(2)]
    assert any(isinstance(e, RemoveQueen) for e in events)
    for n in range(1, 9):
        reference = reference_solutions(n)
        assert place_queens_all(n) == reference
        engine = RecursiveEngine(n, Mode.ALL)
        engine.run()
        assert engine.solutions_found == len(reference)
        assert place_queens_first(n) == (reference[0] if reference else None)


Loop = dict[type, Callable[[Any], tuple[Any, ...]]]

RECURSIVE_AS_LOOP: Loop = {
    TryColumn: lambda e: ("try", e.row, e.col, e.free),
    Return: lambda e: ("back", e.at),
    Found: lambda e: ("solution", e.solution),
    Done: lambda e: ("done", e.solutions),
}
ITERATIVE_AS_LOOP: Loop = {
    Try: lambda e: ("try", e.col, e.row, e.placed),
    Backtrack: lambda e: ("back", e.col),
    Found: lambda e: ("solution", e.solution),
    Done: lambda e: ("done", e.solutions),
}


def as_loop(events: Iterable[object], table: Loop) -> list[tuple[Any, ...]]:
    """The events that are loop steps (tests, backtracks, solutions, end), in one shape."""
    return [table[type(e)](e) for e in events if type(e) in table]


def test_tries_and_returns_are_the_iterative_loop_tick_for_tick() -> None:
    """TryColumn(i, j) is the loop's b[k]++ at k=i; Return(i) is its backtrack of k=i."""
    for n in range(1, 8):
        for mode in Mode:
            recursive = as_loop(RecursiveEngine(n, mode).events(), RECURSIVE_AS_LOOP)
            iterative = as_loop(IterativeEngine(n, mode).events(), ITERATIVE_AS_LOOP)
            assert recursive == iterative and recursive[-1][0] in ("done", "solution")


def test_stack_invariants_at_every_tick() -> None:
    engine = RecursiveEngine(6, Mode.ALL)
    for event in engine.events():
        frames = engine.frames
        assert [f.row for f in frames] == list(range(len(frames)))
        placed = engine.placed()
        assert all(r < engine.depth for r, _ in placed)
        rows = [r for r, _ in placed]
        assert len(set(rows)) == len(rows)
        if isinstance(event, Call):
            assert event.at + 1 == engine.depth and frames[-1] == Frame(event.at, -1)
        if isinstance(event, PlaceQueen):
            assert engine.q[event.row] == event.col and (event.row, event.col) in placed


def test_run_stops() -> None:
    engine = RecursiveEngine(8, Mode.ALL)
    engine.run(Stop.SOLUTION)
    assert isinstance(engine.last_event, Found)
    assert engine.last_event.solution == (0, 4, 7, 5, 2, 6, 1, 3)
    engine.run(Stop.CALL)
    assert isinstance(engine.last_event, (Call, Return))
    engine.run(Stop.ITERATION)
    assert isinstance(engine.last_event, (PlaceQueen, RemoveQueen))
