"""Read what the tutor shows, as text, from a running app (for Pilot tests)."""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from rich.cells import cell_len
from textual.command import CommandInput, CommandList, CommandPalette
from textual.errors import NoWidget
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from tui.app import QueensTutorApp
from tui.screens.main_screen import MainScreen
from tui.widgets.session_view.pane import Pane

CONTINUED = re.compile(r"\w+(\[\w+\])?\[\d+\.\.\]")
"""The label of a state table's line that goes on with an array (``a[6..]``, ``S[C][6..]``)."""
READING = ("lesson-page",)
"""The reading pane, whose scrollbar is the page's own; every other pane says where it scrolls."""
PANES = ("board", "table", "code", "status", "narration")
"""The main screen's panes, by name (see :func:`pane`)."""


def drawn(strips: list[Strip]) -> list[list[tuple[str, object]]]:
    """Each strip as its segments' text and style (to compare two ways of drawing a line)."""
    return [[(segment.text, segment.style) for segment in strip] for strip in strips]


def lines(widget: Widget | Pane) -> list[str]:
    """Every line the widget (or a pane of the main screen's view) draws, as plain text
    (trailing blanks removed)."""
    if isinstance(widget, Pane):
        height = widget.content_region.height
    else:
        height = widget.scrollable_content_region.height
    return [widget.render_line(y).text.rstrip() for y in range(height)]


def pane(app: QueensTutorApp, name: str) -> Pane:
    """The main screen's pane ``name`` (board, table, code, tree, status, narration): a pane
    of its one widget, tui/widgets/session_view/."""
    view = main_screen(app).panes.view
    assert view is not None
    return view.pane(name)


def visible_b(app: QueensTutorApp) -> dict[int, int]:
    """``{i: b[i]}`` for the columns of the state table on screen (a wide board's columns go
    on in bands, an ``i`` line over a ``b[i]`` line each)."""
    table = lines(pane(app, "table"))

    def cells(title: str) -> list[int]:
        rows = [line for line in table if line.startswith(title)]
        return [int(v) for row in rows for v in row.replace("│", "|").split("|")[1].split()]

    return dict(zip(cells("i "), cells("b[i]"), strict=True))


def b_row(app: QueensTutorApp) -> list[int]:
    """The whole ``b[i]`` row of the state table, as drawn (it must all be on screen)."""
    shown = visible_b(app)
    assert sorted(shown) == list(range(len(shown))), "part of the table is scrolled away"
    return [shown[i] for i in range(len(shown))]


def stacked(app: QueensTutorApp) -> list[str]:
    """The class names of the app's screens, bottom first."""
    return [type(screen).__name__ for screen in app.screen_stack]


def main_screen(app: QueensTutorApp) -> MainScreen:
    return on_top(app, MainScreen)


@asynccontextmanager
async def main_opened(
    app: QueensTutorApp, size: tuple[int, int], notifications: bool = False
) -> AsyncIterator[tuple[Pilot[None], MainScreen]]:
    """``app`` run at ``size``: its pilot, and its main screen."""
    async with app.run_test(size=size, notifications=notifications) as pilot:
        yield pilot, main_screen(app)


@asynccontextmanager
async def tutor_run(
    *args: Any, size: tuple[int, int], **kwargs: Any
) -> AsyncIterator[tuple[QueensTutorApp, Pilot[None]]]:
    """A ``QueensTutorApp(*args, **kwargs)`` run at ``size``: the app, and its pilot."""
    app = QueensTutorApp(*args, **kwargs)
    async with app.run_test(size=size) as pilot:
        yield app, pilot


async def wait_for(pilot: Pilot[Any], condition: Callable[[], bool], timeout: float = 30) -> None:
    """Let the app run until ``condition()`` holds; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the app did not reach the expected state in time")
        await pilot.pause(0.02)


Shown = TypeVar("Shown", bound=Screen[Any])


def on_top(app: Any, screen: type[Shown]) -> Shown:
    """The app's screen, which is a ``screen``."""
    shown = app.screen
    assert isinstance(shown, screen)
    return shown


async def press_for(pilot: Pilot[Any], screen: type[Shown], *keys: str) -> Shown:
    """``keys`` pressed, then the app's screen once it is a ``screen``."""
    await pilot.press(*keys)
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, screen))
    return on_top(pilot.app, screen)


def palette_found(app: Any, words: str) -> bool:
    """Whether the open command palette has searched for ``words`` (it searches in a worker)
    and highlights a command whose name holds them."""
    if not isinstance(app.screen, CommandPalette):
        return False
    lists = app.screen.query(CommandList)
    if not lists or lists.first().highlighted is None:
        return False
    options = lists.first()
    prompt = options.get_option_at_index(options.highlighted).prompt
    return words.lower() in str(getattr(prompt, "plain", prompt)).lower()


async def palette_choose(pilot: Pilot[Any], words: str) -> None:
    """Open the command palette, type ``words``, wait until it highlights a command that holds
    them, and choose it; return once the palette has closed."""
    app = pilot.app
    await pilot.press("ctrl+p")
    await wait_for(pilot, lambda: isinstance(app.focused, CommandInput))
    await pilot.press(*words)
    await wait_for(pilot, lambda: palette_found(app, words))
    await pilot.press("enter")
    await wait_for(pilot, lambda: not isinstance(app.screen, CommandPalette))


def _shown(screen: Screen[Any]) -> list[tuple[Widget, Region, Region]]:
    """The widgets ``screen`` draws (its scrollbars with them), each with its region and the
    region it is clipped to, front first (the order the screen composes them in)."""
    inside = Region(0, 0, *screen.size)
    found: list[tuple[tuple[tuple[int, int, int], ...], Widget, Region, Region]] = []
    for widget in screen.walk_children(Widget, with_self=True):
        # a widget's scrollbars share its place in the order, and are drawn over it
        chrome: list[Widget] = []
        shows = widget.styles.scrollbar_visibility == "visible"
        if shows and widget.show_vertical_scrollbar:
            chrome.append(widget.vertical_scrollbar)
        if shows and widget.show_horizontal_scrollbar:
            chrome.append(widget.horizontal_scrollbar)
        if shows and widget.show_vertical_scrollbar and widget.show_horizontal_scrollbar:
            chrome.append(widget.scrollbar_corner)
        chrome.append(widget)
        for part in chrome:
            try:
                geometry = screen.find_widget(part)
            except NoWidget:
                continue
            region, clip = geometry.region, geometry.clip
            if inside.overlaps(region) and clip.overlaps(region):
                found.append((geometry.order, part, region, clip))
    found.sort(key=lambda shown: shown[0], reverse=True)
    return [(widget, region, clip) for _, widget, region, clip in found]


def _compose(app: QueensTutorApp, depth: int, cells: list[list[str | None]]) -> None:
    """Draw the screen ``depth`` places from the top of the stack into the empty ``cells``,
    front to back as the screen composes its widgets: a cell drawn stays. A screen whose
    background is translucent (a dialog's) shows the screen below it through."""
    stack = app.screen_stack
    screen = stack[-1 - depth]
    width, height = app.size
    for widget, region, clip in _shown(screen):
        if widget is screen and screen.styles.background.a < 1 and depth + 1 < len(stack):
            _compose(app, depth + 1, cells)
            continue
        seen = region.intersection(clip).intersection(Region(0, 0, width, height))
        if not seen.area:
            continue
        crop = Region(seen.x - region.x, seen.y - region.y, seen.width, seen.height)
        for y, strip in enumerate(widget.render_lines(crop), start=seen.y):
            drawn = _cells(strip.text)[: seen.width]
            line = cells[y]
            line[seen.x : seen.x + len(drawn)] = [
                cell if cell is not None else new
                for cell, new in zip(line[seen.x : seen.x + len(drawn)], drawn, strict=True)
            ]


def _cells(text: str) -> list[str]:
    """``text`` cell by cell: a wide character, then "" for the second cell it covers."""
    if cell_len(text) == len(text):
        return list(text)
    return [part for char in text for part in (char, *[""] * (cell_len(char) - 1))]


def screen_cells(app: QueensTutorApp) -> list[list[str]]:
    """The whole terminal as it is drawn now, cell by cell: each line a list of its cells'
    characters (a wide character, then "" for the second cell it covers). Composed as the
    screen composes it, through Textual's public API: each widget the screen shows
    (``Screen.find_widget``: its region, its clip, its order) draws its lines
    (``Widget.render_lines``) into the cells no widget in front of it has drawn."""
    width, height = app.size
    cells: list[list[str | None]] = [[None] * width for _ in range(height)]
    _compose(app, 0, cells)
    return [[" " if cell is None else cell.replace("\xa0", " ") for cell in line] for line in cells]


def screen_lines(app: QueensTutorApp) -> list[str]:
    """The whole terminal as text, as it is drawn now (trailing blanks removed)."""
    return ["".join(line).rstrip() for line in screen_cells(app)]


def region_lines(app: QueensTutorApp, widget: Widget) -> list[str]:
    """The lines of the terminal that ``widget`` covers, cut to its columns (a pane's text
    read without the panes beside it)."""
    region = widget.region
    return [line[region.x : region.right] for line in screen_lines(app)[region.y : region.bottom]]


async def pressed(pilot: Pilot[Any], *keys: str) -> None:
    """``keys`` pressed, then one pause of the pilot: what they started is handled."""
    await pilot.press(*keys)
    await pilot.pause()


async def pauses(pilot: Pilot[Any], times: int) -> None:
    """``times`` pauses of the pilot: what each one's messages started is handled by the next."""
    for _ in range(times):
        await pilot.pause()


def screen_words(app: QueensTutorApp) -> str:
    """The whole terminal as words: boxes' sides dropped, wrapped lines joined."""
    return " ".join(" ".join(screen_lines(app)).replace("│", " ").split())


def thumbs(screen: Screen[Any]) -> list[str]:
    """The panes of ``screen`` (the reading pane aside) that draw a scrollbar's thumb."""
    return [
        str(w)
        for w in screen.query("*")
        if w.id not in READING
        and w.show_vertical_scrollbar
        and w.scrollbar_size_vertical
        and w.styles.scrollbar_visibility == "visible"  # as the compositor draws it
    ]
