"""The methods of the lecture notes: every one finds the same solutions (n <= 9) through
solver.runs, or says why not; the naive searches' search spaces, candidates examined and random
search; the explicit construction for every n >= 4, checked by the O(n) checker; and each other
method against its notes: the edutecnica page's tenta/sicura and the Wrocław lecture's
hetmany/isf with the T[] left over on a 5 x 5 board, the Turin notes' recursive backtracker as a
steppable engine, the Salerno notes' general recipe (N-Queens and a maze as one BackTrack)."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.checker import attacks, is_valid
from solver.events import Backtrack, Done, Try
from solver.method_run import SQUARES_TESTED
from solver.methods.constructive.construction import construct
from solver.methods.general import queens as recipe_queens
from solver.methods.general.queens import Queen, QueenState, attackingQ, checkQueen
from solver.methods.general.recipe import BackTrack
from solver.methods.general.view import QUEEN, SOLVE, solve_lines
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.maze.maze import Maze, MazeSearch, solve_maze
from solver.methods.maze.view import MAZE as MAZE_LISTING
from solver.methods.naive import search as naive
from solver.methods.recursive.engine import RecursiveEngine
from solver.methods.recursive.events import (
    Blocker,
    Frame,
    Line,
    PlaceQueen,
    RemoveQueen,
    TryColumn,
)
from solver.methods.scan.engine import ScanEngine
from solver.methods.scan.search import Tally, first_solution, hetmany, isf, queensRek, sicura, tenta
from solver.methods.scan.view import ScanView
from solver.registry import (
    DEFAULT_METHOD,
    MAX_CANDIDATES,
    NAIVE_MAX_N,
    backtrackers,
    kit,
    listing_methods,
)
from solver.runs import NoSolution, TooBig, run_method
from solver.stepping import Call, Found, Mode, Return, Stop
from solver.views.frame import CellMark
from tests.tiers import examples, naive_searches, sweep
from tests.unit.solver.lecture_reference import lecture_ticks
from tests.unit.solver.reference_solutions import as_found, in_b, reference_solutions

NAIVE_ALL_MAX_N = {"bruteforce": 5, "columns": 6, "permutations": 9}


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(1, 9), st.sampled_from(listing_methods()))
def test_all_methods_agree_on_solution_sets(n: int, method: str) -> None:
    if n > NAIVE_ALL_MAX_N.get(method, 9):
        return
    result = run_method(method, n, every=True)
    reference = in_b(method, reference_solutions(n))
    assert as_found(kit(method).own_order, result.solutions, reference, every=True)


@pytest.mark.parametrize("n", range(1, 10))
def test_backtrackers_agree_on_every_solution_and_count(n: int) -> None:
    runs = [run_method(m, n, every=True) for m in backtrackers()]
    first = list(runs[0].solutions)  # a method of the notes' order
    assert all(
        as_found(kit(r.method).own_order, r.solutions, in_b(r.method, first), True) for r in runs
    )
    # the same tree: those that test squares in the notes' order test the same ones
    notes = [r for r in runs if r.unit == SQUARES_TESTED and not kit(r.method).own_order]
    assert len({r.examined for r in notes}) == 1


def _squares_tested(method: str, n: int) -> list[tuple[int, int]]:
    """The squares ``method`` tests up to its first solution, each once however many ticks test
    it, as (column, row), the first column's (free by construction) aside."""
    stepped, squares = kit(method), list[tuple[int, int]]()
    engine = stepped.make_engine(n, Mode.FIRST)
    while engine.run(Stop.TICK, max_ticks=1).ticks:
        test = stepped.test_of(engine.snapshot())
        if test is not None and not stepped.asks_nothing(test, n):
            x, y = test.square
            square = (y, x) if stepped.wording.row_wise else (x, y)
            squares += [square] if squares[-1:] != [square] else []
    return squares


@pytest.mark.parametrize("n", [6, 7])
def test_each_backtracker_tests_the_loops_squares_one_for_one(n: int) -> None:
    """As compare's help and the examined question say: every backtracker of the notes' order
    tests the loop's squares in its order, where its notes fill a row at a time each one's mirror
    image across the diagonal (a kit whose ticks test no square one at a time aside)."""
    loop = _squares_tested(DEFAULT_METHOD, n)
    assert len(loop) > 20
    for method in backtrackers():
        if kit(method).tests_squares and not kit(method).own_order:
            assert _squares_tested(method, n) == loop, method


def test_first_solutions_and_units() -> None:
    for method in (*backtrackers(), "columns", "permutations"):
        result = run_method(method, 7)
        reference = in_b(method, reference_solutions(7))
        assert as_found(kit(method).own_order, result.solutions, reference, False)
        assert result.examined > 0
    assert run_method("permutations", 8).unit.name == "placements checked"
    random_run = run_method("random", 8, seed=4)
    assert random_run == run_method("random", 8, seed=4)
    assert is_valid(random_run.solutions[0]) and random_run.unit.name == "permutations tried"
    assert is_valid(run_method("constructive", 50).solutions[0])


def test_refusals_say_what_was_examined() -> None:
    for method in naive_searches():  # no naive search above the cutoff stays under the limit
        assert naive.cost(method, NAIVE_MAX_N + 1, every=False) > MAX_CANDIDATES
    with pytest.raises(TooBig, match="4,426,165,368") as refusal:
        run_method("bruteforce", 8)
    first = reference_solutions(8)[0]
    assert refusal.value.examined == naive.rank("bruteforce", first) + 1
    with pytest.raises(TooBig) as refusal:
        run_method("columns", 13)
    assert refusal.value.examined is None  # columns 9 --all, permutations 13, random 3:
    with pytest.raises(NoSolution):  # tests/cli/test_usage_errors.py's words
        run_method("constructive", 2)
    with pytest.raises(ValueError, match="cannot list"):
        run_method("random", 8, every=True)


def test_search_space_sizes_of_the_lectures() -> None:
    assert naive.search_space("bruteforce", 8) == 4_426_165_368  # the Italian Python course
    assert naive.search_space("permutations", 8) == 40_320  # the Italian Python course: 8!
    for n in range(1, 12):
        assert naive.search_space("bruteforce", n) == math.comb(n * n, n)
        assert naive.search_space("columns", n) == n**n
        assert naive.search_space("permutations", n) == math.factorial(n)
    with pytest.raises(ValueError, match="unknown"):
        naive.search_space("random", 8)
    with pytest.raises(ValueError):
        naive.search_space("columns", 0)


@pytest.mark.parametrize(
    ("method", "largest"), [("bruteforce", 5), ("columns", 6), ("permutations", 8)]
)
def test_every_solution_in_order_and_the_examined_count_predicted_by_the_rank(
    method: str, largest: int
) -> None:
    assert sorted(naive.METHODS) == ["bruteforce", "columns", "permutations"]
    for n in range(1, largest + 1):
        reference = reference_solutions(n)
        assert list(naive.solutions(method, n)) == reference
        result = naive.first_solution(method, n)
        assert result.solution == (reference[0] if reference else None)
        # the candidates in the method's own order, up to the first solution, counted here
        oks = [ok for _b, ok in naive._candidates(method, n)]
        assert result.examined == (oks.index(True) + 1 if True in oks else len(oks))
        assert result.space == naive.search_space(method, n)


def test_rank_counts_candidates_before_a_placement() -> None:
    n = 4
    for method in ("columns", "permutations"):
        candidates = [b for b, _ in naive._candidates(method, n)]
        assert len(candidates) == naive.search_space(method, n)
        for position, b in enumerate(candidates):
            assert naive.rank(method, b) == position
    # bruteforce: sets of squares; those with one queen per column are placements b
    checked = 0
    for position, (squares, _) in enumerate(naive._bruteforce(n)):
        if len({s // n for s in squares}) == n:
            assert naive.rank("bruteforce", [s % n for s in squares]) == position
            checked += 1
    assert checked == n**n


def test_random_search_is_reproducible_and_valid() -> None:
    a = naive.random_search(8, random.Random(5))
    b = naive.random_search(8, random.Random(5))
    assert a == b and a is not None
    assert a.solution in set(reference_solutions(8))
    assert naive.random_search(3, random.Random(1), max_tries=500) is None


@pytest.mark.parametrize("runs", sweep([100, 300], everyday=[100]))
def test_mean_tries_is_reproducible_and_plausible(runs: int) -> None:
    stats = naive.mean_tries(8, runs, seed=1)
    assert stats == naive.mean_tries(8, runs, seed=1)
    assert stats.fewest <= stats.mean <= stats.most
    # Geometric with mean 40320/92 = 438: the runs land within a wide band around it.
    assert 300 < stats.mean < 600
    with pytest.raises(ValueError, match="no solution"):
        naive.mean_tries(3, 5, seed=1)


@pytest.mark.parametrize(
    "sizes", sweep([range(4, 200), range(200, 2001)], everyday=[range(4, 200)])
)
def test_valid_for_every_n_from_4_to_2000(sizes: range) -> None:
    """Every residue of n modulo 6 many times over in the everyday run; up to 2000 in the
    thorough tier."""
    for n in sizes:
        b = construct(n)
        assert sorted(b) == list(range(n))
        assert is_valid(b), n


@pytest.mark.parametrize(
    "n",
    sweep(
        [100_004, 99_999, 1_000_000, 1_000_001, 1_000_002, 1_000_003, 1_000_004, 999_999],
        everyday=[100_004, 99_999],  # n % 6 == 2 and 3: the construction's two special cases
    ),
)
def test_valid_for_huge_n(n: int) -> None:
    assert is_valid(construct(n))


def test_small_boards() -> None:
    assert construct(1) == [0]
    assert construct(4) == [1, 3, 0, 2]
    assert attacks(construct(8)) == []
    for n in (2, 3):
        with pytest.raises(ValueError, match="no solution"):
            construct(n)
    with pytest.raises(ValueError):
        construct(0)
    b = construct(1000)  # the checker catches a broken construction
    b[10], b[11] = b[11], b[10]
    assert not is_valid(b)


EDUTECNICA_LISTING = """\
0 4 7 5 2 6 1 3
0 5 7 2 6 3 1 4
0 6 3 5 7 1 4 2
0 6 4 7 1 3 5 2
1 3 5 7 2 0 6 4
1 4 6 0 2 7 5 3
1 4 6 3 0 7 5 2
1 5 0 6 3 7 2 4"""


def test_tenta_and_the_recipe_find_every_solution_in_the_edutecnica_pages_order() -> None:
    lines = [" ".join(map(str, s)) for s in itertools.islice(tenta(8), 8)]
    assert "\n".join(lines) == EDUTECNICA_LISTING
    for n in range(1, 9):
        assert list(tenta(n)) == reference_solutions(n)
        reference = reference_solutions(n)  # the recipe's too, in order
        assert recipe_queens.all_solutions(n) == reference
        assert recipe_queens.first_solution(n) == (reference[0] if reference else None)


def squares_tested_by_the_lecture(n: int) -> int:
    return sum(1 for kind, _, _ in lecture_ticks(n) if kind in ("attacked", "placed"))


def test_tenta_is_lazy_and_tests_the_squares_the_lecture_loop_tests() -> None:
    tally = Tally()
    next(tenta(8, tally))
    assert tally.checks == squares_tested_by_the_lecture(8)
    tally = Tally()
    first_solution(8, tally)
    assert tally.checks == squares_tested_by_the_lecture(8)


def test_sicura_and_isf_agree_and_hetmany_and_queens_rek_find_the_first_solution() -> None:
    T = [0, 4, 7, 5, 2, 6, 1, 3]
    for k in range(8):
        for row in range(8):
            assert sicura(T, k, row) == isf(k, row, T)
    assert not sicura([0], 1, 1) and not sicura([0], 1, 0) and sicura([0], 1, 2)
    a = [-1] * 8
    assert hetmany(8, 0, a) and a == [0, 4, 7, 5, 2, 6, 1, 3]
    assert queensRek(3)[0] == -1
    k, b = queensRek(6)
    assert k == 6 and tuple(b) == reference_solutions(6)[0]
    for n in range(1, 9):
        reference = reference_solutions(n)
        assert first_solution(n) == (reference[0] if reference else None)


def left_over(engine: ScanEngine) -> set[int]:
    frame = ScanView().frame(engine.snapshot(), "off")
    (head, row) = frame.tables.rows  # k (the index row), T
    assert [cell.text for cell in head.cells] == [str(k) for k in range(len(row.cells))]
    return {k for k, cell in enumerate(row.cells) if cell.mark is CellMark.STALE}


def test_only_columns_a_removed_queen_stood_in_are_left_over() -> None:
    engine = ScanEngine(6, Mode.ALL)
    reached: set[int] = set()  # the columns a queen has been placed in so far
    history: list[set[int]] = []
    for _ in range(300):
        if engine.step() is None:
            break
        snapshot = engine.snapshot()
        reached |= {col for col, _ in snapshot.placed}
        on_board = {col for col, _ in snapshot.placed}
        shown = left_over(engine)
        assert shown <= reached - on_board, (engine.tick, shown, reached, on_board)
        assert shown == snapshot.held - on_board
        history.append(shown)
    assert any(history), "a backtrack left a T[k] over somewhere"
    # The first ticks, before any queen reached columns 2 to 4: none of them in parentheses.
    engine.reset()
    for _ in range(3):
        engine.step()
    assert left_over(engine) == set()
    # Stepping back gives each tick's marks again.
    engine.reset()
    for _ in range(len(history)):
        engine.step()
    for shown in reversed(history):
        assert left_over(engine) == shown
        engine.back()


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


def test_the_notes_counter_numbers_each_solution_found() -> None:
    """(The solutions, in the notes' order: test_stepping_engines's test of every engine.)"""
    events = list(RecursiveEngine(4, Mode.ALL).events())
    assert [e.number for e in events if isinstance(e, Found)] == [1, 2]  # the counter
    assert events[-2:] == [Return(0), Done(2)]
    assert any(isinstance(e, RemoveQueen) for e in events)


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


MAZE = ["#########", "#S..#...#", "#.#.#.#.#", "#.#...#E#", "#########"]


def test_queen_has_the_notes_ingredients_rules_and_solve() -> None:
    queen = Queen(4)
    start = QueenState.start(4)
    assert start == QueenState((None, None, None, None), 0)
    assert not queen.isFinal(start)
    assert list(queen.allMoves(start)) == [0, 1, 2, 3]
    assert queen.isAdm(start, 0)
    after = queen.newStato(start, 1)
    assert after == queen.newState(start, 1) == QueenState((1, None, None, None), 1)
    assert start.regine == (None,) * 4  # newState builds a new state
    assert not queen.isAdm(after, 0) and not queen.isAdm(after, 1) and queen.isAdm(after, 3)
    assert queen.isFinal(QueenState((1, 3, 0, 2), 4))
    assert queen.Solve(QueenState.start(4)) == [True, QueenState((1, 3, 0, 2), 4)]
    assert Queen(3).Solve(QueenState.start(3)) == [False]  # Solve returns the notes' list
    assert attackingQ(0, 0, 1, 1) and attackingQ(0, 1, 1, 0) and attackingQ(0, 2, 3, 2)
    assert not attackingQ(0, 0, 1, 2)
    assert checkQueen([0, None], 1, 2) and not checkQueen([0, None], 1, 1)


def test_recipe_solves_a_maze_finds_none_without_a_way_and_every_path_and_refuses_a_bad_one() -> (
    None
):
    path = solve_maze(MAZE)
    assert path is not None
    maze = Maze.parse(MAZE)
    assert path[0] == maze.start == (1, 1) and path[-1] == maze.end == (3, 7)
    assert len(set(path)) == len(path)
    for (r1, c1), (r2, c2) in itertools.pairwise(path):
        assert abs(r1 - r2) + abs(c1 - c2) == 1
        assert maze.is_open((r2, c2))
    drawn = maze.draw(path).splitlines()
    assert drawn[1] == "#S**#***#" and drawn[3] == "#.#***#E#"
    assert solve_maze(["S#E"]) is None
    long = solve_maze(["S" + "." * 1500 + "E"])  # no deep recursion
    assert long is not None and len(long) == 1502
    search = MazeSearch(Maze.parse(["S..", "...", "..E"]))
    paths = list(search.solutions(search.start()))
    assert len(paths) == len(set(paths)) == 12  # the simple paths across a 3x3 room
    assert all(p[0] == (0, 0) and p[-1] == (2, 2) for p in paths)
    assert search.examined > 0
    for lines, message in (
        (["S.."], "exactly one 'E'"),
        (["SSE"], "exactly one 'S'"),
        (["S?E"], "'?'"),
    ):
        with pytest.raises(ValueError, match=message):
            Maze.parse(lines)


class SeedQueen(BackTrack[list[Any], int]):
    """The Salerno notes' ``class Queen(BackTrack)`` as the slide writes it: a list state,
    ``newStato``."""

    def __init__(self, n: int) -> None:
        super().__init__()
        self.n = n

    def allMoves(self, stato: list[Any]) -> list[int]:
        return list(range(self.n))

    def isAdm(self, stato: list[Any], m: int) -> bool:
        R = stato[1]
        return checkQueen(stato[0], R, m)

    def newStato(self, stato: list[Any], m: int) -> list[Any]:
        newStato: list[Any] = []
        newStato.append(stato[0].copy())
        R = stato[1]
        newStato[0][R] = m
        newStato.append(R + 1)
        return newStato

    def isFinal(self, stato: list[Any]) -> bool:
        return bool(stato[1] == self.n)


def test_the_notes_own_queen_class_runs_on_the_base_which_needs_a_new_state_function() -> None:
    queen = SeedQueen(6)
    assert queen.Solve([[None] * 6, 0]) == [True, [list(reference_solutions(6)[0]), 6]]
    assert queen.newState([[None] * 6, 0], 2) == [[2, None, None, None, None, None], 1]
    every = [tuple(s[0]) for s in SeedQueen(6).solutions([[None] * 6, 0])]
    assert every == reference_solutions(6)

    class Incomplete(BackTrack[int, int]):
        def isFinal(self, stato: int) -> bool:
            return True

        def allMoves(self, stato: int) -> list[int]:
            return []

        def isAdm(self, stato: int, m: int) -> bool:
            return False

    with pytest.raises(TypeError, match="newStato"):
        Incomplete()


QUEEN_BODIES = {
    "isFinal": ["def isFinal(self, stato):", "return stato[1] == self.n"],
    "isAdm": [
        "def isAdm(self, stato, m):",
        "R = stato[1]",
        "return self.checkQueen(stato[0], R, m)",
    ],
    "newStato": [
        "def newStato(self, stato, m):", "newStato = []",
        "newStato.append(stato[0].copy())", "R = stato[1]", "newStato[0][R] = m",
        "newStato.append(R+1)", "return newStato",
    ],
}  # fmt: skip
MAZE_BODIES = {
    "isFinal": ["def isFinal(self, stato):", "return stato[-1] == self.exit"],
    "isAdm": [
        "def isAdm(self, stato, m):",
        "t = step(stato[-1], m)",
        "return isOpen(t) and t not in stato",
    ],
    "newStato": ["def newStato(self, stato, m):", "return stato + [step(stato[-1], m)]"],
}


@pytest.mark.parametrize(
    ("ingredients", "body"),
    [(QUEEN, QUEEN_BODIES), (MAZE_LISTING, MAZE_BODIES)],
    ids=["queens", "maze"],
)
def test_the_code_pane_marks_the_lines_each_tick_runs(
    ingredients: tuple[str, ...], body: dict[str, list[str]]
) -> None:
    """The code pane marks the whole body of the ingredient a tick calls, read from the listing."""
    code = SOLVE + ingredients
    lines = solve_lines(ingredients)

    def text(kind: str) -> list[str]:
        return [code[i].strip() for i in lines[kind]]

    call, loop, adm = (
        "def Solve(self, stato):",
        "for m in self.allMoves(stato):",
        "if self.isAdm(stato, m):",
    )
    assert text("call") == [call, "if self.isFinal(stato):", *body["isFinal"]]
    assert text("try") == [loop, *body["isAdm"], adm]
    assert text("place") == [*body["newStato"], "r = self.Solve(self.newStato(stato, m))"]
    assert text("solution") == ["if self.isFinal(stato):", *body["isFinal"], "return [True, stato]"]
    assert text("return") == [loop, "return [False]"]
    assert text("return-final") == ["return [True, stato]"]
    assert text("done") == ["return [False]"]
