"""Mazes for the general recipe: a few built in, seeded random ones, and the steppable engine."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from solver.messages import BadValue, register
from solver.methods.general.engine import RecipeEngine, RecipeEvent, RecipeFrame, TryMove
from solver.methods.maze.maze import Maze, MazeSearch, Square, step
from solver.stepping import Kind, Mode, SnapshotBase

_FINAL, _RETURN, _DONE = int(Kind.SOLUTION), int(Kind.BACKTRACK), int(Kind.DONE)

BUILTIN: dict[str, tuple[str, ...]] = {
    "corridor": (
        "#######",
        "#S....#",
        "#.###.#",
        "#.#E#.#",
        "#.#.#.#",
        "#...#.#",
        "#######",
    ),
    "detour": (
        "#########",
        "#S#.....#",
        "#.#.###.#",
        "#...#...#",
        "###.#.###",
        "#...#..E#",
        "#.#####.#",
        "#.......#",
        "#########",
    ),
    "rooms": (
        "###############",
        "#S..#.....#...#",
        "#.#.#.###.#.#.#",
        "#.#...#.....#.#",
        "#.#####.#####.#",
        "#...#...#...#.#",
        "###.#.###.#.#.#",
        "#.....#...#..E#",
        "###############",
    ),
}
"""Built-in mazes by name: ``#`` wall, ``.`` floor, ``S`` start, ``E`` exit."""

MIN_SIDE = 5
MAX_SIDE = 31


def random_maze(rows: int, cols: int, seed: int) -> Maze:
    """A maze of ``rows`` x ``cols`` squares (odd sizes: walls between the cells) dug by a seeded
    depth-first walk, so every square is reachable: S top left, E bottom right."""
    if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
        raise BadValue.of("maze.side", min=MIN_SIDE, max=MAX_SIDE)
    rows -= 1 - rows % 2  # odd: a wall all around and between the cells
    cols -= 1 - cols % 2
    grid = [["#"] * cols for _ in range(rows)]
    rng = random.Random(seed)
    stack = [(1, 1)]
    grid[1][1] = "."
    while stack:
        r, c = stack[-1]
        neighbours = [
            (r + dr, c + dc, r + dr // 2, c + dc // 2)
            for dr, dc in ((-2, 0), (0, 2), (2, 0), (0, -2))
            if 0 < r + dr < rows - 1 and 0 < c + dc < cols - 1 and grid[r + dr][c + dc] == "#"
        ]
        if not neighbours:
            stack.pop()
            continue
        nr, nc, wr, wc = rng.choice(neighbours)
        grid[wr][wc] = grid[nr][nc] = "."
        stack.append((nr, nc))
    grid[1][1] = "S"
    grid[rows - 2][cols - 2] = "E"
    return Maze.parse(["".join(line) for line in grid])


@lru_cache(maxsize=8)
def maze_from_spec(spec: str | None) -> Maze:
    """A built-in maze by name, or ``random``, ``random:SEED`` or ``random:SEED:ROWSxCOLS`` (default
    11x15); None is the first built-in."""
    if spec is None:
        spec = next(iter(BUILTIN))
    if spec in BUILTIN:
        return Maze.parse(BUILTIN[spec])
    kind, _, rest = spec.partition(":")
    if kind != "random":
        raise BadValue.of("maze.unknown", spec=repr(spec), names=", ".join(BUILTIN))
    seed_text, _, size = rest.partition(":")
    try:
        seed = int(seed_text) if seed_text else 1
        rows, cols = (int(x) for x in size.lower().split("x")) if size else (11, 15)
    except ValueError:
        raise BadValue.of("maze.bad", spec=repr(spec)) from None
    if not 0 <= seed < 2**32:
        raise BadValue.of("maze.seed", spec=repr(spec), max=2**32 - 1)
    return random_maze(rows, cols, seed)


def next_maze_spec(spec: str | None, delta: int) -> str:
    """The maze after (``delta`` 1) or before (-1) ``spec``: the built-ins in order, then
    ``random:1``, ``random:2``, ..."""
    names = list(BUILTIN)
    if spec is None:
        spec = names[0]
    if spec in names:
        index = names.index(spec) + delta
    else:
        try:
            index = len(names) - 1 + int(spec.split(":")[1])
        except (IndexError, ValueError):
            index = len(names)
        index += delta
    index = max(index, 0)
    return names[index] if index < len(names) else f"random:{index - len(names) + 1}"


@dataclass(frozen=True, slots=True, kw_only=True)
class MazeSnapshot(SnapshotBase):
    """The maze search between two ticks (``n``: the maze's rows; ``solutions``: the paths from S to
    E found so far)."""

    method: ClassVar[str] = "maze"
    maze: Maze
    last_event: RecipeEvent[tuple[Square, ...], str] | None
    frames: tuple[RecipeFrame[tuple[Square, ...], str], ...]
    path: tuple[Square, ...]
    """The path walked so far: S first, where the search stands last."""
    trying: Square | None
    """The square the move being tested leads to (after a TryMove tick)."""
    dead_ends: frozenset[Square]
    solutions: tuple[tuple[Square, ...], ...]


class MazeEngine(RecipeEngine[tuple[Square, ...], str]):
    """A path from S to E by the recipe, one tick at a time; all paths in all mode."""

    method: ClassVar[str] = "maze"

    def __init__(self, maze: Maze, mode: Mode = Mode.FIRST) -> None:
        self.maze = maze
        search = MazeSearch(maze)
        super().__init__(search, search.start(), mode, len(maze.rows))

    def _setup(self) -> None:
        super()._setup()
        self._dead: Counter[Square] = Counter()

    def _left(self) -> Square | None:
        """The square the return tick just played (or just popped) backed out of: a dead end; None
        when it left a final path (a path to E is no dead end)."""
        if self.move_stack[-1] == _FINAL:  # the tick before the return
            return None
        return (self._child() if self._frames else self.start)[-1]

    def _advance(self) -> int:
        code = super()._advance()
        if code in (_RETURN, _DONE):
            square = self._left()
            if square is not None:
                self._dead[square] += 1
        return code

    def _undo(self, code: int) -> None:
        if code in (_RETURN, _DONE):
            square = self._left()
            if square is not None:
                self._dead[square] -= 1
                if not self._dead[square]:
                    del self._dead[square]
        super()._undo(code)

    def snapshot(self) -> MazeSnapshot:
        common = self._common()
        event = common["last_event"]
        trying = None
        if isinstance(event, TryMove):
            trying = step(event.stato[-1], event.move)
        frames = self.frames
        return MazeSnapshot(
            **common,
            maze=self.maze,
            frames=frames,
            path=frames[-1].stato if frames else (),
            trying=trying,
            dead_ends=frozenset(self._dead),
        )


register(
    {
        "maze.side": "a random maze is {min} to {max} squares a side",
        "maze.unknown": "unknown maze {spec}; choose one of {names}, or random:SEED",
        "maze.bad": "bad maze {spec}: write random:SEED or random:SEED:ROWSxCOLS",
        "maze.seed": "bad maze {spec}: the seed goes from 0 to {max}",
    }
)
