"""The main screen's background and its key bar hand the compositor the lines they handed last
until they are refreshed or their styles change (tui/widgets/kept_lines.py): the same lines
as Textual draws for them, after a tick, a change of the keys shown, a theme and a resize."""

from __future__ import annotations

from textual.strip import Strip
from textual.widget import Widget

from tests.tui.screen_text import main_screen, wait_for
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
    async with app.run_test(size=(80, 24)) as pilot:
        screen = main_screen(app)
        bar = screen.query_one(KeyBar)
        for _ in range(3):
            await pilot.press("space")
            await pilot.pause()
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
