"""The regions a tick hands Textual (tui/widgets/session_view/view.py, ``_repaint``): the lines
of one pane that changed across the same columns go as one region, and what is repainted that
way is what a full redraw draws, for the recursive method's call stack as for the loop."""

from __future__ import annotations

from typing import Any

import pytest
from textual.geometry import Region
from textual.widget import Widget

from tests.tiers import sweep
from tests.tui.screen_text import main_screen
from tests.tui.test_session_view import drawn_whole
from tui.app import QueensTutorApp


def capture(view: Widget) -> list[tuple[Region, ...]]:
    """Each call's regions from now on (the view's own refresh, still called)."""
    calls: list[tuple[Region, ...]] = []
    refresh = view.refresh

    def recorded(*regions: Region, **options: Any) -> Any:
        calls.append(regions)
        return refresh(*regions, **options)

    view.refresh = recorded  # type: ignore[method-assign]
    return calls


@pytest.mark.parametrize("method", sweep(["recursive", "iterative"], everyday=["recursive"]))
async def test_a_tick_repaints_what_a_full_redraw_draws(method: str) -> None:
    app = QueensTutorApp(8, method=method)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ["space"] * 30 + ["left"] * 6 + ["space"] * 6:
            await pilot.press(key)
            await pilot.pause()
            shown = app.export_screenshot()
            assert shown == await drawn_whole(app, pilot)


async def test_adjacent_lines_changed_alike_are_one_region() -> None:
    # placeQueens(i+1) is called: every line of the call stack moves down one, across the
    # same columns, and the narration's lines change across the pane: fewer regions than lines.
    app = QueensTutorApp(8, method="recursive")
    async with app.run_test(size=(80, 24)) as pilot:
        view = main_screen(app).panes.view
        assert view is not None
        calls = capture(view)
        for _ in range(12):
            await pilot.press("space")
            await pilot.pause()
        regions = [region for call in calls for region in call]
        assert regions, "a tick repaints lines"
        assert any(region.height > 1 for region in regions)
        # No two regions of one call are the same columns on adjacent lines (they'd be one).
        for call in calls:
            for a in call:
                for b in call:
                    assert not (a.x == b.x and a.width == b.width and a.bottom == b.y), (a, b)
