"""The edutecnica page's T[] on lesson 6 p6 (5 x 5, tenta(2) trying row
0) was drawn "T │[0]  2(0)(0)(0)": columns 3 and 4 in parentheses, which the lessons explain as
a value a removed queen left, though no queen had stood there. A T[k] stands in parentheses
only where a queen's row was written into it and that queen is no longer on the board; the
zeros T[] starts with are plain. Stepping back undoes what each tick wrote."""

from __future__ import annotations

from solver.methods.scan.engine import ScanEngine
from solver.methods.scan.view import ScanView
from solver.stepping import Mode
from solver.views.frame import CellMark


def left_over(engine: ScanEngine) -> set[int]:
    frame = ScanView().frame(engine.snapshot(), "off")
    (row,) = frame.tables.rows
    return {k for k, cell in enumerate(row.cells) if cell.mark is CellMark.STALE}


def test_only_columns_a_removed_queen_stood_in_are_left_over() -> None:
    engine = ScanEngine(6, Mode.ALL)
    reached: set[int] = set()  # the columns a queen has been placed in so far
    history: list[set[int]] = []
    for _ in range(300):
        if engine.step() is None:
            break
        snapshot = engine.snapshot()
        reached |= {col for col, _ in snapshot.placed}
        on_board = {col for col, _ in snapshot.placed}
        shown = left_over(engine)
        assert shown <= reached - on_board, (engine.tick, shown, reached, on_board)
        assert shown == snapshot.held - on_board
        history.append(shown)
    assert any(history), "a backtrack left a T[k] over somewhere"
    # The first ticks, before any queen reached columns 2 to 4: none of them in parentheses.
    engine.reset()
    for _ in range(3):
        engine.step()
    assert left_over(engine) == set()
    # Stepping back gives each tick's marks again.
    engine.reset()
    for _ in range(len(history)):
        engine.step()
    for shown in reversed(history):
        assert left_over(engine) == shown
        engine.back()
