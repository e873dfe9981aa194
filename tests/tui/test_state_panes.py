"""Every pane shows what the text claims, for every steppable method, on the main screen and on
a lesson's board, at 80x24 and 120x40:

- every row of the state table (``q``, ``c``, ``a``, ``b``; ``regine``; ``T``; ``b[i]``) is drawn
  whole somewhere in its pane, reachable by scrolling down, with a scrollbar when it scrolls;
- the top three call-stack frames are in view without scrolling;
- no code line is wrapped: each is drawn whole on one line, reachable by scrolling sideways,
  with a scrollbar when it scrolls.

The panes are read as they are drawn (``render_line``), scrolled as a student would scroll them.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from lessons.model import Lesson
from lessons.parsing.parser import parse
from solver.registry import METHODS, steppable_methods
from solver.views.frame import Tables
from tui.app import QueensTutorApp
from tui.screens.lesson_screen import CODE_MIN_HEIGHT, LessonScreen
from tui.widgets.code_pane import CodePane
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


async def open_board(app: QueensTutorApp, pilot: Pilot[Any], where: str, method: str) -> Tables:
    """The method's board on the main screen or on a lesson page, ``TICKS`` ticks in; the
    state its table was given to draw."""
    if where == "main":
        await pilot.press(*["space"] * TICKS)
    else:
        await app.push_screen(LessonScreen(one_page_lesson(method), None))
    await pilot.pause()
    await pilot.pause()
    tables = app.screen.query_one(StateTable).tables
    assert tables is not None
    assert tables.rows or tables.lines
    return tables


async def every_line(pilot: Pilot[Any], pane: Widget) -> list[str]:
    """Every line of ``pane``, scrolled down a screenful at a time, as drawn."""
    height = pane.scrollable_content_region.height
    assert height > 0
    lines: dict[int, str] = {}
    top = 0
    while True:
        pane.scroll_to(y=top, animate=False, immediate=True)
        await pilot.pause()
        scroll_y = round(pane.scroll_y)
        for y in range(height):
            lines[scroll_y + y] = pane.render_line(y).text
        if scroll_y >= pane.max_scroll_y or scroll_y < top:
            break  # at the end, or it does not scroll any further
        top = scroll_y + height
    return [lines[y] for y in sorted(lines)]


def rows_drawn(lines: list[str], table: StateTable) -> dict[str, list[str]]:
    """Each array's cells as drawn, in order: the line headed by its name and the lines that
    go on with it (headed by their first index, ``[12]``, or by the name again in the next
    band of columns)."""
    rule = "|" if table.glyphs.ascii else "│"
    left, right = table.glyphs.read
    rows: dict[str, list[str]] = {}
    current = None
    for line in lines:
        head, found, cells = line.partition(rule)
        if not found or not head.strip():
            current = None  # a stack frame, the marker, or a blank line
            continue
        label = head.strip()
        if not (label.startswith("[") and label.endswith("]")):
            current = label
        assert current is not None, f"a continuation line under no array: {line!r}"
        rows.setdefault(current, []).extend(cells.replace(left, " ").replace(right, " ").split())
    return rows


def check_table(lines: list[str], table: StateTable, tables: Tables) -> None:
    drawn = rows_drawn(lines, table)
    for row in tables.rows:
        expected = [cell.text for cell in row.cells]
        assert drawn.get(row.label) == expected, f"{row.label}: {drawn.get(row.label)}"
    if table.virtual_size.height > table.scrollable_content_region.height:
        assert table.show_vertical_scrollbar, "lines out of view, and no scrollbar says so"


def check_top_three(table: StateTable, tables: Tables) -> None:
    """The top three call-stack frames in view without scrolling, every array with them."""
    shown = [table.render_line(y).text for y in range(table.scrollable_content_region.height)]
    top = tables.lines[:3]
    if tables.room:  # the method has a call stack: three frames deep by now
        assert len(top) == 3
    for line in top:
        assert any(line in text for text in shown), f"{line!r} not in view:\n" + "\n".join(shown)
    # Every array in view with them (at 80x24 the pane has room for both).
    check_table(shown, table, tables)


async def code_rows(pilot: Pilot[Any], pane: CodePane) -> dict[int, str]:
    """The listing's lines in view (by their index in the listing), each put together from
    the pane scrolled sideways a screenful at a time: the part after the gutter."""
    region = pane.scrollable_content_region
    gutter = 2
    pieces: dict[int, dict[int, str]] = {}
    x = 0
    while True:
        pane.scroll_to(x=x, animate=False, immediate=True)
        await pilot.pause()
        scroll_x, scroll_y = round(pane.scroll_x), round(pane.scroll_y)
        for y in range(region.height):
            pieces.setdefault(scroll_y + y, {})[scroll_x] = pane.render_line(y).text[gutter:]
        if scroll_x >= pane.max_scroll_x or scroll_x < x:
            break  # at the end, or it does not scroll any further
        x = scroll_x + region.width - gutter
    rows = {}
    for index, parts in pieces.items():
        line: list[str] = []
        for at, text in sorted(parts.items()):
            line[at:] = text
        rows[index] = "".join(line).rstrip()
    return rows


async def check_code_lines(app: QueensTutorApp, pilot: Pilot[Any]) -> None:
    """No code line wrapped: each drawn whole, scrolled sideways, with a scrollbar if cut."""
    await pilot.press("a")  # all solutions: the Turin notes' longer listing
    await pilot.pause()
    pane = app.screen.query_one(CodePane)
    code = pane.code
    assert code is not None
    rows = await code_rows(pilot, pane)
    assert rows
    for index, text in rows.items():
        expected = code.lines[index].rstrip() if index < len(code.lines) else ""
        assert text == expected, f"line {index}: {text!r} is drawn, not {expected!r}"
    if pane.virtual_size.width > pane.scrollable_content_region.width:
        assert pane.show_horizontal_scrollbar, "code cut at the right, and no scrollbar"


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
@pytest.mark.parametrize("where", ["main", "lesson"])
@pytest.mark.parametrize("method", steppable_methods())
async def test_every_row_three_frames_and_whole_code_lines(
    method: str, where: str, size: Any
) -> None:
    # One tutor per method, screen and size, its three checks in turn: the stack frames
    # first (nothing scrolled yet), then every table row (the table scrolled down), then the
    # code (all-solutions mode on, the code pane scrolled sideways).
    app = QueensTutorApp(8, method=method)
    async with app.run_test(size=size) as pilot:
        tables = await open_board(app, pilot, where, method)
        table = app.screen.query_one(StateTable)
        check_top_three(table, tables)
        check_table(await every_line(pilot, table), table, tables)
        if where == "lesson" and size[1] < CODE_MIN_HEIGHT:
            return  # a lesson shows its code pane on a terminal at least 36 lines tall
        await check_code_lines(app, pilot)
