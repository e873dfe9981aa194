"""Algorithm X as the code pane shows it, and the lines each tick runs."""

from __future__ import annotations

CODE: tuple[str, ...] = (
    "def x():",
    "    if not primary: found(); return",
    "    item = min(primary, key=size)",
    "    for square in options(item):",
    "        cover(square)",
    "        x()",
    "        uncover(square)",
)
"""The function, one statement a line (0-based indices below)."""

LINES = {"call": (0, 1, 2), "place": (3, 4, 5), "solution": (1,), "return": (3,), "leave": (1,)}
"""The lines each kind of tick runs; the last decided what the tick did."""


def lines_run(kind: str | None) -> tuple[int, ...]:
    """Indices into :data:`CODE` of the lines a tick of ``kind`` ran (none before the first)."""
    return () if kind is None else LINES.get(kind, (6,))
