"""The Salerno notes' recipe on a maze: the same ``BackTrack.Solve``, a state that is the path
walked so far, walls, the path, dead ends and the Solve frames."""

from __future__ import annotations

from functools import lru_cache

from solver.messages import Message, register, render, words_version
from solver.methods.general.engine import NewState, TryMove
from solver.methods.general.view import SOLVE, solve_lines
from solver.methods.maze.maze import STEPS, WALL, Maze, step
from solver.methods.maze.mazes import MazeEngine, MazeSnapshot
from solver.stepping import Call, Found, Mode, Return
from solver.views.frame import BoardFrame, CodeFrame, Frame, Mark, Status, Tables
from solver.views.squares import TOP_DOWN

MAZE = (
    "class Maze(BackTrack):",
    "  def isFinal(self, stato):",
    "    return stato[-1] == self.exit",
    "  def allMoves(self, stato):",
    '    return ["up", "right", "down", "left"]',
    "  def isAdm(self, stato, m):",
    "    t = step(stato[-1], m)",
    "    return isOpen(t) and t not in stato",
    "  def newStato(self, stato, m):",
    "    return stato + [step(stato[-1], m)]",
)
"""The four ingredients for a maze (lines 10-19), written as the notes write Queen's."""

_LINES = solve_lines(MAZE)

register(
    {
        "maze.status.path": ("path: {count} move", "path: {count} moves"),
        "maze.move.up": "up",
        "maze.move.right": "right",
        "maze.move.down": "down",
        "maze.move.left": "left",
        "maze.frame": "Solve(at {at})",
        "maze.frame.move": "Solve(at {at})  m = {m}",
        "maze.table.title": "Solve frames",
        "maze.idle": "The state is the path walked so far, starting at S. The moves are up, "
        "right, down, left; isAdm allows a step that stays inside, hits no wall and does not "
        "come back onto the path.",
        "maze.call": "Solve is called on the path that ends at S: isFinal asks whether it "
        "stands on the exit E.",
        "maze.free": "isAdm(stato, {m}): ({r}, {c}) is open and not on the path. Admissible.",
        "maze.wall": "isAdm(stato, {m}): ({r}, {c}) is a wall. Not admissible: the next move is "
        "tried.",
        "maze.outside": "isAdm(stato, {m}): ({r}, {c}) is outside the maze. Not admissible.",
        "maze.visited": "isAdm(stato, {m}): ({r}, {c}) is already on the path. Not admissible: "
        "the search must not walk in circles.",
        "maze.place": "newStato walks {m} to ({r}, {c}); Solve is called on the longer path.",
        "maze.final.first": "The path reaches E after {moves} moves: Solve returns [True, stato].",
        "maze.final.all": "Path {number} reaches E after {moves} moves. To find every path the "
        "tutor goes on instead of returning.",
        "maze.return": "Every move from ({r}, {c}) has been tried: a dead end. Solve returns "
        "[False] and the path shrinks back to ({pr}, {pc}).",
        "maze.return.final": "The path to E is left; the search goes on from ({pr}, {pc}).",
        "maze.done.none": "The first Solve has returned: there is no path from S to E.",
        "maze.done": (
            "The first Solve has returned: {count} path from S to E found.",
            "The first Solve has returned: {count} paths from S to E found.",
        ),
    }
)


def move_name(move: str) -> Message:
    """A move of allMoves (``right``) by its name in the language in use."""
    return Message.of(f"maze.move.{move}")


_SHOWN_CODE: dict[int, tuple[str, ...]] = {}


def shown_code() -> tuple[str, ...]:
    """Solve and the maze's ingredients as the code pane shows them: allMoves names the moves as the
    narration does, in the language in use (made once a language)."""
    version = words_version()
    lines = _SHOWN_CODE.get(version)
    if lines is None:
        names = ", ".join(f'"{render(move_name(move))}"' for move in STEPS)
        moves = MAZE.index('    return ["up", "right", "down", "left"]')
        maze = (*MAZE[:moves], f"    return [{names}]", *MAZE[moves + 1 :])
        _SHOWN_CODE.clear()
        lines = _SHOWN_CODE[version] = SOLVE + maze
    return lines


class MazeView:
    """Frames for :class:`solver.methods.maze.mazes.MazeEngine` snapshots."""

    method = "maze"
    layout = TOP_DOWN  # the maze as its rows are written

    def frame(self, snapshot: MazeSnapshot, overlay: str) -> Frame:
        maze = snapshot.maze
        event = snapshot.last_event
        on_path = set(snapshot.path)
        here = snapshot.path[-1] if snapshot.path else maze.start
        lines = []
        for r, text in enumerate(maze.rows):
            line = []
            for c, char in enumerate(text):
                square = (r, c)
                if square == snapshot.trying and char != WALL:  # a wall stays a wall
                    admissible = isinstance(event, TryMove) and event.admissible
                    mark = Mark.TRYING if admissible else Mark.CANDIDATE
                elif square == here and snapshot.path:
                    mark = Mark.HERE
                elif char == "S":
                    mark = Mark.START
                elif char == "E":
                    mark = Mark.EXIT
                elif square in on_path:
                    mark = Mark.PATH
                elif char == WALL:
                    mark = Mark.WALL
                elif square in snapshot.dead_ends:
                    mark = Mark.DEAD_END
                else:
                    mark = Mark.FLOOR
                line.append(mark)
            lines.append(tuple(line))
        focus_r, focus_c = snapshot.trying or here
        board = BoardFrame(
            squares=tuple(lines),
            row_labels=tuple(str(r) for r in range(len(maze.rows))),
            col_labels=tuple(str(c) for c in range(len(maze.rows[0]))),
            focus=(focus_c, focus_r),
            checkered=False,
        )
        kind = event.kind if event is not None else ""
        if isinstance(event, Return) and event.at[-1] == maze.end:
            kind = "return-final"
        frames = tuple(
            render(Message.of("maze.frame.move", at=f.stato[-1], m=move_name(f.move)))
            if f.move is not None
            else render(Message.of("maze.frame", at=f.stato[-1]))
            for f in reversed(snapshot.frames)
        )
        return Frame(
            method=self.method,
            board=board,
            tables=Tables((), lines=frames, room=_open_squares(maze)),
            code=CodeFrame("BackTrack.Solve", shown_code(), _LINES.get(kind, ())),
            narration=(_narrate(snapshot),),
            status=Status.of(
                snapshot,
                f"{len(maze.rows)}x{len(maze.rows[0])}",
                render(Message.of("maze.status.path", count=max(len(snapshot.path) - 1, 0))),
            ),
            table_title=render(Message.of("maze.table.title")),
        )


def _narrate(snapshot: MazeSnapshot) -> Message:
    event = snapshot.last_event
    if event is None:
        return Message.of("maze.idle")
    if isinstance(event, Call):
        return Message.of("maze.call")
    if isinstance(event, TryMove):
        target = step(event.stato[-1], event.move)
        key = "free" if event.admissible else snapshot.maze.closed(event.stato, target)
        return Message.of(f"maze.{key}", m=move_name(event.move), r=target[0], c=target[1])
    if isinstance(event, NewState):
        r, c = event.new[-1]
        return Message.of("maze.place", m=move_name(event.move), r=r, c=c)
    if isinstance(event, Found):
        moves = len(event.solution) - 1
        if snapshot.mode is Mode.FIRST:
            return Message.of("maze.final.first", moves=moves)
        return Message.of("maze.final.all", moves=moves, number=event.number)
    if isinstance(event, Return):
        (r, c) = event.at[-1]
        pr, pc = snapshot.path[-1] if snapshot.path else (r, c)
        if event.at[-1] == snapshot.maze.end:
            return Message.of("maze.return.final", pr=pr, pc=pc)
        return Message.of("maze.return", r=r, c=c, pr=pr, pc=pc)
    if snapshot.solutions_found == 0:
        return Message.of("maze.done.none")
    return Message.of("maze.done", count=snapshot.solutions_found)


@lru_cache(maxsize=16)
def _open_squares(maze: Maze) -> int:
    """Squares that are not wall: a path, and so the stack of Solve frames, is never longer."""
    return sum(char != WALL for line in maze.rows for char in line)


def given_maze(rows: tuple[str, ...]) -> BoardFrame:
    """The board of the maze a question is about, before its search starts."""
    return MazeView().frame(MazeEngine(Maze.parse(rows)).snapshot(), "off").board
