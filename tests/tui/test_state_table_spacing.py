"""Student walk 6, F22, F23 and F30: the state table keeps its cells and lines readable.

A read cell keeps its padding before its brackets (lesson 8 p4 drew ``2[   4]``); the marker
under the current entry keeps a blank column before the pane's border (``▶ k = 3│``); a call
stack frame wraps between its name and its locals, never inside ``i = 0``."""

from __future__ import annotations

from solver.views.frame import CellMark
from tui.widgets.state_table import _cell, _marker, _wrap


def test_a_read_cell_keeps_its_padding_before_the_brackets() -> None:
    text, _style = _cell("4", CellMark.READ, 6, ("[", "]"))
    assert text == "   [4]"
    before, _ = _cell("2", CellMark.PLAIN, 6, ("[", "]"))
    assert "2[" not in before + text


def test_the_marker_keeps_a_column_before_the_border() -> None:
    body = 16
    for at in range(body):
        for line in _marker("k = 3", at, body):
            assert line.at + len(line.text) <= body - 1, (at, line)


def test_a_stack_frame_wraps_between_its_parts() -> None:
    assert _wrap("sicura(2, 0)  i = 0", 16) == ["sicura(2, 0)", "i = 0"]
    assert _wrap("placeQueens(1)  j = 2", 22) == ["placeQueens(1)  j = 2"]
    assert _wrap("Solve(at (4, 3))  m = up", 20) == ["Solve(at (4, 3))", "m = up"]
