"""Each view says how deep its call stack can go on a board (``Tables.room``), so that the state
pane keeps room for it from the start; here every tick of whole searches stays within it."""

from __future__ import annotations

import pytest

from solver.methods.maze.mazes import maze_specs
from solver.registry import make_engine, steppable_methods, stepped
from solver.stepping import Mode, Stop
from tests.tiers import sweep


def _has_stack(method: str) -> bool:
    view = stepped(method).make_view()
    return view.frame(make_engine(method, 4).snapshot(), "off").tables.room > 0


STACKED = [name for name in steppable_methods() if _has_stack(name)]
"""The methods with a call stack (the Wrocław loop has none)."""


def _deepest(method: str, n: int, mode: Mode, maze: str | None = None) -> tuple[int, int]:
    """The most stack lines seen over a whole search, and the room the view gave (one value)."""
    engine = make_engine(method, n, mode, maze)
    view = stepped(method).make_view()
    deepest, rooms = 0, set()
    while True:
        tables = view.frame(engine.snapshot(), "off").tables
        deepest = max(deepest, len(tables.lines))
        rooms.add(tables.room)
        if engine.run(Stop.TICK, max_ticks=1).ticks == 0:
            break
    assert len(rooms) == 1, f"{method}: the room changed during the search: {sorted(rooms)}"
    return deepest, rooms.pop()


@pytest.mark.parametrize("method", [m for m in STACKED if stepped(m).queens])
@pytest.mark.parametrize(
    ("n", "mode"),
    sweep([(n, mode) for n in (1, 4, 6) for mode in Mode], everyday=[(6, Mode.ALL)], several=True),
)
def test_the_queens_stack_stays_within_its_room(method: str, n: int, mode: Mode) -> None:
    deepest, room = _deepest(method, n, mode)
    assert 0 < deepest <= room
    # Room for the deepest stack, not a pane of blank lines: at most two lines to spare.
    assert room - deepest <= 2


@pytest.mark.parametrize("maze", maze_specs())
def test_the_maze_stack_stays_within_its_room(maze: str) -> None:
    deepest, room = _deepest("maze", 0, Mode.ALL, maze)
    assert 0 < deepest <= room


def test_the_iterative_loop_has_no_stack() -> None:
    assert "iterative" not in STACKED and "recursive" in STACKED
    assert _deepest("iterative", 5, Mode.ALL) == (0, 0)
