"""Screenshots of the main screen at 80x24, compared with reviewed SVG baselines (regenerate
with ``--snapshot-update`` and look at every SVG that changed before accepting it)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from tests.tui.screen_text import main_screen, wait_for
from tui.app import QueensTutorApp
from tui.glyphs import ASCII

SIZE = (80, 24)


def test_n4_after_five_ticks(snap_compare: Any) -> None:
    # The Wrocław lecture, column 2: b = [0, 2, 0, -1], row 0 attacked by the queen in column 0.
    assert snap_compare(QueensTutorApp(4), press=["space"] * 5, terminal_size=SIZE)


def test_n8_with_the_row_minus_col_overlay(snap_compare: Any) -> None:
    press = ["enter"] * 4 + ["space", "space", "d", "d"]
    assert snap_compare(QueensTutorApp(8), press=press, terminal_size=SIZE)


@pytest.mark.thorough
def test_n8_with_the_col_plus_row_overlay(snap_compare: Any) -> None:
    press = ["enter"] * 4 + ["space", "space", "d"]
    assert snap_compare(QueensTutorApp(8), press=press, terminal_size=SIZE)


def test_ascii_mode(snap_compare: Any) -> None:
    app = QueensTutorApp(6, glyphs=ASCII)
    assert snap_compare(app, press=["enter"] * 3 + ["space"] * 2, terminal_size=SIZE)


@pytest.mark.thorough
def test_n4_solution(snap_compare: Any) -> None:
    app = QueensTutorApp(4)

    async def run_to_solution(pilot: Pilot[None]) -> None:
        await pilot.press("s")
        await wait_for(pilot, lambda: not main_screen(app).running)

    assert snap_compare(app, run_before=run_to_solution, terminal_size=SIZE)


def test_recursive_turin_notes(snap_compare: Any) -> None:
    # placeQueens(2) tries column 2: c[2] is false (the queen of row 1), the && stops there.
    app = QueensTutorApp(8, method="recursive")
    assert snap_compare(app, press=["space"] * 12, terminal_size=SIZE)


@pytest.mark.thorough
def test_scan_edutecnica(snap_compare: Any) -> None:
    # sicura(2, 0) compares with the queen of column 0: the same row.
    app = QueensTutorApp(8, method="scan")
    assert snap_compare(app, press=["space"] * 14, terminal_size=SIZE)


@pytest.mark.thorough
def test_general_salerno_notes(snap_compare: Any) -> None:
    app = QueensTutorApp(8, method="general")
    assert snap_compare(app, press=["space"] * 14, terminal_size=SIZE)


def test_maze(snap_compare: Any) -> None:
    app = QueensTutorApp(method="maze", maze="detour")
    assert snap_compare(app, press=["space"] * 30, terminal_size=SIZE)
