"""``m`` on the main screen draws the next method's board in the very frame that follows, for
every registered method: each line the view hands the compositor reaches the right column's edge
as the column lies at that moment (its new width takes effect only at the next layout), so the
compositor keeps the board's part of every line (a line ending short of that edge is dropped and
the left of the screen stays blank until the next key)."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.strip import Strip

from lessons.i18n import _
from solver.registry import steppable_methods
from tests.tiers import sweep
from tests.tui.screen_text import main_screen
from tui.app import QueensTutorApp

Frame = tuple[Region, list[Strip], int]
"""What the view handed the compositor once: the lines asked for, the lines, and the right
column's left edge in the view's columns as the compositor placed it then."""


def left_of(strip: Strip, edge: int) -> str:
    """The part of ``strip`` the compositor draws left of a widget whose edge is ``edge``."""
    pieces = strip.divide([edge])
    return pieces[0].text if pieces else ""


@pytest.mark.parametrize("size", sweep([(80, 24), (120, 40)], everyday=[(80, 24)]))
async def test_m_draws_the_board_in_the_next_frame(size: tuple[int, int]) -> None:
    methods = steppable_methods()
    app = QueensTutorApp(8, method=methods[0])
    async with app.run_test(size=size) as pilot:
        screen = main_screen(app)
        view = screen.panes.view
        assert view is not None and view.right is not None
        right = view.right
        frames: list[Frame] = []
        handed = view.render_lines

        def recorded(crop: Region) -> list[Strip]:
            strips = handed(crop)
            frames.append((crop, strips, right.region.x - view.region.x))
            return strips

        view.render_lines = recorded  # type: ignore[method-assign]
        for method in [*methods[1:], methods[0]]:
            frames.clear()
            await pilot.press("m")
            await pilot.pause()
            assert screen.session.method == method
            assert frames, "m repaints the view"
            crop, strips, edge = frames[0]
            drawn = {y: left_of(line, edge - crop.x) for y, line in enumerate(strips, crop.y)}
            top = view.pane("board").box.y
            assert _("board") in drawn.get(top, ""), (method, edge, drawn.get(top))
            column = range(top, right.region.bottom - view.region.y)
            assert all(len(drawn.get(y, "x" * edge)) == edge for y in column), (method, drawn)
