"""A review's question posed again from its recorded outcome (the lesson question it was drawn
from and the instance asked), in the language in use, as the review posed it: what a teacher's
report shows beside the outcome (``queens-tutor report --students``)."""

from __future__ import annotations

from lessons.answers.checking import AnswerType, Posed
from lessons.i18n import _
from lessons.model import BoardOp, Lesson
from lessons.quiz.draw import where_asked
from lessons.quiz.drawers.base import plain_question, read_instance
from lessons.quiz.drawers.live import board_at
from lessons.quiz.kinds import REVIEWED
from lessons.quiz.not_askable import NotAskable
from lessons.quiz.params import ParamError
from lessons.quiz.pose import QuizError, pose
from lessons.review.missed import question_at
from lessons.stage import Stage

BOARD = ("board", "size", "tick", "mode", "maze")
"""What names the board an instance about a live board was asked on."""


def review_prompt(lesson: Lesson, key: str, instance: str) -> str:
    """The prompt the review asked for ``instance`` of ``lesson``'s question ``key``, on one
    line; "" when this version of the lesson cannot ask it."""
    posed = review_posed(lesson, key, instance)
    return "" if posed is None else " ".join(posed.prompt.split())


def review_choices(lesson: Lesson, key: str, instance: str) -> tuple[str, ...]:
    """The choices, as the student read them, of a choice question the review asked; () for
    any other question, or one this version of the lesson cannot ask."""
    posed = review_posed(lesson, key, instance)
    if posed is None or posed.answer_type is not AnswerType.CHOICE:
        return ()
    return tuple(_(choice) for choice in posed.choices)


def review_posed(lesson: Lesson, key: str, instance: str) -> Posed | None:
    """The question the review asked for ``instance`` of ``lesson``'s question ``key``, posed again
    on its board at its tick; None when this version of the lesson cannot ask it."""
    question = question_at(lesson, key)
    if question is None or question.kind not in REVIEWED:
        return None
    asks = read_instance(instance)
    size, tick = asks.get("size", ""), asks.get("tick", "")
    params = {k: v for k, v in asks.items() if k not in BOARD}
    if "board" in asks:  # a question about a live board
        if not (size.isdecimal() and tick.isdecimal() and len(size + tick) < 9):
            return None
        board = BoardOp(0, int(size), asks.get("mode") == "all", asks["board"], asks.get("maze"))
        stage, asked = board_at(board, int(tick)), plain_question(question, params)
    elif "maze" in asks:  # a maze drawn anew: its lines
        stage, asked = Stage(), plain_question(question, {}, tuple(asks["maze"].split("/")))
    else:
        where = where_asked(lesson).get(key)
        stage = board_at(where.board) if where is not None and where.board else Stage()
        asked = plain_question(question, asks)
    if stage is None:
        return None
    try:
        return pose(asked, stage.session)
    except (QuizError, ParamError, NotAskable, ValueError):
        return None
