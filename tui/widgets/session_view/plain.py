"""Whether Textual's styles cache adds nothing to a widget's ``render_line``: then the session
view's widgets hand the compositor their lines themselves."""

from __future__ import annotations

from textual.geometry import Size
from textual.widget import Widget


def plain_styles(widget: Widget) -> bool:
    """No border, outline, padding, title, tint, opacity or hatch around or over the lines."""
    styles = widget.styles
    return (
        widget.region.size == widget.content_region.size
        and not any(edge for edge, _color in styles.outline)
        and not styles.tint.a
        and widget.opacity == 1.0
        and styles.text_opacity == 1.0
        and not (styles.has_rule("hatch") and styles.hatch != "none")
        and widget.border_title is None
        and widget.border_subtitle is None
    )


class Plain:
    """:func:`plain_styles` of one widget, worked out again when its size changes or
    :meth:`forget` is called (its styles changed)."""

    def __init__(self, widget: Widget) -> None:
        self._widget = widget
        self._known: tuple[Size, bool] | None = None

    def __bool__(self) -> bool:
        widget = self._widget
        known = self._known
        if known is None or known[0] != widget.size:
            known = self._known = (widget.size, plain_styles(widget))
        return known[1]

    def forget(self) -> None:
        self._known = None
