"""What the main screen hands the compositor: the background and the key bar hand the lines they
handed last until refreshed (the same lines as Textual draws), and ``m`` draws the next
method's board in the very next frame."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from lessons.i18n import _
from solver.registry import steppable_methods
from tests.tiers import sweep
from tests.tui.screen_text import main_opened, pressed, wait_for
from tui.app import QueensTutorApp
from tui.widgets.key_bar import KeyBar


def drawn(strips: list[Strip]) -> list[list[object]]:
    return [list(strip) for strip in strips]


def as_textual_draws(widget: Widget) -> None:
    """The widget's lines are those Textual's own drawing of it makes."""
    crop = widget.size.region
    assert drawn(widget.render_lines(crop)) == drawn(Widget.render_lines(widget, crop))


async def test_the_lines_kept_are_textuals_and_are_drawn_again_when_they_change() -> None:
    app = QueensTutorApp(8, method="recursive")
    async with main_opened(app, (80, 24)) as (pilot, screen):
        bar = screen.query_one(KeyBar)
        for _ in range(3):
            await pressed(pilot, "space")
        for widget in (screen, bar):
            crop = widget.size.region
            first = widget.render_lines(crop)
            assert widget.render_lines(crop) == first  # handed again, not drawn again
            as_textual_draws(widget)
        before = bar.render_lines(bar.size.region)
        await pilot.press("p")  # autoplay: the bar offers Pause and Stop
        await wait_for(pilot, lambda: "Pause" in bar.render_lines(bar.size.region)[0].text)
        assert drawn(bar.render_lines(bar.size.region)) != drawn(before)
        as_textual_draws(bar)
        await pilot.press("p")
        await wait_for(pilot, lambda: not screen.running)
        await pilot.pause()
        colours = drawn(bar.render_lines(bar.size.region))
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        assert drawn(bar.render_lines(bar.size.region)) != colours
        for widget in (screen, bar):
            as_textual_draws(widget)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        for widget in (screen, bar):
            assert widget.render_lines(widget.size.region)[0].cell_length == 100
            as_textual_draws(widget)


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
    async with main_opened(app, size) as (pilot, screen):
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
            await pressed(pilot, "m")
            assert screen.session.method == method
            assert frames, "m repaints the view"
            crop, strips, edge = frames[0]
            drawn = {y: left_of(line, edge - crop.x) for y, line in enumerate(strips, crop.y)}
            top = view.pane("board").box.y
            assert _("board") in drawn.get(top, ""), (method, edge, drawn.get(top))
            column = range(top, right.region.bottom - view.region.y)
            assert all(len(drawn.get(y, "x" * edge)) == edge for y in column), (method, drawn)
