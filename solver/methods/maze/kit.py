"""G. Persiano's Salerno notes: the same ``BackTrack`` recipe finding a way through a maze, as a kit
(the tutor only: it does not solve the N-Queens problem)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from solver.kit import Reader, SteppableKit
from solver.kit_words import CHOICE_WHY, Wording
from solver.messages import N_, Message, register
from solver.method_run import MOVES_TESTED

if TYPE_CHECKING:
    from solver.methods.maze.mazes import MazeSnapshot
    from solver.peek import Iteration, Square, Test
    from solver.stepping import Mode, SearchSnapshot, SteppableSearch

MOVES = ("up", "right", "down", "left")
"""allMoves, in the notes' order."""

register(
    {
        "guess.try.maze": "isAdm(stato, {m}): is ({r}, {c}) open and not on the path?",
        "guess.land.maze": "The path stands on ({r}, {c}): which step does it take next, up, "
        "right, down or left? Or is it a dead end (Solve returns [False])?",
        "guess.cell": "({r}, {c})",
        "guess.wrong.maze.wall": "Wrong: ({r}, {c}) is a wall.",
        "guess.wrong.maze.outside": "Wrong: ({r}, {c}) is outside the maze.",
        "guess.wrong.maze.visited": "Wrong: ({r}, {c}) is already on the path.",
        "guess.wrong.maze.open": "Wrong: ({r}, {c}) is open and not on the path: the step is "
        "admissible.",
        "guess.wrong.move_missed": "Wrong: the step {move} to ({r}, {c}) comes first and is "
        "admissible.",
        "guess.wrong.move_not_tried": "Wrong: the step {guess} was tried before; the loop goes on "
        "with the step {first}.",
        "guess.wrong.maze.not_dead_end": "Wrong: not a dead end, the step to {square} is "
        "admissible.",
        "maze.dead_end": "a dead end: Solve returns [False]",
        "choice.why.maze.wall": "({r}, {c}) is a wall.",
        "choice.why.maze.outside": "({r}, {c}) is outside the maze.",
        "choice.why.maze.visited": "({r}, {c}) is already on the path.",
        "choice.why.maze.not_dead_end": "Not a dead end: a step from here is still admissible, "
        "and the path takes it.",
        "choice.why.move_missed": "A step the loop tries earlier is admissible.",
        "choice.why.move_not_tried": "The step {guess} was tried before; the loop goes on with "
        "a step it has not tried.",
    }
)
_TWINS = ("maze.wall", "maze.outside", "maze.visited", "maze.not_dead_end", "move_missed")
CHOICE_WHY.update({f"guess.wrong.{r}": f"choice.why.{r}" for r in (*_TWINS, "move_not_tried")})


def _at(s: MazeSnapshot) -> str:
    r, c = s.path[-1] if s.path else s.maze.start
    return f"({r}, {c})"


class MazeKit(SteppableKit):
    name = "maze"
    title = N_("the general BackTrack recipe on a maze")
    source = "salerno"
    unit = MOVES_TESTED
    summary = N_("the same recipe finding a way through a maze (tutor only)")
    queens = False
    own_modules = ("solver.methods.maze.maze", "solver.methods.maze.mazes")
    engine_path = "solver.methods.maze.mazes:MazeEngine"
    view_path = "solver.methods.maze.view:MazeView"
    wording = Wording(row_wise=True, moves=True)
    moves = MOVES
    not_backtrack = "guess.wrong.maze.not_dead_end"

    def move_name(self, move: str) -> Message:
        from solver.methods.maze.view import move_name

        return move_name(move)

    def dead_end_name(self) -> Message:
        return Message.of("maze.dead_end")

    expect_names: ClassVar[dict[str, Reader]] = {
        "at": _at,
        "path": lambda s: max(len(s.path) - 1, 0),  # in moves, as the status line counts it
        "dead_ends": lambda s: len(s.dead_ends),
        "depth": lambda s: len(s.frames),
    }

    def make_engine(
        self, n: int, mode: Mode | None = None, maze: str | None = None
    ) -> SteppableSearch:
        from solver.methods.maze.mazes import MazeEngine, maze_from_spec
        from solver.stepping import Mode

        return MazeEngine(maze_from_spec(maze), mode or Mode.FIRST)

    def test_of(self, snapshot: SearchSnapshot) -> Test | None:
        from solver.methods.general.engine import TryMove
        from solver.methods.maze.maze import step
        from solver.methods.maze.mazes import MazeSnapshot
        from solver.peek import Test

        event = snapshot.last_event
        if not isinstance(event, TryMove) or not isinstance(snapshot, MazeSnapshot):
            return None
        target = step(event.stato[-1], event.move)
        reason = None if event.admissible else snapshot.maze.closed(event.stato, target)
        return Test((target[1], target[0]), event.admissible, move=event.move, reason=reason)

    def landing(
        self, snapshot: SearchSnapshot, tests: tuple[Test, ...], events: tuple[object, ...]
    ) -> Iteration | None:
        from solver.methods.general.engine import NewState
        from solver.methods.maze.mazes import MazeSnapshot
        from solver.peek import Iteration
        from solver.stepping import Return

        assert isinstance(snapshot, MazeSnapshot)
        event = snapshot.last_event
        if isinstance(event, NewState):
            (r, c), (nr, nc) = event.stato[-1], event.new[-1]
            return Iteration(len(event.stato) - 1, True, event.move, (nc, nr), tests, (c, r))
        if isinstance(event, Return) and event.at[-1] != snapshot.maze.end:
            r, c = event.at[-1]
            return Iteration(len(event.at) - 1, False, None, None, tests, (c, r))
        return None

    def before_answer(self, snapshot: SearchSnapshot) -> SearchSnapshot:
        from dataclasses import replace

        from solver.methods.maze.mazes import MazeSnapshot

        assert isinstance(snapshot, MazeSnapshot)
        return replace(snapshot, trying=None)  # the last tried square is not drawn

    def square_name(self, square: Square, kind: str = "") -> Message:
        x, y = square
        return Message.of("guess.cell", r=y, c=x)

    def square_of(self, iteration: Iteration, value: int | str) -> Square | None:
        from solver.methods.maze.maze import step

        if iteration.origin is None or value not in MOVES:
            return None
        c, r = iteration.origin
        r, c = step((r, c), str(value))
        return (c, r)

    def try_prompt(self, test: Test, n: int) -> Message:
        x, y = test.square
        assert test.move is not None
        return Message.of("guess.try.maze", m=self.move_name(test.move), r=y, c=x)

    def rule_prompt(self, test: Test, n: int) -> Message | None:
        return None  # a step is blocked by a wall, the edge or the path: the feedback says which

    def land_prompt(self, iteration: Iteration, n: int) -> Message:
        assert iteration.origin is not None
        c, r = iteration.origin
        return Message.of("guess.land.maze", r=r, c=c)

    def wrong_test(self, test: Test) -> tuple[Message, ...]:
        x, y = test.square
        if test.free:
            return (Message.of("guess.wrong.maze.open", r=y, c=x),)
        return self.wrong_taken(test)

    def wrong_taken(self, test: Test) -> tuple[Message, ...]:
        x, y = test.square
        return (Message.of(f"guess.wrong.maze.{test.reason}", r=y, c=x),)

    def wrong_move(self, iteration: Iteration, move: str) -> tuple[Message, ...] | None:
        tried = [t.move for t in iteration.tests]
        answer = iteration.answer
        if answer is not None and MOVES.index(move) > MOVES.index(str(answer)):
            assert iteration.square is not None
            c, r = iteration.square
            missed = self.move_name(str(answer))
            return (Message.of("guess.wrong.move_missed", move=missed, r=r, c=c),)
        if not tried and answer is None:  # every move was tried before: the search backs out
            return (Message.of("guess.wrong.none_left", guess=self.move_name(move)),)
        first = self.move_name(str(tried[0] if tried else answer))
        return (Message.of("guess.wrong.move_not_tried", guess=self.move_name(move), first=first),)
