"""Student walk 6, F8: the README said the place board lists the n! placements up to n = 4; the
pane lists them up to n = 3 (six lines) and counts them for n = 4 (24 would not fit 80x24).
The README's sentence follows the pane's limit."""

from __future__ import annotations

from pathlib import Path

from tui.screens.place_screen import LIST_MAX_N

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_says_up_to_which_n_the_placements_are_listed() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert f"Up to n = {LIST_MAX_N} the pane lists the n! placements" in text
    assert f"for n = {LIST_MAX_N + 1} it counts them" in text
