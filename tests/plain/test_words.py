"""The plain tutor's words for a frame: the board row by row (on a lesson's page only where it
shows the board), the state as sentences, the code with the lines run, one line a tick, and a
maze step asked for as a word."""

from __future__ import annotations

import io
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from lessons import i18n
from lessons.catalog import load_catalog
from solver.guess.game import GuessGame
from solver.messages import render
from solver.methods.iterative.engine import IterativeEngine, Snapshot
from solver.methods.iterative.narration import narrate
from solver.registry import make_engine, steppable_methods, stepped
from solver.stepping import Mode, Stop
from solver.views.frame import Cell, CellMark, CodeFrame, Frame, Mark, TableRow, Tables
from tui.plain.lesson_walk import LessonWalk
from tui.plain.output import Out
from tui.plain.words import (
    board_lines,
    code_lines,
    columns_text,
    prompt_line,
    state_brief,
    state_lines,
    tick_line,
)


def _attacks(queen: tuple[int, int], square: tuple[int, int]) -> bool:
    (qc, qr), (c, r) = queen, square
    return qc == c or qr == r or qc + qr == c + r or qr - qc == r - c


def frame_at(ticks: int, overlay: str = "off") -> tuple[Snapshot, Frame]:
    """The Wrocław lecture's loop on 4 x 4 after ``ticks`` ticks: its snapshot and frame."""
    engine = IterativeEngine(4, Mode.FIRST)
    engine.run(Stop.END, max_ticks=ticks)
    snapshot = engine.snapshot()
    return snapshot, stepped("iterative").make_view().frame(snapshot, overlay)


def test_columns_are_listed_with_runs_of_three_or_more_as_ranges() -> None:
    assert columns_text(["0", "1", "2", "3"]) == "0 to 3"
    assert columns_text(["0", "2", "4", "5", "6", "7"]) == "0, 2, 4 to 7"
    assert columns_text(["1", "2"]) == "1, 2"
    assert columns_text([]) == ""


def test_the_board_says_each_row_from_row_0_with_its_queens_and_attacked_and_free_squares() -> None:
    n = 6
    engine = IterativeEngine(n, Mode.FIRST)
    engine.run(Stop.ITERATION)
    engine.run(Stop.ITERATION)  # two queens placed, the last try found free
    snapshot = engine.snapshot()
    queens = [(col, row) for col, row in enumerate(snapshot.b) if row >= 0]
    assert len(queens) == 2
    frame = stepped("iterative").make_view().frame(snapshot, "off")
    lines = board_lines(frame.board, frame.status.size)
    assert lines[0] == "The board, n = 6; row 0 is its bottom row."
    assert len(lines) == n + 1
    for row, line in enumerate(lines[1:]):
        assert line.startswith(f"row {row}: ") and line.endswith(".")
        for col in range(n):
            if (col, row) in queens:
                assert f"queen in column {col}" in line
        attacked = [
            c
            for c in range(n)
            if (c, row) not in queens and any(_attacks(q, (c, row)) for q in queens)
        ]
        free = [c for c in range(n) if (c, row) not in queens and c not in attacked]
        said = dict(
            part.split(": ", 1)
            for part in line.removesuffix(".").split(": ", 1)[1].split("; ")
            if part.startswith(("attacked", "free"))
        )
        expected = {}
        if attacked:
            expected["attacked"] = columns_text(map(str, attacked))
        if free:
            expected["free"] = columns_text(map(str, free))
        assert {k: v.split(" ", 1)[1] for k, v in said.items()} == expected, line


def test_the_square_tried_and_its_attacker_are_said_a_hidden_board_names_only_queens() -> None:
    frame = frame_at(1)[1]  # hidden: the queens, and the rows without one
    lines = board_lines(frame.board, frame.status.size, hidden=True)
    assert lines[1:] == ["row 0: queen in column 0.", *(f"row {r}: no queen." for r in (1, 2, 3))]
    frame = frame_at(2)[1]  # column 1, row 0: attacked by the queen of column 0
    row0 = board_lines(frame.board, frame.status.size)[1]
    assert row0.startswith(
        "row 0: queen in column 0, attacking the square tried; column 1 tried and attacked;"
    )


def test_the_turin_notes_board_has_row_0_on_top_and_the_maze_says_its_walls() -> None:
    recursive = make_engine("recursive", 4)
    frame = stepped("recursive").make_view().frame(recursive.snapshot(), "off")
    assert board_lines(frame.board, frame.status.size)[0].endswith("row 0 is its top row.")
    maze = make_engine("maze", 4, maze="corridor")
    frame = stepped("maze").make_view().frame(maze.snapshot(), "off")
    lines = board_lines(frame.board, frame.status.size)
    assert lines[0].startswith("The maze, ")
    walls = [line for line in lines if "wall: column" in line]
    assert walls and all(re.match(r"row \d+: ", line) for line in lines[1:])


def test_an_overlay_adds_each_squares_value() -> None:
    frame = frame_at(0, "col+row")[1]
    lines = board_lines(frame.board, frame.status.size)
    for row in range(4):
        values = ", ".join(str(col + row) for col in range(4))
        assert lines[1 + row].endswith(f"values: {values}.")


def test_the_state_is_every_array_then_what_the_tick_read_and_changed_and_the_stack() -> None:
    tables = Tables(
        (
            TableRow("q", (Cell("0"), Cell("-", CellMark.CHANGED))),
            TableRow("c", (Cell("F", CellMark.READ), Cell("T"))),
            TableRow("T", (Cell("3", CellMark.STALE), Cell("1"), *[Cell("0", CellMark.STALE)] * 4)),
        ),
        lines=("placeQueens(1)  j = 0", "placeQueens(0)  j = 0"),
    )
    assert state_lines(tables, "depth 2") == [
        "q = 0, -; c = F, T; T = (3), 1, (0), (0), (0), (0); depth 2.",
        "The last tick read c[0].",
        "The last tick changed q[1].",
        "Left over from earlier, not part of the placement: T[0], T[2] to T[5].",
        "The call stack, newest first: placeQueens(1)  j = 0; placeQueens(0)  j = 0.",
    ]


LABEL = st.from_regex(r"[A-Za-z][A-Za-z0-9]{0,3}(\[[A-Za-z]{1,3}\])?", fullmatch=True)


@given(st.lists(LABEL, min_size=1, max_size=4, unique=True), st.none() | LABEL)
def test_each_array_keeps_its_label_whole_unless_the_index_row_indexes_it(
    labels: list[str], index: str | None
) -> None:
    """An index row (``i`` over b[i], ``k`` over T[k]), whatever its label, is no array."""
    rows = tuple(TableRow(label, (Cell("0"), Cell("1"))) for label in labels)
    head = () if index is None else (TableRow(index, (Cell("0"), Cell("1"))),)
    tables = Tables(head + rows, index_row=index is not None)
    named = [label.removesuffix("[i]") for label in labels]
    said = "; ".join(f"{name} = 0, 1" for name in named)
    assert state_lines(tables, "")[0] == said + "."  # S[C] and S[R] stay two arrays


def test_the_code_marks_the_lines_run_and_the_one_that_decided() -> None:
    code = CodeFrame("f()", ("a;", "b;", "c;", "d;"), ran=(1, 3))
    assert code_lines(code) == ["The code: f().", "1: a;", "2, ran: b;", "3: c;", "4, ran last: d;"]


def test_the_brief_state_of_the_loop_and_a_tick_line_are_b_and_k() -> None:
    snapshot, frame = frame_at(4)
    b = ", ".join(map(str, snapshot.b))
    assert state_brief(frame.tables, frame.status.where) == f"b = {b}; k = {snapshot.k}"
    assert state_lines(frame.tables, frame.status.where)[0] == f"b = {b}; k = {snapshot.k}."
    # A tick line is the tick, its narration and the array after it.
    snapshot, frame = frame_at(3)
    narration = render(narrate(snapshot.last_event, 4))
    b = ", ".join(map(str, snapshot.b))
    assert tick_line(frame) == f"tick 3: {narration}  b = {b}; k = {snapshot.k}"


def test_on_the_place_board_a_queen_in_an_attacking_pair_is_said_so() -> None:
    from solver.placement.board import Placement
    from solver.placement.view import PlaceView

    placement = Placement(4)
    placement.push((0, 0))
    placement.push((1, 1))  # same i-j: the two attack each other
    placement.push((3, 2))
    board = PlaceView().board(placement.state(), (0, 0), hints=False)
    lines = board_lines(board, "n = 4", hidden=True, pairs=True)
    assert lines[1] == "row 0: queen in column 0, in an attacking pair."
    assert lines[2] == "row 1: queen in column 1, in an attacking pair."
    assert lines[3] == "row 2: queen in column 3."


def said_on(page: int) -> str:
    i18n.set_language("en")
    stream = io.StringIO()
    lesson = load_catalog("en").lessons[1]  # small boards: page 2 has a board, page 3 none
    walk = LessonWalk(Out(stream), lesson, None)
    walk.run.goto(page - 1)
    walk.say_page()
    return stream.getvalue()


def test_the_board_line_belongs_to_the_pages_that_show_the_board() -> None:
    assert "The board: n = 2" in said_on(2)
    assert "The board:" not in said_on(3)  # "Your turn: 2 x 2 by hand": no board of its own


def test_a_maze_step_is_asked_for_as_a_word_in_plain_mode() -> None:
    """The plain maze takes words, so its key line names no arrow."""
    game = GuessGame()
    assert game.ask_iteration(stepped("maze"), make_engine("maze", 0, Mode.FIRST, "corridor"))
    assert game.question is not None
    lines = [prompt_line(message) for message in game.question.prompt]
    assert "arrow" not in " ".join(lines)
    assert lines[-1].startswith("Type the step, up, right, down or left")


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([m for m in steppable_methods() if stepped(m).queens]), st.integers(0, 80))
def test_the_board_in_words_never_calls_a_square_a_queen_attacks_free(
    method: str, ticks: int
) -> None:
    """On every method's board (the edutecnica scan marks no attacked square): a square said
    free is one no queen on the board attacks."""
    from solver.geometry import attack_rule
    from solver.session.board import BoardSession

    session = BoardSession(method, 5, Mode.FIRST, None)
    session.engine.run(Stop.END, max_ticks=ticks)
    board = session.plain_frame().board
    assert board is not None
    queens = [
        (x, int(board.row_labels[y]))
        for y, line in enumerate(board.squares)
        for x, mark in enumerate(line)
        if mark in (Mark.QUEEN, Mark.ATTACKER)
    ]
    for line in board_lines(board, "5x5")[1:]:
        row = int(line.split(":")[0].removeprefix("row "))
        free = re.search(r"free: columns? ([0-9, to]+)", line)
        said = free.group(1).split(", ") if free else []
        for part in said:  # "2", or a run "2 to 4"
            first, _to, last = part.partition(" to ")
            for col in range(int(first), int(last or first) + 1):
                assert not any(attack_rule(qx, qy, col, row) for qx, qy in queens), line
