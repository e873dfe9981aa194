"""The kinds a review draws on a board of its own: queens placed by hand (``place``) and the
recipe on a maze (``maze``)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator

from lessons.model import BoardOp
from lessons.quiz.drawers.base import (
    Asks,
    Drawer,
    Instance,
    Known,
    Template,
    instance_of,
    plain_question,
)
from solver.methods.maze.kit import MazeKit
from solver.methods.maze.mazes import MAX_SIDE, MIN_SIDE, maze_from_spec

MAZE_SIDE = min(11, MAX_SIDE)
"""The largest maze a review digs: 11 squares a side."""
PLACE_SIZES = {"solution": (4, 5, 6, 7, 8), "exhaust": (2, 3), "drive": (4, 5)}
"""The board sizes a review asks each ``place`` goal on: a solution, every try (the boards
without a solution, where every try can be placed by hand), the loop driven by hand (to its
first solution: 31 ticks on 4 x 4, 16 on 5 x 5, where 6 x 6 takes 197)."""


class Placing(Drawer):
    """``place``: the same goal on another board size (:data:`PLACE_SIZES`)."""

    reviewed = True

    def instances(self, template: Template, known: Known, rng: random.Random) -> Iterator[Instance]:
        sizes = list(PLACE_SIZES.get(template.question.params.get("goal", "").strip(), ()))
        rng.shuffle(sizes)
        for n in sizes:
            yield instance_of(template.question, {**template.question.params, "n": str(n)})


class Mazes(Drawer):
    """``maze``: a maze of the same size, dug at random (every square reachable), asked with the
    recipe's board on it: once the question is answered, the student can step the search."""

    reviewed = True

    def own(self, template: Template) -> dict[str, str] | None:
        return {"maze": "/".join(template.question.maze)}

    def key(self, asks: Asks) -> Hashable:
        return asks.get("maze", "")

    def instances(self, template: Template, known: Known, rng: random.Random) -> Iterator[Instance]:
        lines = template.question.maze
        rows = min(max(len(lines), MIN_SIDE), MAZE_SIDE)
        cols = min(max(max((len(line) for line in lines), default=0), MIN_SIDE), MAZE_SIDE)
        for _try in range(20):
            spec = f"random:{rng.randrange(1, 2**31)}:{rows}x{cols}"
            drawn = tuple(maze_from_spec(spec).rows)
            board = BoardOp(0, 1, algorithm=MazeKit.name, maze=spec)
            question = plain_question(template.question, {}, drawn)
            yield Instance(question, board, 0, (("maze", "/".join(drawn)),))
