"""Every steppable engine of the registry, through the one protocol: exact steps back, the
notes' solutions in their order, the counts of the batch methods, each Stop; and the iterative
engine against the Wrocław lecture: every tick, every event, every edge, the lines of the loop
each tick runs, and properties for every n and every point of the search."""

from __future__ import annotations

import tracemalloc
from array import array
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.events import Attacker, Backtrack, Done, Rule, Try, attack_rule
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.iterative.listing import (
    ADVANCE,
    INCREMENT,
    INIT,
    LOOP,
    RETREAT,
    RETURN,
    TEST,
    WHILE,
    lines_run,
)
from solver.methods.iterative.narration import describe
from solver.methods.iterative.trace import ticks
from solver.methods.maze.mazes import BUILTIN, MazeEngine, maze_from_spec
from solver.registry import METHODS, kit, make_engine, steppable_methods
from solver.runs import run_method
from solver.stepping import Found, Kind, Mode, SearchSnapshot, SteppableSearch, Stop, back_to
from tests.tiers import examples, sweep
from tests.unit.solver.lecture_reference import lecture_ticks
from tests.unit.solver.reference_solutions import as_found, reference_solutions

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
    """No placed queen is ever attacked; each n's solutions come in the notes' order (a kit's
    own order: as a set), the first mode stops at the first, and the examined count is the
    batch method's."""
    for n in range(1, 9):
        for every in (False, True):
            engine = make_engine(method, n, Mode.ALL if every else Mode.FIRST)
            tick_by_tick = every and n in (4, 5, 6)
            while engine.run(Stop.TICK if tick_by_tick else Stop.END).ticks and tick_by_tick:
                placed = engine.snapshot().placed  # type: ignore[attr-defined]
                squares = list(placed() if callable(placed) else placed)
                assert not _attacked(squares), (method, n, engine.tick)
            found = engine.solutions  # type: ignore[attr-defined]
            reference = reference_solutions(n)
            assert as_found(kit(method).own_order, found, reference, every), (method, n)
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


A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]


def kind_of(event: object) -> str:
    if isinstance(event, Try):
        return "placed" if event.placed else "attacked"
    return str(getattr(event, "kind", ""))


def engine_ticks(n: int, mode: Mode) -> list[tuple[str, tuple[int, ...], int]]:
    engine = IterativeEngine(n, mode)
    return [(kind_of(event), engine.b, engine.k) for event in engine.events()]


@pytest.mark.parametrize("n", sweep(range(1, 9), everyday=range(1, 7)))
@pytest.mark.parametrize("mode", list(Mode))
def test_every_tick_matches_a_literal_transcription_of_the_lecture(n: int, mode: Mode) -> None:
    assert engine_ticks(n, mode) == lecture_ticks(n, all_solutions=mode is Mode.ALL)


def test_the_events_name_attackers_by_rule_and_column_and_the_edges_end_as_they_should() -> None:
    events = list(IterativeEngine(4).events())
    assert events[0] == Try(0, 0, ())
    assert events[5] == Try(2, 1, (Attacker(1, 2, Rule.SUM),))
    assert events[6] == Try(2, 2, (Attacker(0, 0, Rule.DIFF), Attacker(1, 2, Rule.ROW)))
    rules = (Attacker(0, 1, Rule.ROW), Attacker(1, 3, Rule.SUM), Attacker(2, 0, Rule.DIFF))
    assert events[28] == Try(3, 1, rules)
    assert Backtrack(2) in events
    assert list(IterativeEngine(1).events()) == [Try(0, 0, ()), Found((0,), 1)]
    every = [Try(0, 0, ()), Found((0,), 1), Backtrack(0), Done(1)]
    assert list(IterativeEngine(1, Mode.ALL).events()) == every
    assert list(IterativeEngine(3).events())[-1] == Done(0)
    engine = IterativeEngine(8)
    assert engine.run(Stop.END).reached and engine.finished and engine.step() is None
    assert engine.last_event == Found((0, 4, 7, 5, 2, 6, 1, 3), 1)  # the edutecnica page's


@pytest.mark.parametrize("n", sweep(range(1, 11), everyday=[9]))  # 1-8: every queens engine's test
def test_all_mode_counts_match_oeis_a000170_each_once_in_lexicographic_order(n: int) -> None:
    engine = IterativeEngine(n, Mode.ALL)
    engine.run(Stop.END)
    found = list(engine.solutions)
    assert len(found) == A000170[n - 1]
    assert found == sorted(set(found))
    assert engine.last_event == Done(len(found))


def test_after_a_solution_all_mode_goes_on_from_the_last_column_even_when_switched_to() -> None:
    """The solution's sentence says so in all mode only, naming the step that follows."""
    engine = IterativeEngine(4, Mode.ALL)
    engine.run(Stop.SOLUTION)
    solution = engine.last_event
    assert engine.k == 4 and isinstance(solution, Found)
    said, first = (describe(solution, 4, mode) for mode in (Mode.ALL, Mode.FIRST))
    assert all(words in said for words in ("b = [1, 3, 0, 2]", "goes on", "k = 3", "b[3]++"))
    assert "goes on" not in first and "b[3]++" not in first
    event = engine.step()
    # b[3] was 2: the next tick increments it and tests row 3.
    assert isinstance(event, Try) and (event.col, event.row) == (3, 3)
    assert engine.k == 3
    engine = IterativeEngine(6)  # switched to all mode after the first solution: goes on
    engine.run(Stop.END)
    assert engine.finished and engine.solutions_found == 1
    engine.mode = Mode.ALL
    assert not engine.finished
    engine.run(Stop.END)
    assert engine.solutions_found == 4


def test_iteration_is_the_ticks_up_to_the_next_placement_or_backtrack() -> None:
    engine = IterativeEngine(4)
    engine.step()  # b[0]=0
    engine.run(Stop.ITERATION)
    assert engine.last_event == Try(1, 2, ()) and engine.tick == 4
    engine.run(Stop.ITERATION)  # rows 0..3 of column 2 attacked, then backtrack
    assert engine.last_event == Backtrack(2) and engine.tick == 9


@pytest.mark.parametrize(
    ("stop", "expected"),
    [
        (Stop.ITERATION, Try(0, 0, ())),
        (Stop.BACKTRACK, Backtrack(2)),
        (Stop.SOLUTION, Found((1, 3, 0, 2), 1)),
        (Stop.END, Found((1, 3, 0, 2), 1)),
    ],
)
def test_run_stops_after_the_first_matching_tick(stop: Stop, expected: object) -> None:
    engine = IterativeEngine(4)
    assert engine.run(stop).reached
    assert engine.last_event == expected


def test_max_ticks_reset_and_back_to_reach_the_states_stepping_reaches() -> None:
    engine = IterativeEngine(8)
    result = engine.run(Stop.END, max_ticks=100)
    assert result.ticks == 100 and not result.reached and engine.tick == 100
    reference = IterativeEngine(8)
    for _ in range(100):
        reference.step()
    assert engine.snapshot() == reference.snapshot()
    engine = IterativeEngine(6, Mode.ALL)  # reset and back_to return to earlier states
    for _ in range(20):
        engine.step()
    expected = engine.snapshot()
    engine.run(Stop.SOLUTION)
    engine.back_to(20)
    assert engine.snapshot() == expected
    engine.reset()
    assert engine.snapshot() == IterativeEngine(6, Mode.ALL).snapshot()


def test_stepping_back_keeps_no_history_so_memory_does_not_grow_with_ticks() -> None:
    engine = IterativeEngine(30)  # first mode: no solution list grows either
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        engine.run(Stop.END, max_ticks=100_000)
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert engine.tick == 100_000 and engine.history_bytes == 0
    assert grown < 7_000, f"{grown} bytes for 100,000 ticks"  # under 0.07 bytes a tick
    expected = IterativeEngine(30)
    expected.run(Stop.END, max_ticks=99_000)
    for _ in range(1000):
        assert engine.back()
    assert engine.snapshot() == expected.snapshot()


def test_large_boards_work_and_one_smaller_than_one_is_refused() -> None:
    for n in (0, -3):
        with pytest.raises(ValueError, match="at least 1"):
            IterativeEngine(n)
    engine = IterativeEngine(64)
    engine.run(Stop.END, max_ticks=50_000)
    placed = engine.snapshot().placed()
    for i, (c1, r1) in enumerate(placed):
        for c2, r2 in placed[i + 1 :]:
            assert r1 != r2 and c1 + r1 != c2 + r2 and r1 - c1 != r2 - c2


def test_trace_all_says_the_loop_goes_on_after_each_solution_and_trace_first_does_not() -> None:
    every = [t.sentence() for t in ticks(6, every=True) if isinstance(t.event, Found)]
    assert len(every) == 4 and all("b[5]++" in s for s in every)  # OEIS A000170: 4 at n = 6
    first = [t.sentence() for t in ticks(6, every=False) if isinstance(t.event, Found)]
    assert len(first) == 1 and "b[5]++" not in first[0]


def test_the_listing_is_the_lecture_loop_and_each_kind_of_tick_runs_its_lines() -> None:
    assert LOOP[INIT] == "b[0]=0; k=1;"
    assert "b[k]++" in LOOP[INCREMENT] and "isfree(k,b[k])" in LOOP[TEST]
    assert "k++" in LOOP[ADVANCE] and "b[k]=-1; k--;" in LOOP[RETREAT]
    assert lines_run(None) == ()
    assert lines_run(Try(0, 0, ())) == (INIT,)
    assert lines_run(Try(1, 0, (Attacker(0, 0, Rule.ROW),))) == (INCREMENT, TEST)
    assert lines_run(Try(1, 2, ())) == (INCREMENT, TEST, ADVANCE)
    assert lines_run(Backtrack(2)) == (INCREMENT, TEST, RETREAT)
    assert lines_run(Found((1, 3, 0, 2), 1)) == (WHILE, RETURN)
    assert lines_run(Done(0)) == (WHILE, RETURN)


def test_only_the_first_tick_runs_the_init_line() -> None:
    engine = IterativeEngine(6, Mode.ALL)
    firsts = [INIT in lines_run(event) for event in engine.events()]
    assert firsts[0] and not any(firsts[1:])


boards = st.integers(min_value=1, max_value=12)


def assert_consistent(engine: IterativeEngine) -> None:
    """No two queens in columns < k attack; the O(1) attack tables agree with b[:k]."""
    n, k, b = engine.n, engine.k, engine.b
    placed = [(c, b[c]) for c in range(max(0, min(k, n)))]
    for i, (c1, r1) in enumerate(placed):
        assert 0 <= r1 < n
        for c2, r2 in placed[i + 1 :]:
            assert attack_rule(c1, r1, c2, r2) is None, (b, k)
    for c in range(max(0, min(k, n)), n):
        if c != k:
            assert b[c] == -1, (b, k)
    if 0 <= k < n and b[k] >= 0:
        # The attackers reported by the O(1) tables are exactly those found by scanning.
        scanned = tuple(
            (c, r, rule) for c, r in placed if (rule := attack_rule(c, r, k, b[k])) is not None
        )
        got = tuple((a.col, a.row, a.rule) for a in engine.attackers(k, b[k]))
        assert got == scanned


@settings(max_examples=examples(60), deadline=None)
@given(
    n=boards,
    mode=st.sampled_from(list(Mode)),
    moves=st.lists(
        st.sampled_from(["step", "step", "iteration", "back", "backtrack", "solution"]),
        max_size=60,
    ),
)
def test_any_walk_stays_consistent_and_lands_where_plain_stepping_does(
    n: int, mode: Mode, moves: list[str]
) -> None:
    """Stepping, stepping back and running in any order keep the tables consistent at every
    move and never change where tick t is; a placement moves k past its column."""
    engine = IterativeEngine(n, mode)
    for move in moves:
        if move == "step":
            event = engine.step()
            if isinstance(event, Try) and event.placed:
                assert engine.k == event.col + 1
        elif move == "iteration":
            engine.run(Stop.ITERATION)
        elif move == "back":
            engine.back()
        elif move == "backtrack":
            engine.run(Stop.BACKTRACK)
        else:
            engine.run(Stop.SOLUTION)
        assert_consistent(engine)
    plain = IterativeEngine(n, mode)
    plain.run(Stop.END, max_ticks=engine.tick)
    assert plain.snapshot() == engine.snapshot()
