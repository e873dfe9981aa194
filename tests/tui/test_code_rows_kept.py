"""The code's rows (tui/widgets/code_pane.py, ``CodeDrawing``): a line whose mark did not move
between two ticks is the same row object, which a pane sees as unchanged without comparing
its cells; the lines whose marks moved are new rows that say so."""

from __future__ import annotations

from solver.views.frame import CodeFrame
from tui.glyphs import UNICODE
from tui.widgets.code_pane import CodeDrawing

LINES = ("def f(i):", "    if i == n:", "        return True", "    for j in range(n):", "  x")


def test_lines_whose_marks_did_not_move_are_the_same_rows() -> None:
    drawing = CodeDrawing(UNICODE)
    before = drawing.content(CodeFrame("f", LINES, (0, 1)), 30).rows
    after = drawing.content(CodeFrame("f", LINES, (0, 3)), 30).rows
    assert [a is b for a, b in zip(before, after, strict=True)] == [
        True,  # still passed through
        False,  # was the deciding line, now not run
        True,
        False,  # now the deciding line
        True,
    ]
    assert after[1].head[0][0] == "  " and after[3].head[0][0] == UNICODE.ran
    again = drawing.content(CodeFrame("f", LINES, (0, 1)), 30).rows
    assert all(a is b for a, b in zip(before, again, strict=True))
