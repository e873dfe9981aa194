"""The prompt a review asked, worked out again from its recorded outcome (the lesson question
it was drawn from and the instance asked), in the language in use: what a teacher's report
shows beside the outcome (``queens-tutor report --students``).

The instance is posed as the review posed it (lessons/review/session.py): the lesson's
question without its own words, with the instance's parameters, on the instance's board at
its tick (a question about the lesson's board's squares: on the lesson's board).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lessons.model import BoardOp, Lesson
from lessons.parsing.params import ParamError
from lessons.quiz.draw import where_asked
from lessons.quiz.drawers.base import plain_question, read_instance
from lessons.quiz.drawers.live import move_to
from lessons.quiz.kinds import REVIEWED
from lessons.quiz.not_askable import NotAskable
from lessons.quiz.pose import QuizError, pose
from lessons.review.missed import question_at
from lessons.stage import Stage, StageError

if TYPE_CHECKING:
    from lessons.answers.checking import Posed

BOARD_KEYS = ("board", "size", "tick")
"""What names the board an instance about a live board was asked on (with its ``mode``, first
solution when not named, and its ``maze``)."""


def review_prompt(lesson: Lesson, key: str, instance: str) -> str:
    """The prompt the review asked for the instance ``instance`` of ``lesson``'s question
    ``key``, on one line; "" when this version of the lesson cannot ask it."""
    posed = review_posed(lesson, key, instance)
    return "" if posed is None else " ".join(posed.prompt.split())


def review_choices(lesson: Lesson, key: str, instance: str) -> tuple[str, ...]:
    """The choices, as the student read them, of a choice question the review asked (the
    instance ``instance`` of ``lesson``'s question ``key``); () for any other question, or
    one this version of the lesson cannot ask."""
    from lessons.answers.checking import AnswerType
    from lessons.i18n import _

    posed = review_posed(lesson, key, instance)
    if posed is None or posed.answer_type is not AnswerType.CHOICE:
        return ()
    return tuple(_(choice) for choice in posed.choices)


def review_posed(lesson: Lesson, key: str, instance: str) -> Posed | None:
    """The question the review asked for the instance ``instance`` of ``lesson``'s question
    ``key``, posed again; None when this version of the lesson cannot ask it."""
    question = question_at(lesson, key)
    if question is None or question.kind not in REVIEWED:
        return None
    asks = read_instance(instance)
    board: BoardOp | None = None
    tick = 0
    if all(name in asks for name in BOARD_KEYS):  # a question about a live board
        size, at = asks["size"], asks["tick"]
        if not (size.isdecimal() and at.isdecimal() and len(size + at) < 9):
            return None
        board = BoardOp(0, int(size), asks.get("mode") == "all", asks["board"], asks.get("maze"))
        tick = int(at)
        params = {k: v for k, v in asks.items() if k not in (*BOARD_KEYS, "mode", "maze")}
        asked = plain_question(question, params)
    elif "maze" in asks:  # a maze drawn anew: its lines
        asked = plain_question(question, {}, tuple(asks["maze"].split("/")))
    else:
        asked = plain_question(question, asks)
        board = _lesson_board(lesson, key)
    try:
        stage = Stage()
        if board is not None:
            stage.apply(board)
            if stage.engine is not None:
                move_to(stage.engine, tick)
        return pose(asked, stage.session)
    except (QuizError, ParamError, NotAskable, StageError, ValueError):
        return None


def _lesson_board(lesson: Lesson, key: str) -> BoardOp | None:
    """The board ``lesson`` asks question ``key`` on (None: none)."""
    where = where_asked(lesson).get(key)
    return where.board if where is not None else None
