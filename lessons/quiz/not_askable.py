"""Why a question cannot be put on the board as it stands: the lesson's mistake, told to the
teacher by ``lessons check`` (and by the tutor) in the language in use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lessons.i18n import _

if TYPE_CHECKING:
    from solver.methods.iterative.engine import IterativeEngine


class NotAskable(ValueError):
    """The board is not in a state where this question makes sense."""


def needs_board(kind: str) -> str:
    return _("{kind} needs a board: put @board before it").format(kind=kind)


def over(kind: str, engine: IterativeEngine) -> str:
    return _("{kind}: the search is already over at tick {tick}").format(
        kind=kind, tick=engine.tick
    )


def not_a_cell(column: int, engine: IterativeEngine) -> str:
    return _("next-state: k = {k} at tick {tick}, so b[k] is not a cell").format(
        k=column, tick=engine.tick
    )


def no_column(kind: str, engine: IterativeEngine) -> str:
    return _(
        "{kind}: k = {k} at tick {tick}, so no column is being filled; "
        "step on to the next column first"
    ).format(kind=kind, k=engine.k, tick=engine.tick)


def not_attacked(kind: str, engine: IterativeEngine) -> str:
    return _("{kind}: the last tick (tick {tick}) did not hit an attacked square").format(
        kind=kind, tick=engine.tick
    )
