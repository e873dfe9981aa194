"""The view of each steppable method: it turns the method's snapshots into frames.

Each steppable method's kit (solver/methods/) makes its view (``kit.make_view()``); views are
imported when first asked for.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from solver.messages import render
from solver.views.frame import Frame
from solver.views.squares import BOTTOM_UP, BoardBuilder, Layout


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


class QueensView:
    """The base of a queens method's view: the board drawn as its notes draw it (row 0 at the
    bottom, or at the top), its lines kept from one frame to the next."""

    method: ClassVar[str]
    layout: ClassVar[Layout] = BOTTOM_UP
    """Where the notes draw row 0 (solver.views.squares: BOTTOM_UP or TOP_DOWN)."""

    def __init__(self) -> None:
        self._board = BoardBuilder(self.layout)


def solution_lines(solutions: tuple[tuple[int, ...], ...], limit: int = 200) -> tuple[str, ...]:
    """The last ``limit`` solutions found, one line each: ``3: [1, 3, 0, 2]``."""
    first = max(len(solutions) - limit, 0)
    return tuple(
        f"{index}: [{', '.join(map(str, s))}]"
        for index, s in enumerate(solutions[first:], start=first + 1)
    )
