"""Which of the app's line filters a pane needs.

Textual passes every new line of every widget through the app's line filters. The first is
``ANSIToTruecolor``: it swaps the terminal's ANSI colours (and dim text) for truecolor ones, and
it is on whenever the theme is not an ANSI theme. It copies each line it sees, also when there
is nothing to swap; a tick repaints a dozen new lines. A pane whose colours all come from a
truecolor theme has nothing to swap, so it can go without that filter: :func:`drawn_in_truecolor`
says whether that is so, from the colours the pane's CSS resolves to.
``tests/tui/test_line_filters.py`` checks, for every pane and theme, that the lines are the same
with the filter and without it whenever this says they would be.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from textual.color import Color
from textual.css.styles import StylesBase
from textual.filter import ANSIToTruecolor, LineFilter
from textual.widget import Widget


def _backgrounds(styles: StylesBase) -> Iterator[Color]:
    yield styles.background
    yield styles.background_tint


def _colors(styles: StylesBase) -> Iterator[Color]:
    """The colours a pane's own styles draw with: text, background, border and its labels."""
    yield styles.color
    yield from _backgrounds(styles)
    for _, color in styles.border:
        yield color
    yield styles.border_title_color
    yield styles.border_title_background
    yield styles.border_subtitle_color
    yield styles.border_subtitle_background


def drawn_in_truecolor(widget: Widget) -> bool:
    """True when no colour the widget draws with is an ANSI colour and no text of it is dim.

    Looks at the widget's styles, its component classes' and its ancestors' backgrounds (the
    background under the widget is blended from them).
    """
    own = widget.styles
    colors = [color for node in widget.ancestors for color in _backgrounds(node.styles)]
    colors += _colors(own)
    dims = [own.text_style.dim, own.border_title_style.dim, own.border_subtitle_style.dim]
    for name in widget.COMPONENT_CLASSES:
        component = widget.get_component_styles(name)
        colors += _colors(component)
        dims.append(component.text_style.dim)
    return all(color.ansi is None for color in colors) and not any(dims)


def without_ansi_to_truecolor(filters: Sequence[LineFilter]) -> list[LineFilter]:
    """The filters less ``ANSIToTruecolor`` (for a widget drawn in truecolor only)."""
    return [line_filter for line_filter in filters if not isinstance(line_filter, ANSIToTruecolor)]
