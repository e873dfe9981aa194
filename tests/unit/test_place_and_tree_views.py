"""The headless views of the place board and of the search tree (solver/placement/view.py,
tree_view.py): marks and cursor, one line per node, the ASCII set all ASCII."""

from __future__ import annotations

import pytest

from solver.messages import render
from solver.methods.iterative.engine import IterativeEngine
from solver.placement.board import Exhaustion, Placement, explain_pair
from solver.placement.view import (
    PAIRS_LISTED,
    PlaceView,
    exhaustion_lines,
    more_pairs_line,
    pair_lines,
)
from solver.registry import steppable_methods, stepped
from solver.stepping import Mode, Stop
from solver.tree.tree import SearchTree
from solver.tree.view import TreeFollower, refusal, tree_frame
from solver.views.frame import Mark
from tui.widgets.tree_pane import ASCII_CHARS, UNICODE_CHARS


def test_the_board_marks_the_pair_its_line_and_the_cursor() -> None:
    board = Placement(4)
    board.set_queens([(0, 0), (2, 2), (3, 0)])
    frame = PlaceView().board(board.state(), (3, 3), hints=False)
    drawn = {(c, 3 - line): m for line, row in enumerate(frame.squares) for c, m in enumerate(row)}
    # (0, 0)-(2, 2) along i-j through (1, 1); (0, 0)-(3, 0) along row 0 through (1, 0), (2, 0).
    assert drawn[0, 0] is drawn[2, 2] is drawn[3, 0] is Mark.ATTACKER
    assert drawn[1, 1] is Mark.LINE_DIFF
    assert drawn[1, 0] is drawn[2, 0] is Mark.LINE_ROW
    assert drawn[3, 3] is Mark.FREE  # no hints: attacked squares are not given away
    assert frame.cursor == (3, 0)  # drawn: column 3 on the top line
    hinted = PlaceView().board(board.state(), (3, 3), hints=True)
    assert hinted.squares[0][3] is Mark.ATTACKED  # (3, 3) shares a column with (3, 0)


def test_a_placement_is_said_to_work_only_once_tried() -> None:
    board, known = Placement(4), Exhaustion(4)
    _, lines = exhaustion_lines(known, ("Q", "?", "."))
    assert all(render(line.message).endswith("not tried yet") for line in lines)
    board.set_queens(enumerate((1, 3, 0, 2)))
    known.observe(board.state())
    _, lines = exhaustion_lines(known, ("Q", "?", "."))
    assert [render(x.message) for x in lines if x.candidate.tried] == ["Q [1, 3, 0, 2]: a solution"]


@pytest.mark.parametrize("method", steppable_methods())
def test_the_follower_asks_the_kit_and_refuses_large_boards(method: str) -> None:
    kit = stepped(method)
    follower = TreeFollower(ASCII_CHARS)
    engine = kit.make_engine(4, Mode.FIRST, None if kit.queens else "corridor")
    if not kit.has_tree:
        snapshot = engine.snapshot()
        assert refusal(kit, snapshot) is not None and follower.frame(kit, snapshot) is None
        return
    big = kit.make_engine(7).snapshot()
    assert "up to n = 6" in render(refusal(kit, big))  # type: ignore[arg-type]
    engine.run(Stop.END)
    frame = follower.frame(kit, engine.snapshot())
    assert frame is not None and frame.title == "search tree: 26 nodes"
    engine.mode = Mode.ALL  # a switch of mode: the tree follows on
    engine.run(Stop.END)
    frame = follower.frame(kit, engine.snapshot())
    assert frame is not None and frame.title == "search tree: 60 nodes"


def test_a_crowded_board_lists_the_first_pairs_and_counts_the_rest() -> None:
    """A full 10 x 10 board has thousands of attacking pairs: the pane lists PAIRS_LISTED of
    them and says how many more (every key laid out all of them again: 0.4-0.6 s a key)."""
    board = Placement(10)
    board.set_queens((col, row) for col in range(10) for row in range(10))
    state = board.state()
    listed = pair_lines(state)
    assert len(listed) == PAIRS_LISTED < len(state.attacks)
    assert [render(m) for m in listed] == [render(explain_pair(p)) for p in state.attacks[:40]]
    more = more_pairs_line(state)
    assert more is not None
    rest = len(state.attacks) - 40
    assert render(more) == f"{rest:,} more pairs attack (the first 40 are listed)."
    board.set_queens([(0, 0), (1, 1)])
    assert len(pair_lines(board.state())) == 1 and more_pairs_line(board.state()) is None


def test_the_board_state_is_one_value_until_the_next_move() -> None:
    board = Placement(5)
    board.push((0, 0))
    first = board.state()
    assert board.state() is first  # a cursor move asks again: nothing is found twice
    board.push((1, 1))
    second = board.state()
    assert second is not first and len(second.attacks) == 1
    board.pop()
    assert board.state() == first and board.state() is not second
    board.set_queens([(2, 2)])
    assert board.state().queens == frozenset({(2, 2)})


def test_the_tick_that_backtracks_to_a_queen_leaves_it_standing_in_the_tree() -> None:
    """The node backtracked to keeps its queen (as the board does) until the next tick lifts it."""
    engine = IterativeEngine(4, Mode.FIRST)
    tree = SearchTree(4)
    for _ in range(9):
        engine.step()
    tree.follow(engine.snapshot())
    assert engine.b[1] == 2 and engine.k == 1, (engine.b, engine.k)  # the queen still stands
    frame = tree_frame(tree, UNICODE_CHARS)
    marked = frame.lines[frame.current].text
    assert "b[1]=2" in marked and "back from col 2" in marked, marked
    assert UNICODE_CHARS.placed in marked and UNICODE_CHARS.left not in marked, marked
    engine.step()
    tree.follow(engine.snapshot())
    lifted = next(
        line.text for line in tree_frame(tree, UNICODE_CHARS).lines if "b[1]=2" in line.text
    )
    assert "backtracked" in lifted and UNICODE_CHARS.left in lifted, lifted
