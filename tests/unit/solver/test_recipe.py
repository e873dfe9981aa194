"""The general recipe (the Salerno notes): N-Queens and a maze as two instances of one BackTrack."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from solver.methods.general import queens as recipe_queens
from solver.methods.general.queens import Queen, QueenState, attackingQ, checkQueen
from solver.methods.general.recipe import BackTrack
from solver.methods.general.view import QUEEN, SOLVE, solve_lines
from solver.methods.maze.maze import Maze, MazeSearch, solve_maze
from solver.methods.maze.view import MAZE as MAZE_LISTING
from tests.unit.solver.reference_solutions import reference_solutions

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
    assert queen.is_final(QueenState((1, 3, 0, 2), 4))
    assert queen.Solve(QueenState.start(4)) == [True, QueenState((1, 3, 0, 2), 4)]
    assert Queen(3).Solve(QueenState.start(3)) == [False]  # Solve returns the notes' list
    assert attackingQ(0, 0, 1, 1) and attackingQ(0, 1, 1, 0) and attackingQ(0, 2, 3, 2)
    assert not attackingQ(0, 0, 1, 2)
    assert checkQueen([0, None], 1, 2) and not checkQueen([0, None], 1, 1)


def test_recipe_finds_every_queens_solution_in_order() -> None:
    for n in range(1, 9):
        reference = reference_solutions(n)
        assert recipe_queens.all_solutions(n) == reference
        assert recipe_queens.first_solution(n) == (reference[0] if reference else None)


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
