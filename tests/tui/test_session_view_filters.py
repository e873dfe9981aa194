"""The app's line filters over the session view's lines: each goes over a pane's line when that
line changes, not over the whole screen line; a pane's line that comes back is the line drawn
before; the lines handed to the compositor are the ones Textual's own drawing makes."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.color import Color
from textual.filter import LineFilter, Monochrome
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from tests.tiers import sweep
from tests.tui.screen_text import main_screen
from tests.tui.test_session_view_regions import capture
from tui.app import QueensTutorApp
from tui.widgets.rows import Content, Row
from tui.widgets.session_view.grid import LOOKS, NARRATION_HEIGHT
from tui.widgets.session_view.pane import Bars, Box, Pane
from tui.widgets.session_view.view import SessionView


class Recording(LineFilter):
    """Another filter, which also notes the text of each line it is given."""

    def __init__(self, inner: LineFilter) -> None:
        super().__init__()
        self.inner = inner
        self.seen: list[str] = []

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        self.seen.append("".join(segment.text for segment in segments))
        return self.inner.apply(segments, background)


def the_view(app: QueensTutorApp) -> SessionView:
    view = main_screen(app).panes.view
    assert view is not None
    return view


def filtered_by(view: SessionView, filters: Sequence[LineFilter]) -> None:
    """The view's line filters are ``filters`` from now on (the same objects every frame)."""
    kept = list(filters)
    view.get_line_filters = lambda: kept  # type: ignore[method-assign]
    if view.right is not None:  # it draws the view's panes, filtered as the view's lines
        view.right.get_line_filters = lambda: kept  # type: ignore[method-assign]
    for pane in view.panes.values():
        pane.redraw()
    view.refresh()


def assert_lines_are_textuals(widget: Widget, crops: Sequence[Region]) -> None:
    """The widget's lines over each crop are those Textual's own drawing makes from scratch;
    Textual pads a line to the widget's width, where the view's lines stop at the right
    column's edge (what is under it is never shown)."""
    for crop in crops:
        ours = widget.render_lines(crop)
        widget.refresh()
        textuals = Widget.render_lines(widget, crop)
        assert [list(strip) for strip in ours] == [
            list(theirs.crop(0, strip.cell_length))
            for strip, theirs in zip(ours, textuals, strict=True)
        ]


@pytest.mark.parametrize("method", sweep(["recursive", "iterative", "scan"], ["recursive"]))
async def test_a_tick_filters_the_lines_it_changed_as_textual_draws_them(method: str) -> None:
    """A tick filters the panes' lines it changed, not whole screen lines; the lines handed over
    (the view's and the right column's, whole or cropped) are Textual's."""
    app = QueensTutorApp(8, method=method)
    async with app.run_test(size=(80, 24)) as pilot:
        view = the_view(app)
        recording = Recording(Monochrome())
        filtered_by(view, [recording, *view.get_line_filters()])
        await pilot.pause()
        width, height = view.size
        narration_rows = range(height - NARRATION_HEIGHT, height)
        for _ in range(12):
            recording.seen.clear()
            await pilot.press("space")
            await pilot.pause()
            narration = {view.render_line(y).text for y in narration_rows}
            assert recording.seen, "a tick filters the lines it changed"
            assert any(len(text) < width for text in recording.seen)
            # A line as wide as the screen is the narration's (the one pane across it); a
            # board's line beside b[] or the code is filtered on its own, as it changes.
            whole = [text for text in recording.seen if len(text) == width]
            assert all(text in narration for text in whole), whole
        for _ in range(6):  # refreshed whole from here on: the ticks' lines are not recorded
            await pilot.press("space")
            await pilot.pause()
            right = view.right
            assert right is not None
            for widget in (view, right):
                w, h = widget.size
                assert_lines_are_textuals(widget, [Region(0, 0, w, h), Region(3, 2, w - 10, h - 4)])


def test_a_row_that_comes_back_is_the_same_line_of_the_box() -> None:
    # b[]'s row with its read cell back where it was, the tried square back on a board line:
    # the pane hands the line it drew then, which the view has filtered already.
    pane = Pane("table", LOOKS["table"], lambda names: Style())
    pane.place(Box(0, 0, 20, 5))
    bars = Bars(None, None, Style(), Style())

    def shown(*texts: str) -> list[Strip]:
        rows = [Row((), ((text, ("text",)),)) for text in texts]
        pane.show(Content(rows, body_width=16, head_width=0))
        return [pane.line(y, bars) for y in range(5)]

    first = shown("b = [0, 4, 7]", "c = [1]", "a = [2]")
    shown("b = [0, 4, 8]", "c = [1]", "a = [3]")
    again = shown("b = [0, 4, 7]", "c = [1]", "a = [2]")
    assert [strip.text for strip in again] == [strip.text for strip in first]
    assert all(a is b for a, b in zip(first, again, strict=True))


async def test_the_wheel_over_the_right_column_scrolls_its_pane() -> None:
    # The right column's widget lies over the view there: the wheel reaches it, and it
    # scrolls the view's pane under the pointer, as the view does over its own panes.
    app = QueensTutorApp(8, method="recursive")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        await pilot.pause()
        view = the_view(app)
        code = view.pane("code")
        assert code.max_scroll[1] > 0, "the listing is longer than its pane at 80x24"
        before = code.scroll_y
        x, y = code.content_region.offset + view.region.offset
        assert app.get_widget_at(x, y)[0] is view.right
        scroll = events.MouseScrollDown(None, x, y, 0, 1, 0, False, False, False, x, y)
        app.post_message(scroll)
        await pilot.pause()
        assert code.scroll_y == before + 1


@pytest.mark.parametrize("top", [True, False])
def test_a_border_label_that_fills_its_edge_leaves_no_empty_segment(top: bool) -> None:
    # Drawn, an empty segment is a colour and a reset for nothing: the board's bottom edge
    # with "cols 10-17, rows 0-8 of 32" sent 23 bytes more a key at n = 32 once the board's
    # line reached the terminal whole (the compositor had dropped it cutting a screen line).
    pane = Pane("board", LOOKS["board"], lambda names: Style())
    pane.place(Box(0, 0, 20, 5))
    label = "x" * 15  # " x...x " leaves no border line on one side of it
    pane.set_titles(label if top else "", None if top else label)
    edge = pane.line(0 if top else 4, Bars(None, None, Style(), Style()))
    assert label in edge.text and edge.cell_length == 20
    assert all(segment.text for segment in edge)


@pytest.mark.parametrize("method", sweep(["recursive", "iterative"], everyday=["recursive"]))
async def test_a_frame_asks_the_panes_only_for_the_lines_refreshed(method: str) -> None:
    # The compositor asks the view and the right column for every one of their lines at every
    # frame: a line not refreshed since it was handed is handed again as it was, without
    # asking its panes for it; the lines refreshed are drawn as Textual would draw them.
    app = QueensTutorApp(8, method=method)
    async with app.run_test(size=(80, 24)) as pilot:
        view = the_view(app)
        right = view.right
        assert right is not None
        await pilot.press("space")
        await pilot.pause()
        asked: list[str] = []
        for pane in view.panes.values():
            line = pane.line

            def noted(y: int, bars: Bars, pane: Pane = pane, line: object = line) -> Strip:
                asked.append(pane.name)
                assert callable(line)
                strip: Strip = line(y, bars)
                return strip

            pane.line = noted  # type: ignore[method-assign]
        before = view.render_lines(view.size.region)
        before_right = right.render_lines(right.size.region)
        assert not asked, "nothing was refreshed since the last frame"
        calls = {view: capture(view), right: capture(right)}
        for _ in range(6):
            await pilot.press("space")
            await pilot.pause()
        assert asked, "a tick draws the lines it changed"
        # The view refreshes the right column's regions too: a line refreshed there is the
        # widget's.
        left = right.region.x - view.region.x
        regions = [region for found in calls.values() for call in found for region in call]
        refreshed = {
            view: {y for region in regions if region.x < left for y in region.line_range},
            right: {y for region in regions if region.right > left for y in region.line_range},
        }
        asked.clear()
        after = view.render_lines(view.size.region)
        after_right = right.render_lines(right.size.region)
        assert not asked
        for widget, old, new in ((view, before, after), (right, before_right, after_right)):
            for y, (a, b) in enumerate(zip(old, new, strict=True)):
                if y not in refreshed[widget]:
                    assert a is b, (widget, y)
            assert_lines_are_textuals(widget, [widget.size.region])
