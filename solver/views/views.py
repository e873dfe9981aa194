"""The view of each steppable method: it turns the method's snapshots into frames.

One entry per method of the registry (solver/registry.py) that can be stepped; a test checks that
every steppable method has a view. Views are imported when first asked for.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from solver.messages import render
from solver.views.frame import Frame

VIEWS = {
    "iterative": "solver.views.iterative_view:IterativeView",
    "recursive": "solver.views.recursive_view:RecursiveView",
    "scan": "solver.views.scan_view:ScanView",
    "general": "solver.views.general_view:GeneralView",
    "maze": "solver.views.maze_view:MazeView",
}
"""Method name -> ``module:class`` of its view."""


class View(Protocol):
    """Builds frames for one method; keeps what it can reuse from one frame to the next."""

    method: str

    def frame(self, snapshot: Any, overlay: str) -> Frame:
        """The frame for ``snapshot`` with the diagonal overlay ``overlay`` (``off``,
        ``col+row`` or ``row-col``)."""
        ...


def make_view(method: str) -> View:
    """A new view for ``method``; KeyError for a method that has none."""
    module_name, _, class_name = VIEWS[method].partition(":")
    view: View = getattr(importlib.import_module(module_name), class_name)()
    return view


def narration_text(frame: Frame) -> str:
    """The frame's narration as one paragraph."""
    return " ".join(render(message) for message in frame.narration)
