"""Every steppable engine of the registry, through the one protocol: exact steps back, the
notes' solutions in their order, the counts of the batch methods, each Stop."""

from __future__ import annotations

from array import array
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.methods.maze.mazes import BUILTIN, MazeEngine, maze_from_spec
from solver.registry import METHODS, make_engine, steppable_methods
from solver.runs import run_method
from solver.stepping import Kind, Mode, SearchSnapshot, SteppableSearch, Stop, back_to
from tests.tiers import examples
from tests.unit.solver.reference_solutions import reference_solutions

QUEENS = [name for name in steppable_methods() if METHODS[name].queens]


def _attacked(queens: list[tuple[int, int]]) -> bool:
    for index, (c1, r1) in enumerate(queens):
        for c2, r2 in queens[index + 1 :]:
            if c1 == c2 or r1 == r2 or c1 + r1 == c2 + r2 or c1 - r1 == c2 - r2:
                return True
    return False


@settings(max_examples=examples(40), deadline=None)
@given(
    method=st.sampled_from(steppable_methods()),
    n=st.integers(1, 7),
    all_mode=st.booleans(),
    ahead=st.integers(0, 400),
    back=st.integers(0, 400),
)
def test_back_undoes_and_forward_redoes_every_tick(
    method: str, n: int, all_mode: bool, ahead: int, back: int
) -> None:
    """Back N returns each state the search went through, forward N after it redoes them, one
    tick at a time and in one run."""
    engine = make_engine(method, n, Mode.ALL if all_mode else Mode.FIRST)

    def state() -> tuple[SearchSnapshot, int]:
        return engine.snapshot(), engine.history_bytes

    seen = [state()]
    while len(seen) <= ahead and engine.run(Stop.TICK, max_ticks=1).ticks:
        seen.append(state())
    end = engine.tick
    back = min(back, end)
    for _ in range(back):
        assert engine.back()
        assert state() == seen[engine.tick], engine.tick
    for _ in range(back):
        assert engine.run(Stop.TICK, max_ticks=1).ticks == 1
        assert state() == seen[engine.tick], engine.tick
    back_to(engine, end - back)
    assert engine.run(Stop.END, max_ticks=back).ticks == back
    assert state() == seen[end]
    for _ in range(back):
        assert engine.back()
    assert state() == seen[end - back]


@pytest.mark.parametrize("method", steppable_methods())
def test_every_tick_of_a_whole_search_is_undone_exactly_and_its_history_stays_small(
    method: str,
) -> None:
    """Stepping back from the end of a whole search gives every snapshot it had going forward;
    the history counts the move stack and every array kept to undo ticks, a few bytes a tick."""
    engine: Any = make_engine(method, 5, Mode.ALL)
    snapshots = [engine.snapshot()]
    while engine.run(Stop.TICK, max_ticks=1).ticks:
        snapshots.append(engine.snapshot())
        if engine.tick == 20:
            kept = {name: value for name, value in vars(engine).items() if isinstance(value, array)}
            assert set(kept) == set(engine.undo_arrays), method
            undo = sum(value.itemsize * len(value) for value in kept.values())
            assert engine.history_bytes == len(engine.move_stack) + undo, method
    assert engine.finished and len(snapshots) > 20
    while True:
        assert engine.snapshot() == snapshots.pop(), engine.tick
        if not engine.back():
            break
    assert snapshots == [] and engine.tick == 0
    big = make_engine(method, 12, Mode.ALL)
    big.run(Stop.END, max_ticks=100_000)
    assert big.history_bytes <= 8 * big.tick, (big.history_bytes, big.tick)


@pytest.mark.parametrize("method", QUEENS)
def test_every_queens_engine_finds_the_notes_solutions_and_counts_as_its_batch_method(
    method: str,
) -> None:
    """No placed queen is ever attacked; each n's solutions come in the notes' order, the first
    mode stops at the first, and the examined count is the batch method's."""
    for n in range(1, 9):
        for every in (False, True):
            engine = make_engine(method, n, Mode.ALL if every else Mode.FIRST)
            tick_by_tick = every and n in (4, 5, 6)
            while engine.run(Stop.TICK if tick_by_tick else Stop.END).ticks and tick_by_tick:
                placed = engine.snapshot().placed  # type: ignore[attr-defined]
                squares = list(placed() if callable(placed) else placed)
                assert not _attacked(squares), (method, n, engine.tick)
            found = engine.solutions  # type: ignore[attr-defined]
            reference = tuple(reference_solutions(n))
            assert found == (reference if every else reference[:1]), (method, n)
            if n in (1, 4, 6, 8):
                assert engine.examined == run_method(method, n, every).examined, (method, n)


@pytest.mark.parametrize("method", steppable_methods())
def test_each_stop_stops_after_a_tick_of_its_kinds(method: str) -> None:
    """A tick stop plays one tick of any kind; every other stop ends on one of its kinds."""
    engine: Any = make_engine(method, 6, Mode.ALL)
    assert isinstance(engine, SteppableSearch) and engine.method == method
    assert isinstance(engine.snapshot(), SearchSnapshot)
    kinds = set()
    for tick in range(1, 400):
        result = engine.run(Stop.TICK)
        if not result.ticks:
            break
        assert (result.ticks, result.reached, engine.tick) == (1, True, tick)
        kinds.add(engine.last_kind)
    assert {Kind.PLACE, Kind.BACKTRACK} <= kinds <= set(engine.kinds)
    for stop in Stop:
        engine = make_engine(method, 6, Mode.ALL)
        for _ in range(30):
            result = engine.run(stop)
            if not result.ticks:
                break
            assert engine.last_kind in stop.value or engine.finished, stop
            assert result.reached or engine.finished


def test_the_maze_finds_its_paths_and_marks_dead_ends() -> None:
    for name in BUILTIN:
        engine = MazeEngine(maze_from_spec(name), Mode.FIRST)
        engine.run()
        snapshot = engine.snapshot()
        assert snapshot.path[0] == snapshot.maze.start
        assert snapshot.path[-1] == snapshot.maze.end
        steps = zip(snapshot.path, snapshot.path[1:], strict=False)
        assert all(abs(a - c) + abs(b - d) == 1 for (a, b), (c, d) in steps)
        assert len(set(snapshot.path)) == len(snapshot.path)
        assert snapshot.last_kind is Kind.SOLUTION
    detour = MazeEngine(maze_from_spec("detour"), Mode.ALL)
    detour.run()
    assert detour.solutions_found == 2
    assert detour.snapshot().dead_ends


def test_random_mazes_are_solvable_and_seeded_and_bad_specs_refused() -> None:
    for seed in range(20):
        maze = maze_from_spec(f"random:{seed}:9x13")
        assert maze == maze_from_spec(f"random:{seed}:9x13")
        engine = MazeEngine(maze)
        engine.run()
        assert engine.solutions_found == 1
    assert maze_from_spec("random:1") != maze_from_spec("random:2")
    for spec in ("nosuch", "random:x", "random:1:3x3", "random:1:99x99", "random:-1"):
        with pytest.raises(ValueError):
            maze_from_spec(spec)
