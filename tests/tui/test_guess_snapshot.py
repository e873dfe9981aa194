"""Guess mode at 80x24: a question on the Wrocław lecture's 4x4 board, marks hidden."""

from __future__ import annotations

from typing import Any

from tui.app import QueensTutorApp

SIZE = (80, 24)


def test_a_guess_question(snap_compare: Any) -> None:
    # Column 0 placed (b[0]=0, no question: the loop calls no isfree), column 1 row 0 answered
    # wrong, then row 1 asked: the squares the queen of column 0 attacks are not shaded, the
    # narration is the question.
    press = ["space", "space", "y", "space"]
    assert snap_compare(QueensTutorApp(4, guess=True), press=press, terminal_size=SIZE)
