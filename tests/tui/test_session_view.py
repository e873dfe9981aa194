"""The main screen drawn by one widget (tui/widgets/session_view/): what it repaints line by
line is what it would draw whole; its panes keep every array and code line inside their frame,
whatever a method's frame holds; a change in the right column is sent from the column's edge."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from textual.pilot import Pilot

from solver.views.frame import Cell, CellMark, TableRow, Tables
from tests.tiers import sweep
from tests.tui.screen_text import CONTINUED, lines, main_screen, pane, screen_lines
from tui.app import QueensTutorApp

KEYS = ["space"] * 8 + ["left"] * 3 + ["enter", "d", "a", "r", "m", "]", "[", "t", "g", "escape"]
"""The keys a student steps the board with (guess mode's questions dropped with escape)."""


async def drawn_whole(app: QueensTutorApp, pilot: Pilot[None]) -> str:
    """The screen as the view draws it from scratch (every line, no line kept from before)."""
    view = main_screen(app).panes.view
    assert view is not None
    for each in view.panes.values():
        each.redraw()
    view.refresh()
    await pilot.pause()
    return app.export_screenshot()


@pytest.mark.slow(12)
@pytest.mark.parametrize(
    ("seed", "size"),
    sweep(
        [(1, (80, 24)), (2, (80, 24)), (3, (120, 50))],
        everyday=[(1, (80, 24))],
        several=True,
    ),
)
async def test_lines_repainted_one_by_one_are_the_screen_drawn_whole(
    seed: int, size: tuple[int, int]
) -> None:
    # Each key repaints only the lines (and columns) it changed: after every key the screen
    # must be what a full redraw draws. A stale line (a pane's line kept after its row
    # changed, a title, a scrollbar, the right column widget's lines) shows here.
    rng = random.Random(seed)
    app = QueensTutorApp(12 if size[0] > 80 else 6)
    async with app.run_test(size=size) as pilot:
        for _ in range(40):
            await pilot.press(rng.choice(KEYS))
            await pilot.pause()
            shown = app.export_screenshot()
            assert shown == await drawn_whole(app, pilot)


def wide_tables(width: int, cells: int) -> Tables:
    """A state no built-in method has: long array names, wide values, a deep stack."""
    rows = tuple(
        TableRow(
            f"{name}[{index}]",
            tuple(
                Cell(str(10**width + i), CellMark.CURRENT if i == 7 else CellMark.PLAIN)
                for i in range(cells)
            ),
        )
        for index, name in enumerate(("visited", "frontier", "distance_to_goal"))
    )
    stack = tuple(f"explore(node={i}, depth={i}) frame with a long description" for i in range(9))
    return Tables(rows, focus=7, marker="k = 7", lines=stack, room=9, widest=width + 1)


@pytest.mark.parametrize(("width", "cells"), [(6, 30), (12, 12), (3, 60)])
async def test_a_wide_state_table_wraps_or_scrolls_inside_its_pane(width: int, cells: int) -> None:
    # The frame contract covers fit: a method whose state table is wider
    # than any built-in one's still draws every row inside the pane at 80x24, each array
    # going on over more lines, the pane scrolling down beyond its height, its border saying so.
    app = QueensTutorApp(8)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = main_screen(app)
        tables = wide_tables(width, cells)
        wide = replace(screen.session.frame(), tables=tables)
        screen.panes.draw(screen.session, wide)
        await pilot.pause()
        table = pane(app, "table")
        view_width = table.content_region.width
        shown = lines(table)
        assert all(len(line) <= view_width for line in shown), shown
        # it scrolls, and its border says so in words (a thumb would read as a value)
        said = table.subtitle or ""
        assert table.bars[0] == 0 and (said == tables.marker or said.startswith("lines 1-")), said
        # Every line of the screen keeps the right column's frame whole: nothing overflows.
        text = app.export_screenshot()
        assert text
        for y, row in enumerate(table_lines(app)):
            assert row.endswith("│"), f"line {y} overflows: {row!r}"
        # Every cell of every array is there, scrolled down a screenful at a time.
        drawn: dict[int, str] = {}
        top = 0
        while True:
            table.scroll_to(y=top)
            for y, line in enumerate(lines(table)):
                drawn[table.scroll_y + y] = line
            if table.scroll_y >= table.max_scroll[1]:
                break
            top = table.scroll_y + table.content_region.height
        cells_seen: dict[str, list[str]] = {}
        current = None
        for index in sorted(drawn):
            head, found, rest = drawn[index].partition("│")
            label = head.strip()
            if not found or not label:
                continue  # the marker, a stack frame
            if not CONTINUED.fullmatch(label):
                current = label
            assert current is not None
            cells_seen.setdefault(current, []).extend(rest.split())
        for row in tables.rows:
            assert cells_seen.get(row.label) == [c.text for c in row.cells], row.label


def table_lines(app: Any) -> list[str]:
    """The lines of the screen across the state table's box, from its left edge to the right
    edge of the screen."""
    box = pane(app, "table").region
    rows = screen_lines(app)
    return [rows[y][box.x : box.right] for y in range(box.y + 1, box.bottom - 1)]


async def test_the_right_column_lies_over_the_table_and_the_code() -> None:
    # A line of b[] or the code is the right column widget's line, sent from its edge: the
    # compositor cuts every line at the edges of that widget.
    app = QueensTutorApp(8, method="recursive")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space", "m")
        await pilot.pause()
        view = main_screen(app).panes.view
        assert view is not None and view.right is not None
        table, code = pane(app, "table").region, pane(app, "code").region
        assert view.right.region == table.union(code)
