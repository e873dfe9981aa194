"""Every pane shows what the text claims, on the main screen and on a lesson's board: every row of
the state table drawn whole somewhere in its pane, its cells and lines readable (bands headed by
their indices, read cells apart, the marker under column k), a removed queen's q[i] in
parentheses."""

from __future__ import annotations

from typing import Any

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from lessons.model import Lesson
from lessons.parsing.parser import parse
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.methods.recursive.events import RemoveQueen
from solver.registry import METHODS, steppable_methods
from solver.session.board import BoardSession
from solver.views.frame import Cell, CellMark, CodeFrame, TableRow, Tables
from tests.tiers import method_sweep, sweep
from tests.tui.lesson_apps import builtin
from tests.tui.lesson_apps import open_builtin as open_page
from tests.tui.screen_text import CONTINUED, lines, main_screen, pane, pauses, pressed, screen_lines
from tests.tui.test_methods_on_screen import stacked  # a call stack under its arrays
from tui.app import QueensTutorApp
from tui.glyphs import UNICODE, Glyphs
from tui.screens.lesson_screen import CODE_MIN_HEIGHT, LessonScreen
from tui.widgets.code_pane import CodePane
from tui.widgets.session_view.pane import Pane
from tui.widgets.state_table import POINTER_BACK, StateTable, TableDrawing, _cell, _marker, _wrap

SIZES = [(80, 24), (120, 40)]

TICKS = 30
"""Ticks played first: every method's call stack is at least three frames deep by then."""


def board_directive(method: str, n: int = 8) -> str:
    if METHODS[method].queens:
        return f"@board n={n} algorithm={method}"
    return f"@board algorithm={method} maze=rooms"


def one_page_lesson(method: str, ticks: int = TICKS) -> Lesson:
    text = (
        f"@lesson panes-{method}\n@title Panes\n@summary The panes of one board\n\n"
        f"@page The board\nThe {method} board, {ticks} ticks in.\n"
        f"{board_directive(method)}\n@step {ticks}\n"
    )
    result = parse(text, "panes.md")
    assert result.lesson is not None, result.errors
    return result.lesson


Shown = Widget | Pane
"""A pane as the test reads it: a lesson's widget, or a pane of the main screen's view."""


def panes(app: QueensTutorApp, where: str) -> tuple[Shown, Shown, Tables, CodeFrame]:
    """The state table and the code as drawn, and what they were given to draw."""
    if where == "main":
        frame = main_screen(app).session.frame()
        return pane(app, "table"), pane(app, "code"), frame.tables, frame.code
    table, code = app.screen.query_one(StateTable), app.screen.query_one(CodePane)
    assert table.tables is not None and code.code is not None
    return table, code, table.tables, code.code


async def open_board(app: QueensTutorApp, pilot: Pilot[Any], where: str, method: str) -> Tables:
    """The method's board on the main screen or on a lesson page, ``TICKS`` ticks in; the
    state its table was given to draw."""
    if where == "main":
        await pilot.press(*["space"] * TICKS)
    else:
        await app.push_screen(LessonScreen(one_page_lesson(method), None))
    await pauses(pilot, 2)
    _table, _code, tables, _listing = panes(app, where)
    assert tables.rows or tables.lines
    return tables


def height_of(shown: Shown) -> int:
    if isinstance(shown, Pane):
        return shown.content_region.height
    return shown.scrollable_content_region.height


def scrolls(shown: Shown) -> bool:
    """Whether lines are out of view (down), and a scrollbar or the pane's border says so (a
    state table says it in words: ``lines 1-4 of 10``, or its ``k =`` marker)."""
    if isinstance(shown, Pane):  # out of view: a row below it that draws something
        below = shown.rows[shown.scroll_y + shown.content_region.height :]
        out = any(row.head or row.body for row in below)
        said = shown.bars[0] or shown.border_subtitle
        assert not out or said, "lines out of view, and neither a scrollbar nor its border says so"
        return out
    out = shown.virtual_size.height > shown.scrollable_content_region.height
    said = shown.show_vertical_scrollbar or shown.border_subtitle
    assert not out or said, "lines out of view, and neither a scrollbar nor its border says so"
    return out


async def scroll_down(pilot: Pilot[Any], shown: Shown, top: int) -> tuple[int, int]:
    """Scroll ``shown`` down to line ``top`` (as far as it goes); its scroll and the most."""
    if isinstance(shown, Pane):
        shown.scroll_to(y=top)
        return shown.scroll_y, shown.max_scroll[1]
    shown.scroll_to(y=top, animate=False, immediate=True)
    await pilot.pause()
    return round(shown.scroll_y), round(shown.max_scroll_y)


async def every_line(pilot: Pilot[Any], shown: Shown) -> list[str]:
    """Every line of ``shown``, scrolled down a screenful at a time, as drawn."""
    height = height_of(shown)
    assert height > 0
    lines: dict[int, str] = {}
    top = 0
    while True:
        scroll_y, most = await scroll_down(pilot, shown, top)
        for y in range(height):
            lines[scroll_y + y] = shown.render_line(y).text
        if scroll_y >= most or scroll_y < top:
            break  # at the end, or it does not scroll any further
        top = scroll_y + height
    return [lines[y] for y in sorted(lines)]


def rows_drawn(lines: list[str], glyphs: Glyphs) -> dict[str, list[str]]:
    """Each array's cells as drawn, in order: the line headed by its name and the lines that
    go on with it (headed by their first index, ``12..``, or by the name again in the next
    band of columns)."""
    rule = "|" if glyphs.ascii else "│"
    left, right = glyphs.read
    rows: dict[str, list[str]] = {}
    current = None
    for line in lines:
        head, found, cells = line.partition(rule)
        if not found or not head.strip():
            current = None  # a stack frame, the marker, or a blank line
            continue
        label = head.strip()
        if not CONTINUED.fullmatch(label):
            current = label
        assert current is not None, f"a continuation line under no array: {line!r}"
        cells = cells.replace(left, " ").replace(right, " ")  # a cell read, in brackets
        cells = cells.replace("(", " ").replace(")", " ")  # left over from earlier
        rows.setdefault(current, []).extend(cells.split())
    return rows


def check_table(lines: list[str], table: Shown, tables: Tables) -> None:
    drawn = rows_drawn(lines, UNICODE)
    for row in tables.rows:
        expected = [cell.text for cell in row.cells]
        assert drawn.get(row.label) == expected, f"{row.label}: {drawn.get(row.label)}"
    scrolls(table)


def check_top_three(table: Shown, tables: Tables) -> None:
    """The top three call-stack frames in view without scrolling, every array with them."""
    shown = [table.render_line(y).text for y in range(height_of(table))]
    top = tables.lines[:3]
    if tables.room:  # the method has a call stack: three frames deep by now
        assert len(top) == 3
    labels = [text.partition("│")[0].strip() for text in shown if "│" in text]
    if labels and not labels[0]:
        # A line of indices over the arrays (a[i+j] read by its index; never bare "[10]"
        # labels): where it costs the third frame (the Turin notes' 8 x 8 at 80x24), the top
        # two stay in view, the rest scroll.
        top = top[:2]
    for line in top:
        assert any(line in text for text in shown), f"{line!r} not in view:\n" + "\n".join(shown)
    # Every array in view with them (at 80x24 the pane has room for both).
    check_table(shown, table, tables)


def code_lines(drawn: list[str], glyphs: Glyphs) -> list[str]:
    """The listing's lines put together from the lines drawn (after the gutter): a
    continuation (its indent, the wrap glyph, a blank) goes on with the line before it."""
    lines: list[str] = []
    mark = f"{glyphs.wrap} "
    for text in drawn:
        body = text[2:].rstrip()
        stripped = body.lstrip(" ")
        if lines and text[:2] == "  " and stripped.startswith(mark):
            lines[-1] += " " + stripped[len(mark) :]
        else:
            lines.append(body)
    return lines


async def check_code_lines(app: QueensTutorApp, pilot: Pilot[Any], where: str) -> None:
    """No code line cut: each drawn whole, on one line or wrapped with its continuation mark
    (the pane scrolled down a screenful at a time)."""
    await pressed(pilot, "a")  # all solutions: the Turin notes' longer listing
    _table, code, _tables, listing = panes(app, where)
    width = code.content_region.width if isinstance(code, Pane) else code.size.width
    drawn = await every_line(pilot, code)
    lines = code_lines(drawn, UNICODE)
    # Every character of every line, in order (a line breaks at a blank, or in a long token).
    expected = ["".join(line.split()) for line in listing.lines]
    assert ["".join(line.split()) for line in lines[: len(expected)]] == expected
    assert all(not line.strip() for line in lines[len(expected) :])
    assert all(len(text.rstrip()) <= width for text in drawn), "a line wider than its pane"
    scrolls(code)


STACKED = [method for method in steppable_methods() if stacked(method)]


@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(80, 24)]), ids=["80x24", "120x40"])
@pytest.mark.parametrize("where", sweep(["main", "lesson"], everyday=["lesson"]))
@pytest.mark.parametrize("method", method_sweep(steppable_methods(), everyday=STACKED[:1]))
async def test_every_row_three_frames_and_whole_code_lines(
    method: str, where: str, size: Any
) -> None:
    # One tutor per method, screen and size, its three checks in turn: the stack frames
    # first (nothing scrolled yet), then every table row (the table scrolled down), then the
    # code (all-solutions mode on, the code pane scrolled down).
    app = QueensTutorApp(8, method=method)
    async with app.run_test(size=size) as pilot:
        tables = await open_board(app, pilot, where, method)
        table, _code, _tables, _listing = panes(app, where)
        check_top_three(table, tables)
        check_table(await every_line(pilot, table), table, tables)
        if where == "lesson" and size[1] < CODE_MIN_HEIGHT:
            return  # a lesson shows its code pane on a terminal at least 36 lines tall
        await check_code_lines(app, pilot, where)


def test_a_read_cell_keeps_its_padding_and_a_stack_frame_wraps_between_its_parts() -> None:
    text, _style = _cell("4", CellMark.READ, 6, ("[", "]"))
    assert text == "   [4]"
    before, _ = _cell("2", CellMark.PLAIN, 6, ("[", "]"))
    assert "2[" not in before + text
    # A stack frame wraps between its parts.
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


def test_arrays_that_wrap_go_on_in_bands_and_left_over_and_read_cells_stand_apart() -> None:
    lines = drawn(turin_tables(6), 30, 12)
    assert not any("[" in line.split("│")[0] for line in lines), lines  # no "[8]" label
    heads = [line for line in lines if line.startswith("  │")]
    assert len(heads) == 2, lines
    assert heads[0].split() == ["│", *map(str, range(len(heads[0].split()) - 1))], heads
    # a[] and b[] go on under the second band's indices, the next one first.
    first_band = len(heads[0].split()) - 1
    assert heads[1].split()[1] == str(first_band), heads
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


def test_a_line_of_indices_heads_arrays_over_a_deep_stack_and_a_lone_array_that_wraps() -> None:
    """The main screen at 80x24: q, c, a, b of 8 x 8 on one line each and three calls on the
    stack in seven lines: the indices head the arrays with the top frame under them, the frames
    below it scroll. The Salerno notes' regine, 8 entries up to None wide, in two lines: its
    indices over the first, the second headed by its first index (regine[5..])."""
    stack = ("placeQueens(2)", "placeQueens(1)  j = 2", "placeQueens(0)  j = 0")
    row = {"q": 8, "c": 8, "a": 15, "b": 15}
    arrays = tuple(TableRow(name, (Cell("T"),) * length) for name, length in row.items())
    lines = drawn(Tables(arrays, lines=stack, reads=True, room=8), 50, 7)
    assert lines[0].split()[:4] == ["│", "0", "1", "2"], lines
    assert any("placeQueens(2)" in line for line in lines[:7]), lines
    lines = drawn(Tables((TableRow("regine", (Cell("None"),) * 8),), reads=True), 50, 8)
    assert lines[0].split()[:3] == ["│", "0", "1"] and lines[2].split()[0] == "regine[5..]", lines


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


def test_arrays_of_different_lengths_are_headed_by_indices_those_of_one_length_are_not() -> None:
    """The Turin notes' c[] (n cells) and a[], b[] (2n-1), one line each on 4 x 4, are headed
    by a line of indices to read c[j] and a[i+j] by."""
    lines = drawn(turin_tables(4), 48, 12)
    heads = [line for line in lines if line.startswith("  │")]
    assert len(heads) == 1 and heads[0].split() == ["│", *map(str, range(7))], lines
    assert lines.index(heads[0]) == 0, lines  # above q, c, a and b
    assert any("placeQueens(1)" in line for line in lines), lines
    turin = turin_tables(4)  # arrays of one length that fit are not headed
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
    rows = tuple(TableRow(f"S[{r.label}]", r.cells) for r in turin_tables(7).rows)
    named = drawn(Tables(rows, lines=("x",), reads=True, room=7, widest=1), 30, 8)
    assert any(line.lstrip().startswith("S[a][") for line in named), named  # S[a] kept whole


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


@pytest.mark.slow(9)
async def test_the_table_keeps_its_indices_to_the_quizs_last_question_at_120x40() -> None:
    app = builtin(6, 1, (120, 40), "en")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_page(pilot, 6, 1)
        text = ""
        for _ in range(60):
            text = "\n".join(screen_lines(app))
            if "question 5 of 5" in text:
                break
            await pressed(pilot, "f3")
            await pressed(pilot, "enter")
        assert "question 5 of 5" in text, text
        table = screen.query_one(StateTable)
        region = table.content_region
        first = screen_lines(app)[region.y][region.x : region.right]
        # the first line: the indices 0 1 2 ... over the arrays, not q[]'s row
        assert first.split("│")[-1].split()[:3] == ["0", "1", "2"], text


def _after_a_removal(session: BoardSession) -> None:
    for _ in range(200):
        session.tick_forward()
        if isinstance(session.snapshot.last_event, RemoveQueen):
            return
    raise AssertionError("no queen removed")


async def test_a_removed_queens_q_is_drawn_in_parentheses() -> None:
    app = QueensTutorApp(4, method="recursive")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        from tests.tui.screen_text import main_screen

        session = main_screen(app).session
        _after_a_removal(session)
        await pressed(pilot, "left", "space")  # drawn again after the engine moved
        q = next(row for row in session.frame().tables.rows if row.label == "q")
        left = [i for i, cell in enumerate(q.cells) if cell.mark is CellMark.STALE]
        assert left, q
        drawn = lines(pane(app, "table"))
        q_line = next(line for line in drawn if line.startswith("q "))
        assert f"({q.cells[left[0]].text})" in q_line, drawn


SIZE = (80, 24)


def first_ticks(n: int) -> dict[int, int]:
    """The first tick at which the loop's k is each column 0..n-1 (it reaches every one)."""
    engine = IterativeEngine(n, Mode.FIRST)
    found = {engine.k: 0}
    while not engine.finished:
        engine.step()
        found.setdefault(engine.k, engine.tick)
    return {k: tick for k, tick in found.items() if 0 <= k < n}


def page_at(n: int, tick: int) -> LessonScreen:
    text = (
        f"@lesson marker-{n}\n@title Marker\n@summary Where the marker points\n\n"
        f"@page The board\nThe {n} x {n} board at tick {tick}.\n@board n={n}\n@step {tick}\n"
    )
    lesson = parse(text, "marker.md").lesson
    assert lesson is not None
    return LessonScreen(lesson, None)


def pointed_at(drawn: list[str]) -> tuple[int, str]:
    """The column the marker's ▶ stands under: the entry of the ``i`` row above it whose last
    digit is right above the ▶ ("" where none is), and the marker's line."""
    glyphs = (UNICODE.marker, POINTER_BACK[UNICODE.marker])
    at = next(y for y, line in enumerate(drawn) if any(g in line for g in glyphs))
    line = drawn[at]
    x = next(line.index(g) for g in glyphs if g in line)
    index_row = next(drawn[y] for y in range(at - 1, -1, -1) if drawn[y].startswith("i "))
    cells = index_row.split("│", 1)
    start = len(cells[0]) + 1
    for token_start, token in _tokens(cells[1]):
        if start + token_start + len(token) - 1 == x:
            return int(token), line
    return -1, line


def _tokens(text: str) -> list[tuple[int, str]]:
    found = []
    position = 0
    for token in text.split():
        position = text.index(token, position)
        found.append((position, token))
        position += len(token)
    return found


@pytest.mark.parametrize("n", sweep(range(1, 13), {6}))
async def test_the_pointer_stands_under_column_k(n: int) -> None:
    app = QueensTutorApp(n)
    async with app.run_test(size=SIZE) as pilot:
        for k, tick in first_ticks(n).items():
            await app.push_screen(page_at(n, tick))
            await pauses(pilot, 2)
            table = app.screen.query_one(StateTable)
            drawn = lines(table)
            column, line = pointed_at(drawn)
            assert column == k, f"n = {n}, k = {k}: the ▶ stands under {column}\n" + "\n".join(
                drawn
            )
            assert f"k = {k}" in line, line
            await app.pop_screen()
            await pilot.pause()


def test_the_words_go_before_the_pointer_where_they_do_not_fit_and_leave_the_border() -> None:
    """Every place a 16-column body can point at: the pointer (▶, or > in ASCII) stands at
    its entry on one line, with its words after it, or before it where they do not fit, and
    then turned towards them (◀, <): "k = 3 ▶" pointed away from its words, at nothing."""
    body = 16
    for pointer, back in (("▶", "◀"), (">", "<")):
        for at in range(7, body - 1):
            (line,) = _marker(f"{pointer} k = 3", at, body)
            before = line.text.startswith("k = 3")
            shown = back if before else pointer
            assert line.text.index(shown) + line.at == at, (at, line)
            assert line.text in (f"{pointer} k = 3", f"k = 3 {back}"), (at, line)
            assert "k = 3" in line.text and line.at + len(line.text) <= body, (at, line)
    for at in range(body):  # the words alone keep a column before the border
        for line in _marker("k = 3", at, body):
            assert line.at + len(line.text) <= body - 1, (at, line)
