"""Every pane shows what the text claims, on the main screen and on a lesson's board: every row of
the state table drawn whole somewhere in its pane (reachable by scrolling, which the pane
says), the top three call-stack frames in view, and no code line cut (a wider one goes on over
marked, indented lines). The panes are read as drawn and scrolled as a student scrolls them."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from lessons.model import Lesson
from lessons.parsing.parser import parse
from solver.registry import METHODS, make_engine, steppable_methods, stepped
from solver.views.frame import CodeFrame, Tables
from tests.tiers import method_sweep, sweep
from tests.tui.screen_text import CONTINUED, main_screen, pane
from tui.app import QueensTutorApp
from tui.glyphs import UNICODE, Glyphs
from tui.screens.lesson_screen import CODE_MIN_HEIGHT, LessonScreen
from tui.widgets.code_pane import CodePane
from tui.widgets.session_view.pane import Pane
from tui.widgets.state_table import StateTable

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


def stacked(method: str) -> bool:
    """Whether the method's state pane has a call stack under its arrays: the everyday case,
    the tallest state (the thorough tier walks every method)."""
    view = stepped(method).make_view()
    return view.frame(make_engine(method, 8).snapshot(), "off").tables.room > 0


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
    await pilot.pause()
    await pilot.pause()
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
    if labels and not labels[0] and any(CONTINUED.fullmatch(label) for label in labels):
        # Arrays that go on over more lines under their line of indices (it 29, en 15: never
        # under bare "[10]" labels with no index to read a[i+j] by): where that line costs
        # the third frame (the Turin notes' 8 x 8 beside a lesson's board at 80x24), the top
        # two stay in view.
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
    await pilot.press("a")  # all solutions: the Turin notes' longer listing
    await pilot.pause()
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
