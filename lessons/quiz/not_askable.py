"""Why a question cannot be put on the board as it stands: the lesson's mistake, told to the
teacher by ``lessons check`` (and by the tutor) in the language in use."""

from __future__ import annotations

from lessons.i18n import _


class NotAskable(ValueError):
    """The board is not in a state where this question makes sense."""


class QuizError(ValueError):
    """The question cannot be put in the current state; the message says why."""


def needs_board(kind: str) -> str:
    return _("{kind} needs a board: put @board before it").format(kind=kind)


def over(kind: str, tick: int) -> str:
    return _("{kind}: the search is already over at tick {tick}").format(kind=kind, tick=tick)


def not_attacked(kind: str, tick: int, tests: bool = True, queens: bool = True) -> str:
    """Why no square is attacked now: the last tick's, or (``tests`` or ``queens`` False) the
    method's."""
    last = _("{kind}: the last tick (tick {tick}) did not hit an attacked square")
    never = _("{kind}: the method of this board tests no square, so no tick hits an attacked one")
    if not queens:
        last = _("{kind}: this board has no queens, so no tick hits an attacked square")
    return (last if tests else never).format(kind=kind, tick=tick)
