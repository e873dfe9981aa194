"""The main screen of every steppable method, in three themes, at 80x24 (an 8 x 8 board) and
120x50 (32 x 32, scrolled sideways), compared with reviewed SVG baselines. The first method in
the default theme at both sizes and in high contrast at 80x24 run every day (test_snapshots.py
has the other methods at 80x24); the rest is CI's thorough tier. Regenerate with
``pytest tests/tui/test_main_snapshots.py -m "" --snapshot-update`` and look at every SVG that
changed before accepting it.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from solver.registry import steppable_methods, stepped
from tui.app import QueensTutorApp

THEMES = ("textual-dark", "textual-light", "queens-high-contrast")
SIZES = {
    "80x24": ((80, 24), 8, ["enter"] * 3 + ["space"] * 3),
    "120x50": ((120, 50), 32, ["enter"] * 24 + ["space"] * 2),
}
"""Terminal size, board size and keys for each size's snapshot."""


def _cases() -> list[Any]:
    cases = []
    # Only the tutor's own methods have reviewed baselines: a kit defined outside solver/ (the
    # throwaway kit of --throwaway-kit, a test of the recipe for a new method) is not a
    # screen the tutor ships.
    methods = [m for m in steppable_methods() if type(stepped(m)).__module__.startswith("solver.")]
    for index, method in enumerate(methods):
        for theme in THEMES:
            for size in SIZES:
                contrast = theme == THEMES[2] and size == "80x24"
                everyday = index == 0 and (theme == THEMES[0] or contrast)
                marks = () if everyday else (pytest.mark.thorough,)
                cases.append(
                    pytest.param(method, theme, size, marks=marks, id=f"{method}-{theme}-{size}")
                )
    return cases


@pytest.mark.parametrize(("method", "theme", "size"), _cases())
def test_main_screen(snap_compare: Any, method: str, theme: str, size: str) -> None:
    terminal, n, press = SIZES[size]
    if stepped(method).queens:
        app = QueensTutorApp(n, method=method)
    else:
        app = QueensTutorApp(method=method, maze="detour")
        press = ["space"] * 30

    async def use_theme(pilot: Pilot[None]) -> None:
        app.theme = theme
        await pilot.pause()

    assert snap_compare(app, press=press, terminal_size=terminal, run_before=use_theme)
