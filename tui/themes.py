"""The tutor's high-contrast theme: white and bright colours on black, every pair at 7:1 or
more. While it is in use the app has the class ``-high-contrast`` (widgets.tcss styles the
board by it)."""

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


def use_themes(app: App[Any], high_contrast: bool) -> None:
    """Register the high-contrast theme with ``app``, start in it if asked, and keep the app's
    ``-high-contrast`` class in step with the theme."""
    app.register_theme(HIGH_CONTRAST)
    if high_contrast:
        app.theme = HIGH_CONTRAST.name

    def follow(name: str) -> None:
        app.set_class(name == HIGH_CONTRAST.name, "-high-contrast")

    app.watch(app, "theme", follow, init=True)
