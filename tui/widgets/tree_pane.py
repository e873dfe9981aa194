"""The search tree beside the board, drawn from a :class:`TreeFrame`, its node in view."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from textual.geometry import Region
from textual.reactive import reactive

from tui.glyphs import Glyphs
from tui.widgets.lines_view import LinesView
from tui.widgets.rows import NOTHING, Content, Row

if TYPE_CHECKING:
    from solver.tree.view import TreeChars, TreeFrame

# solver/tree/ loads when a tree is first drawn, not at start-up
_CHARS = {
    "UNICODE_CHARS": ("├─", "└─", "│ ", "  ", "▶", "♛", "✕", "×", "★"),
    "ASCII_CHARS": ("|-", "`-", "| ", "  ", ">", "Q", "?", "x", "*"),
}
"""The tree's characters, Unicode and ASCII, for ``UNICODE_CHARS`` and ``ASCII_CHARS``."""


def __getattr__(name: str) -> TreeChars:
    """``UNICODE_CHARS`` and ``ASCII_CHARS``, made when first read (PEP 562)."""
    if name not in _CHARS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from solver.tree.view import TreeChars

    chars = TreeChars(*_CHARS[name])
    globals()[name] = chars
    return chars


def tree_chars(glyphs: Glyphs) -> TreeChars:
    """The tree's characters for the glyph set (its queen, attacked try and dead end)."""
    from solver.tree.view import TreeChars

    base = TreeChars(*_CHARS["ASCII_CHARS" if glyphs.ascii else "UNICODE_CHARS"])
    return replace(
        base, marker=glyphs.marker, placed=glyphs.queen, cut=glyphs.candidate, left=glyphs.dead_end
    )


class TreePane(LinesView):
    """The search tree, a node a line (:func:`tree_chars`), following the last tick's node."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "tree--placed",
        "tree--cut",
        "tree--left",
        "tree--solution",
        "tree--root",
        "tree--current",
    }

    DEFAULT_CSS = """
    TreePane > .tree--cut { color: $text-error; }
    TreePane > .tree--left { color: $text-muted; }
    TreePane > .tree--solution { color: $text-success; text-style: bold; }
    TreePane > .tree--current { text-style: bold reverse; }
    """

    frame: reactive[TreeFrame | None] = reactive(None, repaint=False)
    """The tree to draw; None draws nothing."""

    def watch_frame(self) -> None:
        self.show(tree_content(self.frame))


def tree_content(frame: TreeFrame | None) -> Content:
    """The tree's lines, one node a line, the node of the last tick kept in view."""
    if frame is None:
        return NOTHING
    rows = []
    for line in frame.lines:
        names: tuple[str, ...] = (f"tree--{line.state}" if line.state else "tree--root",)
        if line.current:
            names = (*names, "tree--current")
        rows.append(Row((), ((line.text, names),)))
    return Content(rows, keep=Region(0, frame.current, 1, 1))
