"""A row's segments (tui/widgets/rows.py, ``row_segments``): neighbouring cells of the same
component classes are joined before they are styled, and the segments are those of styling
each cell on its own and joining neighbours of one style, whatever the scroll, the width, the
step sideways scrolling snaps to and the wide characters."""

from __future__ import annotations

import random

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style

from tui.widgets.rows import Cell, Row, row_segments

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
    """The segments as drawn one cell at a time (what ``row_segments`` drew before it
    joined runs of cells)."""
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


def test_a_run_of_cells_of_one_class_is_one_segment() -> None:
    row = Row((("b │", ("head",)),), tuple(("  T", ("value",)) for _ in range(15)))
    segments = row_segments(row, style_of, 0, 48, 3, 1, 48)
    assert [segment.text for segment in segments] == ["b │", "  T" * 15]
    assert sum(segment.cell_length for segment in segments) == 48


def test_the_segments_are_those_of_the_cells_styled_one_by_one() -> None:
    chance = random.Random(42)
    texts = ["  F", "  T", " ♛ ", " • ", "中", "ab", "", "x", "漢字"]
    names = list(STYLES)

    def cells(most: int) -> tuple[Cell, ...]:
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
        ours = row_segments(row, style_of, *shape)
        expected = cell_by_cell(row, *shape)
        assert [(s.text, s.style) for s in ours] == [(s.text, s.style) for s in expected], (
            row,
            shape,
        )
