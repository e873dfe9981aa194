"""The view of each steppable method: it turns the method's snapshots into frames.

Each steppable method's kit (solver/methods/) makes its view (``kit.make_view()``); views are
imported when first asked for.
"""

from __future__ import annotations

from typing import Any, Protocol

from solver.messages import render
from solver.views.frame import Frame


class View(Protocol):
    """Builds frames for one method; keeps what it can reuse from one frame to the next."""

    method: str

    def frame(self, snapshot: Any, overlay: str) -> Frame:
        """The frame for ``snapshot`` with the diagonal overlay ``overlay`` (``off``,
        ``col+row`` or ``row-col``)."""
        ...


def narration_text(frame: Frame) -> str:
    """The frame's narration as one paragraph."""
    return " ".join(render(message) for message in frame.narration)
