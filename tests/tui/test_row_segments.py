"""A row's segments: neighbouring cells of one style are joined, as styling each cell on its own
would give, and the columns a changed row is drawn again across are those every cell measured
gives."""

from __future__ import annotations

import random

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style

from tui.widgets.rows import Cell, Row, changed_span, row_strip

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
    """The segments as drawn one cell at a time (what ``row_strip`` drew before it
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


SHAPE = ("scroll_x", "width", "head_width", "step", "virtual_width")


def test_a_run_of_cells_of_one_class_is_one_segment() -> None:
    row = Row((("b │", ("head",)),), tuple(("  T", ("value",)) for _ in range(15)))
    segments = list(row_strip(row, style_of, **dict(zip(SHAPE, (0, 48, 3, 1, 48), strict=True))))
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
        ours = list(row_strip(row, style_of, **dict(zip(SHAPE, shape, strict=True))))
        expected = cell_by_cell(row, *shape)
        assert [(s.text, s.style) for s in ours] == [(s.text, s.style) for s in expected], (
            row,
            shape,
        )


def first_and_end(old: tuple[Cell, ...], new: tuple[Cell, ...]) -> tuple[int, int] | None:
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
