"""Screenshots of the projector layout at 160x50, compared with reviewed SVG baselines (regenerate
with ``--snapshot-update`` and look at every SVG that changed before accepting it)."""

from __future__ import annotations

from typing import Any

import pytest

from tui.app import QueensTutorApp

SIZE = (160, 50)


def test_n8_in_large_squares(snap_compare: Any) -> None:
    # Column 4 tried on row 1: attacked by the queen of column 3 on the same row.
    press = ["enter"] * 4 + ["space", "space"]
    assert snap_compare(QueensTutorApp(8, projector=True), press=press, terminal_size=SIZE)


@pytest.mark.thorough
def test_n8_with_the_state_and_the_code(snap_compare: Any) -> None:
    press = ["enter"] * 4 + ["space", "space", "c"]
    assert snap_compare(QueensTutorApp(8, projector=True), press=press, terminal_size=SIZE)


@pytest.mark.thorough
def test_n6_an_attack_along_a_diagonal_with_the_overlay(snap_compare: Any) -> None:
    press = ["enter"] * 2 + ["space"] * 3 + ["d"]
    assert snap_compare(QueensTutorApp(6, projector=True), press=press, terminal_size=SIZE)


@pytest.mark.thorough
def test_the_maze(snap_compare: Any) -> None:
    app = QueensTutorApp(method="maze", maze="detour", projector=True)
    assert snap_compare(app, press=["space"] * 30, terminal_size=SIZE)


@pytest.mark.thorough
def test_n8_in_high_contrast(snap_compare: Any) -> None:
    app = QueensTutorApp(8, projector=True, high_contrast=True)
    assert snap_compare(app, press=["enter"] * 4 + ["space", "space"], terminal_size=SIZE)
