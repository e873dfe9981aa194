"""The tutor's own theme: high contrast (issue 24, item 2).

White text and bright colours on black, every pair at a contrast of at least 7:1 (WCAG's AAA),
for low vision and for a projector in a lit room. It is a Textual theme like the others: the
command palette's "Theme" lists it, ``--high-contrast`` starts in it. Colours only reinforce:
every state of a square keeps its glyph, every cell of a table its brackets.

The board's squares and the marks drawn in reverse take their colours from the theme's
primary colour, which gives too little contrast here: while the theme is in use the app has the
class ``-high-contrast`` and ``styles/widgets.tcss`` draws them in colours of their own.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.theme import Theme

HIGH_CONTRAST = Theme(
    name="queens-high-contrast",
    primary="#FFFF00",
    secondary="#00FFFF",
    accent="#FFFF00",
    warning="#FFB000",
    error="#FF8080",
    success="#00FF00",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#000000",
    boost="#FFFFFF26",  # white at 15%: a line the code just ran
    dark=True,
    variables={
        # Textual dims muted and disabled text to 60% and 38%: here they stay readable.
        "text": "#FFFFFF",
        "text-muted": "#FFFFFF",
        "text-disabled": "#D0D0D0",
        "text-primary": "#FFFF00",
        "text-secondary": "#00FFFF",
        "text-accent": "#FFFF00",
        "text-warning": "#FFB000",
        "text-error": "#FF8080",
        "text-success": "#00FF00",
        "accent-muted": "#000000",
        "border": "#FFFF00",
        "border-blurred": "#FFFFFF",
        "footer-background": "#000000",
        "footer-key-foreground": "#FFFF00",
        "footer-description-foreground": "#FFFFFF",
        "block-cursor-foreground": "#000000",
        "block-cursor-background": "#FFFF00",
        "block-cursor-blurred-foreground": "#000000",
        "block-cursor-blurred-background": "#FFFFFF",
        "input-cursor-foreground": "#000000",
        "input-cursor-background": "#FFFFFF",
        "input-selection-background": "#00FFFF66",
        "scrollbar": "#FFFFFF",
        "scrollbar-hover": "#FFFF00",
        "scrollbar-active": "#FFFF00",
        "scrollbar-background": "#303030",
    },
)
"""High contrast: white and yellow on black."""

THEMES = (HIGH_CONTRAST,)
"""The tutor's themes, registered with the app next to Textual's own."""


def use_themes(app: App[Any], high_contrast: bool) -> None:
    """Register the tutor's themes with ``app``, start in high contrast if asked, and keep the
    app's ``-high-contrast`` class in step with the theme (it may be chosen in the palette)."""
    for theme in THEMES:
        app.register_theme(theme)
    if high_contrast:
        app.theme = HIGH_CONTRAST.name
    app.watch(app, "theme", lambda name: _follow(app, name), init=True)


def _follow(app: App[Any], name: str) -> None:
    app.set_class(name == HIGH_CONTRAST.name, "-high-contrast")
