"""The regions a tick hands Textual: the lines of one pane that changed across the same columns
go as one region, and what is repainted that way is what a full redraw draws."""

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


@pytest.mark.parametrize("method", sweep(["recursive", "iterative"], everyday=[]))
async def test_a_tick_repaints_what_a_full_redraw_draws(method: str) -> None:
    """Every tick's repaint, deep into the call stack (the everyday case of the rule, over random
    keys: test_session_view.py)."""
    app = QueensTutorApp(8, method=method)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ["space"] * 30 + ["left"] * 6 + ["space"] * 6:
            await pilot.press(key)
            await pilot.pause()
            shown = app.export_screenshot()
            assert shown == await drawn_whole(app, pilot)


async def test_lines_changed_alike_are_one_region_and_the_right_column_is_its_widgets() -> None:
    """placeQueens(i+1) moves every line of the call stack down one, across the same columns:
    fewer regions than lines. A change in b[] or the code repaints the right column widget's
    regions only, never across its edge, and the widget has no refresh of its own at a tick."""
    app = QueensTutorApp(8, method="recursive")
    async with app.run_test(size=(80, 24)) as pilot:
        view = main_screen(app).panes.view
        assert view is not None and view.right is not None
        right = view.right
        calls = {view: capture(view), right: capture(right)}
        for _ in range(12):
            await pilot.press("space")
            await pilot.pause()
        regions = [region for call in calls[view] for region in call]
        assert any(region.height > 1 for region in regions)
        # No two regions of one call are the same columns on adjacent lines (they'd be one).
        for call in calls[view]:
            for a in call:
                for b in call:
                    assert not (a.x == b.x and a.width == b.width and a.bottom == b.y), (a, b)
        left = right.region.x - view.region.x
        column = right.size.height
        # Refreshed whole only when the grid is laid out again (the first deeper stacks).
        assert all(call == () for call in calls[right]), calls[right]
        assert len(calls[right]) < len(calls[view]) // 2
        inside = [region for region in regions if region.x >= left and region.y < column]
        assert inside, "the ticks changed b[] and the code"
        assert all(
            Region(left, 0, right.size.width, column).contains_region(region) for region in inside
        )
        for region in regions:
            assert region.right <= left or region.x >= left or region.y >= column, region
