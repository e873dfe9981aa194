"""What the boards draw is true, worked out from the queens' positions and the maze's own text:
every square a queen on the board attacks is drawn attacked, a compared queen is an attacker
only when it attacks, a wall the maze's search bumps into stays a wall."""

from __future__ import annotations

import pytest

from solver.events import Backtrack
from solver.geometry import attacked_squares
from solver.methods.maze.maze import WALL
from solver.methods.scan.engine import Compare
from solver.registry import make_engine, stepped
from solver.stepping import Mode, Stop
from solver.views.frame import BoardFrame, Mark

ATTACK_MARKS = {Mark.ATTACKED, Mark.LINE_ROW, Mark.LINE_SUM, Mark.LINE_DIFF, Mark.CANDIDATE}


def at(board: BoardFrame, col: int, row: int) -> Mark:
    """The mark of (column, row), row 0 at the bottom as the Wrocław lecture draws it."""
    return board.squares[len(board.squares) - 1 - row][col]


@pytest.mark.parametrize("n", [4, 6])
def test_every_square_a_waiting_queen_attacks_is_drawn_attacked_at_every_backtrack(n: int) -> None:
    """Column k's queen waiting after a backtrack included (n = 4, tick 17: b = [0, 3, 1, -1])."""
    engine = make_engine("iterative", n, Mode.FIRST, None)
    view = stepped("iterative").make_view()
    backtracks = 0
    while engine.run(Stop.TICK, max_ticks=1).ticks:
        snapshot = engine.snapshot()
        k = snapshot.k
        if not isinstance(snapshot.last_event, Backtrack) or k < 0:
            continue
        backtracks += 1
        queens = [(c, snapshot.b[c]) for c in range(k + 1)]
        board = view.frame(snapshot, "off").board
        assert board is not None
        assert at(board, k, snapshot.b[k]) is Mark.QUEEN
        for col, row in attacked_squares(queens, n):
            if col != k:  # column k's own squares above its queen are the loop's next tries
                assert at(board, col, row) is Mark.ATTACKED, (snapshot.tick, col, row)
    assert backtracks >= n


def test_the_scan_method_draws_a_compared_queen_as_an_attacker_only_when_it_attacks() -> None:
    engine = make_engine("scan", 5, Mode.FIRST, None)
    view = stepped("scan").make_view()
    seen = {True: 0, False: 0}
    while engine.run(Stop.TICK, max_ticks=1).ticks and engine.tick < 400:
        snapshot = engine.snapshot()
        event = snapshot.last_event
        if not isinstance(event, Compare):
            continue
        board = view.frame(snapshot, "off").board
        assert board is not None
        compared = at(board, event.i, event.xriga)
        attacks = event.rule is not None
        assert (compared is Mark.ATTACKER) == attacks, (snapshot.tick, event)
        assert compared in ({Mark.ATTACKER} if attacks else {Mark.QUEEN})
        seen[attacks] += 1
    assert seen[True] > 5 and seen[False] > 5


def test_a_wall_the_maze_search_bumps_into_stays_a_wall() -> None:
    engine = make_engine("maze", 0, Mode.FIRST, "rooms")
    view = stepped("maze").make_view()
    walls = 0
    while engine.run(Stop.TICK, max_ticks=1).ticks and engine.tick < 2000:
        snapshot = engine.snapshot()
        trying = snapshot.trying
        if trying is None:
            continue
        r, c = trying
        rows = snapshot.maze.rows
        if not (0 <= r < len(rows) and 0 <= c < len(rows[r])):
            continue
        board = view.frame(snapshot, "off").board
        assert board is not None
        drawn = board.squares[r][c]
        if rows[r][c] == WALL:
            walls += 1
            assert drawn is Mark.WALL, (snapshot.tick, trying)
            assert board.focus == (c, r)  # the cursor is on the wall tried
        else:
            assert drawn in {Mark.TRYING, Mark.CANDIDATE}
    assert walls > 3
