"""The students' page says up to which n the place board lists the n! placements, and from
which n it counts them instead: the pane's own limit."""

from __future__ import annotations

from pathlib import Path

from tui.screens.place_screen import LIST_MAX_N

STUDENTS = Path(__file__).resolve().parents[2] / "docs" / "students.md"


def test_the_students_page_says_up_to_which_n_the_placements_are_listed() -> None:
    text = " ".join(STUDENTS.read_text(encoding="utf-8").split())
    assert f"Up to n = {LIST_MAX_N} the pane lists the n! placements" in text
    assert f"for n = {LIST_MAX_N + 1} it counts them" in text
