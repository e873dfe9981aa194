"""The recursive method's state table: a removed queen's q[i] (which the
Turin notes' C++ keeps: placeQueens never clears q[i]) is drawn in parentheses, not as a queen:
its colour alone told it apart before ("q │ 0 2 - -" read as a queen in row 1)."""

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
