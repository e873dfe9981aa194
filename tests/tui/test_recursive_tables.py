"""The recursive method's state table (issue 39, item 7, N20): an index row over its arrays
(``q │ 0 2 - -`` and ``c │ F T T T`` had no indices, where the loop's table has ``i``), and a
removed queen's q[i] (which the Turin notes' C++ keeps: placeQueens never clears q[i]) drawn in
parentheses, not as a queen: its colour alone told it apart before."""

from __future__ import annotations

from solver.methods.recursive.events import RemoveQueen
from solver.session.board import BoardSession
from solver.views.frame import CellMark
from tests.tui.screen_text import lines, pane
from tui.app import QueensTutorApp


def _after_a_removal(session: BoardSession) -> None:
    for _ in range(200):
        session.tick_forward()
        if isinstance(session.snapshot.last_event, RemoveQueen):
            return
    raise AssertionError("no queen removed")


def test_the_tables_have_an_index_row_over_every_array() -> None:
    session = BoardSession("recursive", 4)
    tables = session.frame().tables
    assert tables.index_row
    head, *arrays = tables.rows
    assert [cell.text for cell in head.cells] == [str(k) for k in range(7)]  # 0 .. 2n-2
    assert [row.label for row in arrays] == ["q", "c", "a", "b"]


async def test_a_removed_queens_q_is_drawn_in_parentheses() -> None:
    app = QueensTutorApp(4, method="recursive")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        from tests.tui.screen_text import main_screen

        session = main_screen(app).session
        _after_a_removal(session)
        await pilot.press("left", "space")  # drawn again after the engine moved
        await pilot.pause()
        q = next(row for row in session.frame().tables.rows if row.label == "q")
        left = [i for i, cell in enumerate(q.cells) if cell.mark is CellMark.STALE]
        assert left, q
        drawn = lines(pane(app, "table"))
        q_line = next(line for line in drawn if line.startswith("q "))
        assert f"({q.cells[left[0]].text})" in q_line, drawn
        assert any(line.startswith("  │  0  1  2  3  4  5  6") for line in drawn), drawn
