"""A second instance of the general recipe: a path through a maze (the Wrocław lecture also searches
a labyrinth with backtracking)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solver.messages import BadValue, register
from solver.methods.general.recipe import BackTrack

Square = tuple[int, int]
"""(row, column), row 0 at the top as the text is written."""

STEPS: dict[str, Square] = {"up": (-1, 0), "right": (0, 1), "down": (1, 0), "left": (0, -1)}

register(
    {
        "maze.char": "row {row}, column {col}: {char} is not one of '#', '.', ' ', 'S', 'E'",
        "maze.marks": (
            "a maze needs exactly one {mark}, this one has {count}",
            "a maze needs exactly one {mark}, this one has {count}",
        ),
    }
)

WALL = "#"


def step(square: Square, move: str) -> Square:
    """The square ``move`` leads to from ``square``."""
    (r, c), (dr, dc) = square, STEPS[move]
    return r + dr, c + dc


PATH = "*"


@dataclass(frozen=True, slots=True)
class Maze:
    """A parsed maze: its open squares, start and exit."""

    rows: tuple[str, ...]
    start: Square
    end: Square

    @classmethod
    def parse(cls, lines: Sequence[str]) -> Maze:
        """Read a maze from text lines; ValueError for a missing/duplicate S or E or a bad char."""
        width = max((len(line) for line in lines), default=0)
        rows = tuple(line.ljust(width, WALL) for line in lines)
        found: dict[str, list[Square]] = {"S": [], "E": []}
        for r, line in enumerate(rows):
            for c, char in enumerate(line):
                if char in found:
                    found[char].append((r, c))
                elif char not in "#. ":
                    raise BadValue.of("maze.char", row=r, col=c, char=repr(char))
        for mark, where in found.items():
            if len(where) != 1:
                raise BadValue.of("maze.marks", mark=repr(mark), count=len(where))
        return cls(rows, found["S"][0], found["E"][0])

    def is_open(self, square: Square) -> bool:
        r, c = square
        return 0 <= r < len(self.rows) and 0 <= c < len(self.rows[r]) and self.rows[r][c] != WALL

    def closed(self, path: Sequence[Square], square: Square) -> str:
        """Why a step to ``square`` from the end of ``path`` is not admissible: ``outside``,
        ``visited`` or ``wall``."""
        r, c = square
        if not (0 <= r < len(self.rows) and 0 <= c < len(self.rows[r])):
            return "outside"
        return "visited" if square in path else "wall"

    def draw(self, path: Sequence[Square]) -> str:
        """The maze with the path's squares between S and E marked ``*``."""
        grid = [list(line) for line in self.rows]
        for r, c in path:
            if grid[r][c] not in "SE":
                grid[r][c] = PATH
        return "\n".join("".join(row) for row in grid)


class MazeSearch(BackTrack[tuple[Square, ...], str]):
    """Find a path from S to E by the recipe; states are paths, moves are step names."""

    def __init__(self, maze: Maze) -> None:
        super().__init__()
        self.maze = maze

    def start(self) -> tuple[Square, ...]:
        return (self.maze.start,)

    def isFinal(self, stato: tuple[Square, ...]) -> bool:
        return stato[-1] == self.maze.end

    def allMoves(self, stato: tuple[Square, ...]) -> list[str]:
        return list(STEPS)

    def isAdm(self, stato: tuple[Square, ...], m: str) -> bool:
        target = step(stato[-1], m)
        return self.maze.is_open(target) and target not in stato

    def newState(self, stato: tuple[Square, ...], m: str) -> tuple[Square, ...]:
        return (*stato, step(stato[-1], m))


def solve_maze(lines: Sequence[str]) -> tuple[Square, ...] | None:
    """A path from S to E (every square, S first, E last), or None when E cannot be reached."""
    search = MazeSearch(Maze.parse(lines))
    return search.solve(search.start())
