"""The main screen drawn by one widget (tui/widgets/session_view/): what it repaints, line by line
or as the regions a tick hands Textual, is what it would draw whole; its line filters go over a
pane's changed lines only; a row's segments join cells of one style; its panes keep every array
and code line inside their frame."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.color import Color
from textual.filter import LineFilter, Monochrome
from textual.geometry import Region
from textual.pilot import Pilot
from textual.strip import Strip
from textual.widget import Widget

from solver.views.frame import Cell, CellMark, TableRow, Tables
from tests.tiers import sweep
from tests.tui.screen_text import (
    CONTINUED,
    lines,
    main_opened,
    main_screen,
    pane,
    pressed,
    screen_lines,
    tutor_run,
)
from tui.app import QueensTutorApp
from tui.widgets.rows import Cell as RowCell
from tui.widgets.rows import Content, Row, changed_span, row_strip
from tui.widgets.session_view.grid import LOOKS, NARRATION_HEIGHT
from tui.widgets.session_view.pane import Bars, Box, Pane
from tui.widgets.session_view.view import SessionView

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
    async with tutor_run(12 if size[0] > 80 else 6, size=size) as (app, pilot):
        for _ in range(40):
            await pressed(pilot, rng.choice(KEYS))
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
    async with main_opened(app, (80, 24)) as (pilot, screen):
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
    async with tutor_run(8, method="recursive", size=(80, 24)) as (app, pilot):
        await pressed(pilot, "space", "m")
        view = main_screen(app).panes.view
        assert view is not None and view.right is not None
        table, code = pane(app, "table").region, pane(app, "code").region
        assert view.right.region == table.union(code)


def capture(view: Widget) -> list[tuple[Region, ...]]:
    """Each call's regions from now on (the view's own refresh, still called)."""
    calls: list[tuple[Region, ...]] = []
    refresh = view.refresh

    def recorded(*regions: Region, **options: Any) -> Any:
        calls.append(regions)
        return refresh(*regions, **options)

    view.refresh = recorded  # type: ignore[method-assign]
    return calls


@pytest.mark.parametrize("method", sweep(["recursive", "iterative"], everyday=[]))
async def test_a_tick_repaints_what_a_full_redraw_draws(method: str) -> None:
    """Every tick's repaint, deep into the call stack (the everyday case: random keys above)."""
    async with tutor_run(8, method=method, size=(80, 24)) as (app, pilot):
        for key in ["space"] * 30 + ["left"] * 6 + ["space"] * 6:
            await pressed(pilot, key)
            shown = app.export_screenshot()
            assert shown == await drawn_whole(app, pilot)


async def test_lines_changed_alike_are_one_region_and_the_right_column_is_its_widgets() -> None:
    """placeQueens(i+1) moves every line of the call stack down one, across the same columns:
    fewer regions than lines. A change in b[] or the code repaints the right column widget's
    regions only, never across its edge, and the widget has no refresh of its own at a tick."""
    async with tutor_run(8, method="recursive", size=(80, 24)) as (app, pilot):
        view = main_screen(app).panes.view
        assert view is not None and view.right is not None
        right = view.right
        calls = {view: capture(view), right: capture(right)}
        for _ in range(12):
            await pressed(pilot, "space")
        regions = [region for call in calls[view] for region in call]
        assert any(region.height > 1 for region in regions)
        # No two regions of one call are the same columns on adjacent lines (they'd be one).
        for call in calls[view]:
            for a in call:
                for b in call:
                    assert not (a.x == b.x and a.width == b.width and a.bottom == b.y), (a, b)
        left = right.region.x - view.region.x
        column = right.size.height
        # Refreshed whole only when the grid is laid out again (the first deeper stacks).
        assert all(call == () for call in calls[right]), calls[right]
        assert len(calls[right]) < len(calls[view]) // 2
        inside = [region for region in regions if region.x >= left and region.y < column]
        assert inside, "the ticks changed b[] and the code"
        assert all(
            Region(left, 0, right.size.width, column).contains_region(region) for region in inside
        )
        for region in regions:
            assert region.right <= left or region.x >= left or region.y >= column, region


class Recording(LineFilter):
    """Another filter, which also notes the text of each line it is given."""

    def __init__(self, inner: LineFilter) -> None:
        super().__init__()
        self.inner = inner
        self.seen: list[str] = []

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        self.seen.append("".join(segment.text for segment in segments))
        return self.inner.apply(segments, background)


def the_view(app: QueensTutorApp) -> SessionView:
    view = main_screen(app).panes.view
    assert view is not None
    return view


def filtered_by(view: SessionView, filters: Sequence[LineFilter]) -> None:
    """The view's line filters are ``filters`` from now on (the same objects every frame)."""
    kept = list(filters)
    view.get_line_filters = lambda: kept  # type: ignore[method-assign]
    if view.right is not None:  # it draws the view's panes, filtered as the view's lines
        view.right.get_line_filters = lambda: kept  # type: ignore[method-assign]
    for each in view.panes.values():
        each.redraw()
    view.refresh()


def assert_lines_are_textuals(widget: Widget, crops: Sequence[Region]) -> None:
    """The widget's lines over each crop are those Textual's own drawing makes from scratch;
    Textual pads a line to the widget's width, where the view's lines stop at the right
    column's edge (what is under it is never shown)."""
    for crop in crops:
        ours = widget.render_lines(crop)
        widget.refresh()
        textuals = Widget.render_lines(widget, crop)
        assert [list(strip) for strip in ours] == [
            list(theirs.crop(0, strip.cell_length))
            for strip, theirs in zip(ours, textuals, strict=True)
        ]


@pytest.mark.parametrize("method", sweep(["recursive", "iterative", "scan"], ["recursive"]))
async def test_a_tick_filters_the_lines_it_changed_as_textual_draws_them(method: str) -> None:
    """A tick filters the panes' lines it changed, not whole screen lines; the lines handed over
    (the view's and the right column's, whole or cropped) are Textual's."""
    async with tutor_run(8, method=method, size=(80, 24)) as (app, pilot):
        view = the_view(app)
        recording = Recording(Monochrome())
        filtered_by(view, [recording, *view.get_line_filters()])
        await pilot.pause()
        width, height = view.size
        narration_rows = range(height - NARRATION_HEIGHT, height)
        for _ in range(12):
            recording.seen.clear()
            await pressed(pilot, "space")
            narration = {view.render_line(y).text for y in narration_rows}
            assert recording.seen, "a tick filters the lines it changed"
            assert any(len(text) < width for text in recording.seen)
            # A line as wide as the screen is the narration's (the one pane across it); a
            # board's line beside b[] or the code is filtered on its own, as it changes.
            whole = [text for text in recording.seen if len(text) == width]
            assert all(text in narration for text in whole), whole
        for _ in range(6):  # refreshed whole from here on: the ticks' lines are not recorded
            await pressed(pilot, "space")
            right = view.right
            assert right is not None
            for widget in (view, right):
                w, h = widget.size
                assert_lines_are_textuals(widget, [Region(0, 0, w, h), Region(3, 2, w - 10, h - 4)])


def test_a_row_that_comes_back_is_the_same_line_of_the_box() -> None:
    # b[]'s row with its read cell back where it was, the tried square back on a board line:
    # the pane hands the line it drew then, which the view has filtered already.
    pane = Pane("table", LOOKS["table"], lambda names: Style())
    pane.place(Box(0, 0, 20, 5))
    bars = Bars(None, None, Style(), Style())

    def shown(*texts: str) -> list[Strip]:
        rows = [Row((), ((text, ("text",)),)) for text in texts]
        pane.show(Content(rows, body_width=16, head_width=0))
        return [pane.line(y, bars) for y in range(5)]

    first = shown("b = [0, 4, 7]", "c = [1]", "a = [2]")
    shown("b = [0, 4, 8]", "c = [1]", "a = [3]")
    again = shown("b = [0, 4, 7]", "c = [1]", "a = [2]")
    assert [strip.text for strip in again] == [strip.text for strip in first]
    assert all(a is b for a, b in zip(first, again, strict=True))


async def test_the_wheel_over_the_right_column_scrolls_its_pane() -> None:
    # The right column's widget lies over the view there: the wheel reaches it, and it
    # scrolls the view's pane under the pointer, as the view does over its own panes.
    async with tutor_run(8, method="recursive", size=(80, 24)) as (app, pilot):
        await pressed(pilot, "space")
        view = the_view(app)
        code = view.pane("code")
        assert code.max_scroll[1] > 0, "the listing is longer than its pane at 80x24"
        before = code.scroll_y
        x, y = code.content_region.offset + view.region.offset
        assert app.get_widget_at(x, y)[0] is view.right
        scroll = events.MouseScrollDown(None, x, y, 0, 1, 0, False, False, False, x, y)
        app.post_message(scroll)
        await pilot.pause()
        assert code.scroll_y == before + 1


@pytest.mark.parametrize("top", [True, False])
def test_a_border_label_that_fills_its_edge_leaves_no_empty_segment(top: bool) -> None:
    # Drawn, an empty segment is a colour and a reset for nothing.
    pane = Pane("board", LOOKS["board"], lambda names: Style())
    pane.place(Box(0, 0, 20, 5))
    label = "x" * 15  # " x...x " leaves no border line on one side of it
    pane.set_titles(label if top else "", None if top else label)
    edge = pane.line(0 if top else 4, Bars(None, None, Style(), Style()))
    assert label in edge.text and edge.cell_length == 20
    assert all(segment.text for segment in edge)


@pytest.mark.parametrize("method", sweep(["recursive", "iterative"], everyday=["recursive"]))
async def test_a_frame_asks_the_panes_only_for_the_lines_refreshed(method: str) -> None:
    # The compositor asks the view and the right column for every one of their lines at every
    # frame: a line not refreshed since it was handed is handed again as it was, without
    # asking its panes for it; the lines refreshed are drawn as Textual would draw them.
    async with tutor_run(8, method=method, size=(80, 24)) as (app, pilot):
        view = the_view(app)
        right = view.right
        assert right is not None
        await pressed(pilot, "space")
        asked: list[str] = []
        for pane in view.panes.values():
            line = pane.line

            def noted(y: int, bars: Bars, pane: Pane = pane, line: object = line) -> Strip:
                asked.append(pane.name)
                assert callable(line)
                strip: Strip = line(y, bars)
                return strip

            pane.line = noted  # type: ignore[method-assign]
        before = view.render_lines(view.size.region)
        before_right = right.render_lines(right.size.region)
        assert not asked, "nothing was refreshed since the last frame"
        calls = {view: capture(view), right: capture(right)}
        for _ in range(6):
            await pressed(pilot, "space")
        assert asked, "a tick draws the lines it changed"
        # The view refreshes the right column's regions too: a line refreshed there is the
        # widget's.
        left = right.region.x - view.region.x
        regions = [region for found in calls.values() for call in found for region in call]
        refreshed = {
            view: {y for region in regions if region.x < left for y in region.line_range},
            right: {y for region in regions if region.right > left for y in region.line_range},
        }
        asked.clear()
        after = view.render_lines(view.size.region)
        after_right = right.render_lines(right.size.region)
        assert not asked
        for widget, old, new in ((view, before, after), (right, before_right, after_right)):
            for y, (a, b) in enumerate(zip(old, new, strict=True)):
                if y not in refreshed[widget]:
                    assert a is b, (widget, y)
            assert_lines_are_textuals(widget, [widget.size.region])


STYLES = {
    (): Style(),
    ("text",): Style(),  # another name, the same style: joined too
    ("value",): Style(color="red"),
    ("marked",): Style(color="red", bold=True),
    ("head",): Style(color="blue"),
}


def style_of(names: tuple[str, ...]) -> Style:
    return STYLES[names]


def cell_by_cell(
    row: Row, scroll_x: int, width: int, head_width: int, step: int, virtual_width: int
) -> list[Segment]:
    """The segments as drawn one cell at a time."""
    base = style_of(())
    segments = [Segment(text, style_of(names)) for text, names in row.head]
    if sum(cell_len(text) for text, _ in row.head) != head_width:
        segments = Segment.adjust_line_length(segments, head_width, base)
    body_width = max(width - head_width, 0)
    shown = body_width
    if step > 1 and scroll_x + body_width < virtual_width - head_width:
        shown -= body_width % step
    right = scroll_x + shown
    x = drawn = 0
    for text, names in row.body:
        end = x + cell_len(text)
        if end > scroll_x:
            if x >= right:
                break
            segment = Segment(text, style_of(names))
            if x < scroll_x or end > right:
                cut = [max(scroll_x - x, 0), min(right, end) - x]
                segment = list(Segment.divide([segment], cut))[1][0]
            segments.append(segment)
            drawn += min(right, end) - max(x, scroll_x)
        x = end
    if drawn < body_width:
        segments.append(Segment(" " * (body_width - drawn), base))
    segments = list(Segment.simplify(segments))
    if head_width + body_width != width:
        segments = Segment.adjust_line_length(segments, width, base)
    return segments


SHAPE = ("scroll_x", "width", "head_width", "step", "virtual_width")


def test_the_segments_are_those_of_the_cells_styled_one_by_one_a_run_of_one_class_one() -> None:
    row = Row((("b │", ("head",)),), tuple(("  T", ("value",)) for _ in range(15)))
    segments = list(row_strip(row, style_of, **dict(zip(SHAPE, (0, 48, 3, 1, 48), strict=True))))
    assert [segment.text for segment in segments] == ["b │", "  T" * 15]
    assert sum(segment.cell_length for segment in segments) == 48
    chance = random.Random(42)
    texts = ["  F", "  T", " ♛ ", " • ", "中", "ab", "", "x", "漢字"]
    names = list(STYLES)

    def cells(most: int) -> tuple[RowCell, ...]:
        return tuple(
            (chance.choice(texts), chance.choice(names)) for _ in range(chance.randint(0, most))
        )

    for _ in range(3000):
        row = Row(cells(2), cells(16))
        head_width = chance.randint(0, 4)
        step = chance.choice([1, 1, 2, 3])
        width = chance.randint(0, 40)
        body = sum(cell_len(text) for text, _ in row.body)
        virtual_width = head_width + body + step - 1 + chance.randint(0, 3)
        scroll_x = chance.randint(0, 12)
        shape = (scroll_x, width, head_width, step, virtual_width)
        ours = list(row_strip(row, style_of, **dict(zip(SHAPE, shape, strict=True))))
        expected = cell_by_cell(row, *shape)
        assert [(s.text, s.style) for s in ours] == [(s.text, s.style) for s in expected], (
            row,
            shape,
        )


def first_and_end(old: tuple[RowCell, ...], new: tuple[RowCell, ...]) -> tuple[int, int] | None:
    """Where ``new`` cells differ from ``old`` ones, every cell measured (the columns from the
    first cell that differs to the end of the last; -1: the cells after it moved)."""
    x = 0
    first = -1
    end = 0
    for index in range(max(len(old), len(new))):
        a = old[index] if index < len(old) else None
        b = new[index] if index < len(new) else None
        if a == b:
            assert a is not None
            x += cell_len(a[0])
            continue
        if first < 0:
            first = x
        if a is None or b is None or cell_len(a[0]) != cell_len(b[0]):
            if a is not None and b is not None and index == len(old) - 1 == len(new) - 1:
                return first, x + max(cell_len(a[0]), cell_len(b[0]))  # blank after both
            return first, -1
        x += cell_len(b[0])
        end = x
    return None if first < 0 else (first, end)


def test_the_columns_that_changed_are_those_every_cell_measured_gives() -> None:
    # changed_span measures only the cells up to the last that differs.
    chance = random.Random(7)
    texts = ["  F", "  T", " ♛ ", "中", "ab", "", "x"]
    names = list(STYLES)
    for _ in range(5000):
        old = tuple(
            (chance.choice(texts), chance.choice(names)) for _ in range(chance.randint(0, 10))
        )
        new = list(old)
        for _ in range(chance.randint(0, 3)):
            cell = (chance.choice(texts), chance.choice(names))
            if new and chance.random() < 0.8:
                new[chance.randrange(len(new))] = cell
            elif chance.random() < 0.5:
                new.append(cell)
            elif new:
                new.pop()
        head = ((chance.choice(texts), ("head",)),)
        expected = first_and_end(old, tuple(new))
        span = changed_span(
            Row(head, old), Row(head, tuple(new)), scroll_x=0, head_width=3, width=99
        )
        if expected is not None:
            start, end = expected
            expected = (3 + start, 99 if end < 0 else 3 + end)
            if expected[1] <= expected[0]:
                expected = None  # cells of no width: nothing drawn differs
        assert span == expected, (old, new)
