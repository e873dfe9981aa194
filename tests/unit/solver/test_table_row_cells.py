"""``solver.views.views.table_row`` builds its rows from shared cells (a tick's new rows are
copies with a few cells swapped): each cell still marked as every table marks it, the read
entry over the written one over a stale one over plain, and indices off the row ignored."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.views.frame import Cell, CellMark
from solver.views.views import table_row
from tests.tiers import examples


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
