"""What the views draw and say is true: every square a queen attacks drawn attacked, a compared
queen an attacker only when it attacks, a wall the maze's search bumps into a wall; the place
board's pairs, lines and cursor; the search tree one node per square tried, grown, cut and
followed through mode switches; table rows' cells marked as every table marks them, and shared;
one square-naming order per method in every language; a story's sentences each begin with a
capital unless they open with code; the maze's status counts its path in moves. And where the
panes put them: one measure of the text for the screen and the plain tutor, code lines broken
between tokens, the board's cursor on the tried square."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

import solver.kit  # noqa: F401  (registers the predict.* sentences)
from lessons import i18n
from solver.events import Backtrack, Try
from solver.geometry import attacked_squares, line_between
from solver.messages import Joined, Message, render, sentence
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.maze.maze import WALL
from solver.methods.scan.engine import Compare
from solver.placement.board import Exhaustion, Placement, explain_pair
from solver.placement.view import (
    PAIRS_LISTED,
    PlaceView,
    exhaustion_lines,
    more_pairs_line,
    pair_lines,
)
from solver.registry import make_engine, steppable_methods, stepped
from solver.stepping import Mode, Stop
from solver.tree.tree import MAX_N, NodeState, SearchTree
from solver.tree.view import TreeFollower, refusal, tree_frame
from solver.views.frame import BoardFrame, Cell, CellMark, Mark
from solver.views.views import table_row
from tests.tiers import examples
from tui.glyphs import ASCII, UNICODE
from tui.widgets.board import cursor_square
from tui.widgets.code_lines import wrap_code
from tui.widgets.no_break import HOLD, cells, wrap_words
from tui.widgets.tree_pane import ASCII_CHARS, UNICODE_CHARS


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


def test_the_board_marks_the_pair_its_line_and_the_cursor() -> None:
    board = Placement(4)
    board.set_queens([(0, 0), (2, 2), (3, 0)])
    frame = PlaceView().board(board.state(), (3, 3), hints=False)
    drawn = {(c, 3 - line): m for line, row in enumerate(frame.squares) for c, m in enumerate(row)}
    # (0, 0)-(2, 2) along i-j through (1, 1); (0, 0)-(3, 0) along row 0 through (1, 0), (2, 0).
    assert drawn[0, 0] is drawn[2, 2] is drawn[3, 0] is Mark.ATTACKER
    assert drawn[1, 1] is Mark.LINE_RISING  # row 0 at the bottom: i-j rises
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


@pytest.mark.parametrize("method", [m for m in steppable_methods() if stepped(m).queens])
def test_a_diagonal_line_is_drawn_with_the_slant_it_has_on_the_screen(method: str) -> None:
    """A line from an attacker drawn falling (╲) runs down to the right on the screen and one
    drawn rising (╱) up to the right, on boards with row 0 at the bottom and at the top."""
    view = stepped(method).make_view()
    engine = make_engine(method, 6, Mode.FIRST)
    seen = 0
    while engine.run(Stop.TICK, max_ticks=1).ticks:
        squares = view.frame(engine.snapshot(), "off").board.squares
        at = {(x, y): m for y, line in enumerate(squares) for x, m in enumerate(line)}
        ends = [(a, t) for a in at if at[a] is Mark.ATTACKER for t in at if at[t] is Mark.CANDIDATE]
        diagonals = [(a, t) for a, t in ends if abs(t[0] - a[0]) == abs(t[1] - a[1])]
        for square, mark in at.items():
            if mark in (Mark.LINE_FALLING, Mark.LINE_RISING):
                seen += 1  # the slant of each attacker-to-candidate diagonal it lies on
                slants = {(t[0] - a[0]) * (t[1] - a[1]) > 0 for a, t in diagonals
                          if square in line_between(a, t)}  # fmt: skip
                assert slants == {mark is Mark.LINE_FALLING}, (method, engine.tick, square)
    assert seen or not stepped(method).tests_squares  # a kit testing no square draws none


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


def test_states_after_n4_first_solution() -> None:
    engine = IterativeEngine(4)
    engine.run(Stop.END)
    tree = SearchTree(4)
    tree.follow(engine.snapshot())
    states = [x.state for x in tree.nodes()]
    assert states.count(NodeState.SOLUTION) == 1
    assert states.count(NodeState.CUT) == engine.examined - 4 - states.count(NodeState.LEFT)
    # The first queen (column 0, row 0) was placed, searched below and left.
    assert tree.nodes()[0].state is NodeState.LEFT
    assert [(x.col, x.row) for x in tree.path()] == [(0, 1), (1, 3), (2, 0), (3, 2)]


def tries(n: int, ticks: int, cut: bool = False) -> list[tuple[int, ...]]:
    """The squares the loop tries in its first ``ticks`` ticks (the same in either mode), with
    ``cut``: and whether each was attacked."""
    replay = IterativeEngine(n, Mode.ALL)
    found: list[tuple[int, ...]] = []
    for _ in range(ticks):
        event = replay.step()
        if isinstance(event, Try):
            found.append((event.col, event.row, *([bool(event.attackers)] if cut else [])))
    return found


def past_first_solution_in_first_mode(n: int, beyond: int) -> IterativeEngine:
    """An engine ``beyond`` ticks past the first solution in all mode, switched back to first."""
    engine = IterativeEngine(n, Mode.ALL)
    engine.run(Stop.SOLUTION)
    engine.run(Stop.END, max_ticks=beyond)
    engine.mode = Mode.FIRST
    return engine


def test_a_fresh_tree_reaches_a_tick_past_the_first_solution_in_first_mode() -> None:
    engine = past_first_solution_in_first_mode(4, 2)
    solution_tick = engine.tick - 2
    follower = TreeFollower(ASCII_CHARS)
    frame = follower.frame(stepped(engine.method), engine.snapshot())
    assert frame is not None and follower.tree is not None
    assert follower.tree.tick == engine.tick > solution_tick
    labels = sorted(follower.tree.nodes(), key=lambda node: node.tick)
    assert [(node.col, node.row) for node in labels] == tries(4, engine.tick)
    assert follower.tree.mode is Mode.FIRST


def test_a_larger_board_or_a_snapshot_of_another_search_is_refused() -> None:
    with pytest.raises(ValueError, match="from 1 to 6"):
        SearchTree(7)
    tree = SearchTree(4)
    other = IterativeEngine(5)
    other.run(Stop.END, max_ticks=3)
    with pytest.raises(ValueError, match="n = 4"):
        tree.follow(other.snapshot())


Op = tuple[str, int]


@settings(max_examples=examples(80), deadline=None)
@given(
    n=st.integers(1, MAX_N),
    start=st.sampled_from(list(Mode)),
    ops=st.lists(
        st.tuples(st.sampled_from(("forward", "back", "mode", "fresh")), st.integers(1, 400)),
        max_size=12,
    ),
)
def test_the_tree_follows_any_mix_of_ticks_back_and_mode_switches(
    n: int, start: Mode, ops: list[Op]
) -> None:
    engine = IterativeEngine(n, start)
    tree = None
    follower = TreeFollower(ASCII_CHARS)
    follower.frame(stepped(engine.method), engine.snapshot())
    for op, count in ops:
        if op == "forward":
            engine.run(Stop.END, max_ticks=count)
        elif op == "back":
            engine.back_to(max(engine.tick - count, 0))
        elif op == "mode":
            engine.mode = Mode.FIRST if engine.mode is Mode.ALL else Mode.ALL
        else:  # t off and on: a new tree built straight to the tick
            follower = TreeFollower(ASCII_CHARS)
        assert follower.frame(stepped(engine.method), engine.snapshot()) is not None
        tree = follower.tree
        assert tree is not None and tree.tick == engine.tick
        nodes = sorted(tree.nodes(), key=lambda node: node.tick)
        cut = [(node.col, node.row, node.state is NodeState.CUT) for node in nodes]
        assert cut == tries(n, engine.tick, cut=True)
        assert tree.engine.b == engine.b and tree.engine.k == engine.k
        path, placed = [(x.col, x.row) for x in tree.path()], list(engine.snapshot().placed())
        assert path == placed  # the current node's path: the queens placed for good
        frame = tree_frame(tree, UNICODE_CHARS)  # one line per node and one marked
        assert len(frame.lines) == tree.size + 1
        assert [i for i, line in enumerate(frame.lines) if line.current] == [frame.current]
        assert [line.state is NodeState.CUT for line in frame.lines[1:]] == [
            node.state is NodeState.CUT for node in tree.nodes()
        ]
        assert all(line.text.isascii() for line in tree_frame(tree, ASCII_CHARS).lines)
    fresh = SearchTree(n, engine.mode)  # the same tree as one built straight to this tick
    fresh.follow(engine.snapshot())
    assert tree is None or [(x.col, x.row, x.state) for x in fresh.nodes()] == [
        (x.col, x.row, x.state) for x in tree.nodes()
    ]


def marked_one_by_one(
    texts: tuple[str, ...], read: int | None, changed: int | None, stale: frozenset[int]
) -> tuple[Cell, ...]:
    """The marks as the docstring states them, cell by cell."""
    cells = []
    for index, text in enumerate(texts):
        if index == read:
            mark = CellMark.READ
        elif index == changed:
            mark = CellMark.CHANGED
        elif index in stale:
            mark = CellMark.STALE
        else:
            mark = CellMark.PLAIN
        cells.append(Cell(text, mark))
    return tuple(cells)


index = st.none() | st.integers(min_value=-3, max_value=20)


@settings(max_examples=examples(300), deadline=None)
@given(
    texts=st.lists(st.sampled_from(["T", "F", "-", "0", "7", "12"]), max_size=16).map(tuple),
    read=index,
    changed=index,
    stale=st.frozensets(st.integers(min_value=-3, max_value=20), max_size=5),
)
def test_each_cell_is_marked_as_the_tables_mark_it(
    texts: tuple[str, ...], read: int | None, changed: int | None, stale: frozenset[int]
) -> None:
    row = table_row("c", texts, read, changed, stale)
    assert row.label == "c"
    assert row.cells == marked_one_by_one(texts, read, changed, stale)


def test_rows_of_the_same_values_share_their_cells() -> None:
    # The state table compares a new row with the one before cell by cell: by identity.
    before = table_row("a", ("T", "F", "T", "T"), read=1)
    after = table_row("a", ("T", "F", "T", "T"), read=2)
    assert before is not after
    assert all(x is y for x, y in zip(before.cells[3:], after.cells[3:], strict=True))
    assert before.cells[0] is after.cells[0]
    assert after.cells[2] == Cell("T", CellMark.READ)


STEMS = {"en": ("row", "column"), "it": ("rig", "colonn"), "pl": ("wiersz", "kolumn")}
"""The stems of the words for row and column (riga, righe; kolumna, kolumnie)."""

QUEENS = [name for name in steppable_methods() if stepped(name).queens]


def _order(text: str, language: str) -> str | None:
    """ "row" or "column": which of the two words the text names first (None: not both)."""
    row, column = (re.search(rf"\b{stem}\w*", text.lower()) for stem in STEMS[language])
    if row is None or column is None:
        return None
    return "row" if row.start() < column.start() else "column"


@pytest.mark.parametrize("language", ["en", "it", "pl"])
@pytest.mark.parametrize("method", QUEENS)
def test_the_narration_and_the_kit_name_a_square_in_one_order(method: str, language: str) -> None:
    kit = stepped(method)
    engine = kit.make_engine(5)
    view = kit.make_view()
    i18n.set_language(language)
    checked = 0
    expected = "row" if kit.wording.row_wise else "column"
    assert _order(render(kit.square_name((1, 2))), language) == expected
    while checked < 6 and engine.run(Stop.TICK, max_ticks=1).ticks:
        snapshot = engine.snapshot()
        if not kit.tests_squares:  # the kit says per iteration what its subject is
            landed = kit.landing(snapshot, (), ())
            kind = "" if landed is None else landed.kind
            expected = "row" if kit.row_wise_at(kind) else "column"
        test = kit.test_of(snapshot)
        if test is None and kit.tests_squares:
            continue
        said = [render(view.frame(snapshot, "off").narration[0])]
        if test is not None:  # a tick that tests a square: guess mode's question too
            said.append(render(kit.try_prompt(test, engine.n)))
        for text in said:  # where they name both, in the kit's order; never "rows 0 to 0"
            assert not re.search(r"\b(\d+) (?:to|a|do) \1\b", text), text
            if _order(text, language) is not None:
                assert _order(text, language) == expected, text
                checked += 1
    # a method that tests squares names them; one that never does (a bit-mask kit) may
    # name none in its narration, and then has no order to keep
    assert checked or not kit.tests_squares, f"{method}: no sentence named a square"


def test_the_turin_method_names_a_square_row_first() -> None:
    """The Turin notes' order, as its narration reads: "Row 0, column 0: c[0] ..."."""
    assert {"iterative", "recursive", "general", "scan"} <= set(QUEENS), QUEENS  # all checked
    assert render(stepped("recursive").square_name((3, 1))) == "row 1, column 3"
    assert render(stepped("iterative").square_name((3, 1))) == "column 3, row 1"


def test_each_sentence_of_a_story_begins_with_a_capital_unless_it_opens_with_code() -> None:
    told = Joined(
        tuple(
            Message.of("predict.attacked", square=square, by="column 4, row 3", why="c[4]")
            for square in ("column 3, row 5", "column 4, row 5")
        )
    )
    text = render(Message.of("idle", text=told))
    assert "Column 3, row 5 is attacked" in text, text
    assert ". Column 4, row 5 is attacked" in text, text
    # code at a sentence's start stays as it is
    assert sentence("b = [1, 3] then") == "b = [1, 3] then"
    assert sentence("k does") == "k does"
    assert sentence("newStato builds") == "newStato builds"
    assert sentence("column 3, row 1 is free") == "Column 3, row 1 is free"


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "path: {n} moves"), ("it", "percorso: {n} mosse"), ("pl", "ścieżka: {n} ruch")],
)
def test_the_status_names_the_paths_moves(language: str, words: str) -> None:
    i18n.set_language(language)
    engine = make_engine("maze", 0, Mode.FIRST, "corridor")
    engine.run(Stop.END)
    snapshot = engine.snapshot()
    moves = len(snapshot.path) - 1
    assert moves > 1
    where = stepped("maze").make_view().frame(snapshot, "off").status.where
    assert where.startswith(words.format(n=moves)), where


ROOT = Path(__file__).resolve().parents[3]


def _shown_characters() -> set[str]:
    chars: set[str] = set(HOLD)
    for path in (ROOT / "lessons" / "builtin").rglob("*.md"):
        chars |= set(path.read_text(encoding="utf-8"))
    for lang in ("it", "pl"):  # every sentence, as its catalog holds it
        po = ROOT / "lessons" / "locale" / lang / "LC_MESSAGES" / "queens_tutor.po"
        chars |= set(po.read_text(encoding="utf-8"))
    for glyphs in (UNICODE, ASCII):
        for value in dataclasses.asdict(glyphs).values():
            if isinstance(value, str):
                chars |= set(value)
    return {c for c in chars if c.isprintable() or c == HOLD}


def test_the_plain_measure_is_the_screens_and_cuts_the_lines() -> None:
    shown = _shown_characters()
    assert len(shown) > 100
    differ = {c: (cells(c), cell_len(c)) for c in shown if cells(c) != cell_len(c)}
    assert not differ, differ
    # a measure passed in is the one the lines are cut by (a wide character takes two)
    text = "ab 漢字漢字 cd"
    assert wrap_words(text, 6, cell_len) == ["ab", "漢字漢", "字 cd"]
    assert all(cell_len(line) <= 6 for line in wrap_words(text, 6, cell_len))


@pytest.mark.parametrize(
    ("text", "width", "drawn"),
    [
        ("  while (b[k]<n && !isfree(k,b[k]));", 19,
         ["  while (b[k]<n && ", "!isfree(k,", "b[k]));"]),
        ("aaaaaaaa[bbbbbbbbbbbbbbbbbb]", 12, ["aaaaaaaa[", "bbbbbbbbbb", "bbbbbbbb]"]),
        ("if(c[j] && a[i+j] && b[i-j+n-1]) {", 22, ["if(c[j] && a[i+j] && ", "b[i-j+n-1]) {"]),
    ],
    ids=["after-the-comma-not-inside-b-k", "an-index-opening-last", "a-blank-first"],
)  # fmt: skip
def test_a_code_line_breaks_between_tokens(text: str, width: int, drawn: list[str]) -> None:
    assert [text[piece.start : piece.end] for piece in wrap_code(text, width, "↪")] == drawn


def _board(focus: tuple[int, int], tried: tuple[int, int] | None = None) -> BoardFrame:
    squares = [[Mark.FREE] * 4 for _ in range(4)]
    if tried is not None:
        squares[tried[1]][tried[0]] = Mark.TRYING
    labels = tuple(str(i) for i in range(4))
    return BoardFrame(tuple(map(tuple, squares)), labels, labels, focus)


def test_the_cursor_rests_on_the_tried_square_and_a_focus_past_the_last_row_is_no_error() -> None:
    assert cursor_square(_board((1, 2), tried=(1, 2))) == (1, 2)
    assert cursor_square(_board((0, 0), tried=(3, 1))) == (3, 1)
    # a column whose rows are all tried (b[k] = n) may be the focus between two ticks
    assert cursor_square(_board((2, 4))) == (2, 4)
    assert cursor_square(_board((2, 4), tried=(0, 1))) == (0, 1)


@given(
    ticks=st.integers(0, 60),
    asked=st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=2),
)
def test_the_squares_a_question_asks_about_are_the_only_ones_drawn_asked_and_queens_stay(
    ticks: int, asked: list[tuple[int, int]]
) -> None:
    """A same-diagonal question on the live board: its squares drawn as asked, none else (the
    square the loop was trying is drawn free), and a queen on one of them still a queen."""
    from solver.methods.iterative.engine import IterativeEngine
    from solver.methods.iterative.view import IterativeView
    from solver.stepping import Mode
    from solver.views.frame import Mark
    from solver.views.hidden import with_asked

    engine = IterativeEngine(5, Mode.FIRST)
    for _ in range(ticks):
        engine.step()
    board = IterativeView().frame(engine.snapshot(), "off").board
    assert board is not None
    marked = with_asked(board, tuple(asked))

    def at(frame: object, x: int, y: int) -> Mark:
        return (
            board.squares[board.row_labels.index(str(y))][x]
            if frame is board
            else (marked.squares[marked.row_labels.index(str(y))][x])
        )

    for x in range(5):
        for y in range(5):
            before, after = at(board, x, y), at(marked, x, y)
            if before in (Mark.QUEEN, Mark.ATTACKER):
                assert after is before, (x, y)
            elif (x, y) in asked:
                assert after is Mark.TRYING, (x, y)
            else:
                assert after is not Mark.TRYING and after in (before, Mark.FREE), (x, y)
