"""Screenshots at 80x24 of the place-your-own board and of the search tree beside the board,
compared with reviewed SVG baselines (``--snapshot-update`` after an intended change)."""

from __future__ import annotations

from typing import Any

from tui.app import QueensTutorApp

SIZE = (80, 24)


def test_place_with_an_attacking_pair(snap_compare: Any) -> None:
    # Queens on (0, 1), (1, 3) and (3, 3): the pair of row 3 with its line; the cursor on (3, 3).
    press = ["k", "space", "l", "k", "k", "space", "l", "l", "space"]
    assert snap_compare(QueensTutorApp(4, place="place"), press=press, terminal_size=SIZE)


def test_search_tree_after_twelve_ticks(snap_compare: Any) -> None:
    assert snap_compare(QueensTutorApp(4), press=["t"] + ["space"] * 12, terminal_size=SIZE)
