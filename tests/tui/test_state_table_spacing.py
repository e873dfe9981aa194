"""The state table keeps its cells and lines readable: arrays that go on over more lines do so in
bands headed by their indices, left-over values and read cells stand apart, the marker keeps a
column before the border, a stack frame wraps between its name and its locals."""

from __future__ import annotations

from textual.geometry import Region

from solver.views.frame import Cell, CellMark, TableRow, Tables
from tests.tui.screen_text import CONTINUED
from tui.glyphs import UNICODE
from tui.widgets.state_table import TableDrawing, _cell, _marker, _wrap


def test_a_read_cell_keeps_its_padding_before_the_brackets() -> None:
    text, _style = _cell("4", CellMark.READ, 6, ("[", "]"))
    assert text == "   [4]"
    before, _ = _cell("2", CellMark.PLAIN, 6, ("[", "]"))
    assert "2[" not in before + text


def test_the_marker_keeps_a_column_before_the_border() -> None:
    body = 16
    for at in range(body):
        for line in _marker("k = 3", at, body):
            assert line.at + len(line.text) <= body - 1, (at, line)


def test_a_stack_frame_wraps_between_its_parts() -> None:
    assert _wrap("sicura(2, 0)  i = 0", 16) == ["sicura(2, 0)", "i = 0"]
    assert _wrap("placeQueens(1)  j = 2", 22) == ["placeQueens(1)  j = 2"]
    assert _wrap("Solve(at (4, 3))  m = up", 20) == ["Solve(at (4, 3))", "m = up"]


def turin_tables(n: int) -> Tables:
    """The Turin notes' q, c, a, b on an n x n board: every q[i] left over, the last a[] read."""
    stale = tuple(Cell(str(n - 1 - i), CellMark.STALE) for i in range(n))
    trues = tuple(Cell("T") for _ in range(2 * n - 1))
    read = (*trues[:-1], Cell("T", CellMark.READ))
    return Tables(
        rows=(
            TableRow("q", stale),
            TableRow("c", trues[:n]),
            TableRow("a", read),
            TableRow("b", trues),
        ),
        lines=("placeQueens(1)  j = 2",),
        reads=True,
        room=n,
        widest=len(str(n - 1)),
    )


def drawn(tables: Tables, width: int, height: int) -> list[str]:
    content, _ = TableDrawing(UNICODE).content(tables, width, height, 1)
    return ["".join(text for text, _ in (*row.head, *row.body)) for row in content.rows]


def test_arrays_that_wrap_go_on_in_bands_headed_by_their_indices() -> None:
    lines = drawn(turin_tables(6), 30, 12)
    assert not any("[" in line.split("│")[0] for line in lines), lines  # no "[8]" label
    heads = [line for line in lines if line.startswith("  │")]
    assert len(heads) == 2, lines
    assert heads[0].split() == ["│", *map(str, range(len(heads[0].split()) - 1))], heads
    # a[] and b[] go on under the second band's indices, the next one first.
    first_band = len(heads[0].split()) - 1
    assert heads[1].split()[1] == str(first_band), heads


def test_left_over_values_and_read_cells_stand_apart_where_it_costs_no_line() -> None:
    lines = drawn(turin_tables(6), 30, 12)
    q = next(line for line in lines if line.startswith("q"))
    assert ")(" not in q and " (5) (4)" in q, q
    assert "T[" not in "".join(lines), lines


def test_a_pane_with_no_line_to_spare_keeps_a_line_of_indices_and_no_bracket_labels() -> None:
    """However short the pane, one line of indices heads the arrays, and a line that goes on
    with a row is headed by its name and first index ("a[6..]"), never a bracketed "[6]"."""
    lines = drawn(turin_tables(6), 30, 8)
    assert lines[0].split()[0] == "│" and lines[0].split()[1:4] == ["0", "1", "2"], lines
    labels = [line.split("│")[0].strip() for line in lines if "│" in line]
    assert not any(label.startswith("[") for label in labels), lines
    assert any(CONTINUED.fullmatch(label) for label in labels), lines


def test_a_table_keeps_its_layout_when_its_pane_shrinks() -> None:
    """Once the table had to go on under one line of indices, it keeps that layout when its
    pane is taller again: never the same arrays in two shapes on one page."""
    drawing = TableDrawing(UNICODE)
    tables = turin_tables(6)

    def shown(height: int) -> list[str]:
        content, _ = drawing.content(tables, 30, height, 1)
        return ["".join(text for text, _ in (*row.head, *row.body)) for row in content.rows]

    short = [line for line in shown(8) if line.strip()]
    tall = [line for line in shown(14) if line.strip()]
    assert short[:6] == tall[:6], (short, tall)
    heads = [line for line in tall if line.lstrip().startswith("│")]  # a line of indices
    assert len(heads) == 1, tall


def test_arrays_of_different_lengths_are_headed_by_their_indices_on_one_line_too() -> None:
    """The Turin notes' c[] (n cells) and a[], b[] (2n-1), one line each on 4 x 4, are headed
    by a line of indices to read c[j] and a[i+j] by."""
    lines = drawn(turin_tables(4), 48, 12)
    heads = [line for line in lines if line.startswith("  │")]
    assert len(heads) == 1 and heads[0].split() == ["│", *map(str, range(7))], lines
    assert lines.index(heads[0]) == 0, lines  # above q, c, a and b
    assert any("placeQueens(1)" in line for line in lines), lines


def test_arrays_of_one_length_that_fit_are_not_headed() -> None:
    turin = turin_tables(4)
    rows = tuple(TableRow(row.label, row.cells[:4]) for row in turin.rows)
    same = Tables(rows=rows, lines=turin.lines, reads=True, room=4, widest=1)
    assert not any(line.startswith("  │") for line in drawn(same, 48, 12))


def test_a_pane_a_line_short_of_the_bands_keeps_one_line_of_indices() -> None:
    """Where the bands' heads do not fit but one line does, the first band's indices head the
    arrays (a[] and b[] need one to be read by a[i+j]), a line that goes on with an array is
    headed by its name and first index ("a[7..]"), and the top frame stays in view."""
    lines = [line for line in drawn(turin_tables(7), 30, 8) if line.strip()]
    head = lines[0].split()
    assert head[0] == "│" and head[1:] == [str(i) for i in range(len(head) - 1)], lines
    assert any(line.startswith(f"a[{len(head) - 1}..]") for line in lines), lines
    assert any("placeQueens(1)" in line for line in lines), lines


def test_a_short_b_table_keeps_its_index_row_and_values_before_the_marker() -> None:
    """A 9 x 9 b[] table beside a question at 80x24 has two lines, or one: the index row and
    b[i] stay in view, and in one line b[i] (the marker's k is in the status line too)."""
    from solver.session.board import BoardSession
    from tui.widgets.rows import keep_in_view
    from tui.widgets.state_table import lay_out

    session = BoardSession(n=9)
    for _ in range(15):
        session.tick_forward()
    tables = session.frame().tables
    assert tables is not None and tables.index_row
    layout = lay_out(tables, 32)
    top, count = layout.keep
    keep = Region(0, top, 1, count)

    def shown(height: int) -> list[object]:
        _x, y = keep_in_view(
            keep, scroll=(0, 0), view=(32, height), head_width=6, footer=False, step=1,
            max_scroll_x=0,
        )  # fmt: skip
        return list(layout.lines[y : y + height])

    index, values = layout.lines[top], layout.lines[top + 1]
    assert shown(2) == [index, values]
    assert shown(1) == [values]
