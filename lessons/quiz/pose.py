"""Putting a question to the student: :func:`pose` turns a :class:`~lessons.model.Question` and
the board into a :class:`~lessons.answers.checking.Posed` with its right answer computed."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping

from lessons.answers.checking import Posed
from lessons.i18n import _
from lessons.model import Question
from lessons.quiz import recipe as quiz_recipe
from lessons.quiz import static as quiz_static
from lessons.quiz.kinds import KINDS, Written
from lessons.quiz.not_askable import NotAskable, QuizError
from lessons.quiz.params import ParamError, Params, parse_list
from solver.session.board import BoardSession

__all__ = ["QuizError", "check_static", "fill", "params_of", "pose", "shown_after"]

_FIELD = re.compile(r"\{\{|\}\}|\{([a-z_]+)\}")


def params_of(question: Question) -> Params:
    return Params(question.params, f"@question {question.kind}")


def check_static(question: Question) -> None:
    """The checks that need no engine: kind, parameters, written fields. Raises ParamError."""
    kind = KINDS.get(question.kind)
    if kind is None:
        raise ParamError(
            _("unknown question kind {kind}; known: {known}").format(
                kind=repr(question.kind), known=", ".join(KINDS)
            )
        )
    params = params_of(question)
    params.check_keys(kind.keys, kind.required)
    if kind.written is Written.CHOICES:
        quiz_static.check_choices(question)
    elif question.choices:
        raise ParamError(
            _("@question {kind} computes its own choices; remove the '- [ ]' lines").format(
                kind=kind.name
            )
        )
    if kind.written is Written.MAZE_LINES:
        quiz_recipe.check_maze(question)
    elif question.maze:
        raise ParamError(_("@question {kind} takes no 'maze:' lines").format(kind=kind.name))
    if kind.written is Written.ANSWER:
        quiz_static.written_number(question)
    elif question.answer:
        raise ParamError(
            _("@question {kind} computes its answer; remove 'answer:'").format(kind=kind.name)
        )
    if kind.written in (Written.CHOICES, Written.ANSWER) and not question.prompt:
        raise ParamError(_("@question {kind} needs a 'prompt:' line").format(kind=kind.name))
    if question.tolerance:
        quiz_static.tolerance_of(question)
    if params.has("play"):
        params.yes("play", True)
    if kind.check is not None:
        kind.check(params)


def fill(template: str, values: Mapping[str, str]) -> str:
    """Replace ``{name}`` with the board's values; ``{{`` and ``}}`` are literal braces."""

    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        if name is None:
            return match.group(0)[0]
        if name not in values:
            known = (
                _("unknown field {{{name}}} in the question text (known: {known})")
                if values
                else _("unknown field {{{name}}} in the question text (known: none here)")
            )
            fields = ", ".join("{" + v + "}" for v in values)
            raise QuizError(known.format(name=name, known=fields))
        return values[name]

    return _FIELD.sub(one, template)


def pose(question: Question, board: BoardSession | None) -> Posed:
    """The question ready to ask, its answer computed now, on the page's board (None: the page
    has none yet). Raises :class:`QuizError`."""
    try:
        check_static(question)
        kind = KINDS[question.kind]
        if kind.board and board is None:
            raise QuizError(
                _("@question {kind} needs a board: put @board before it").format(kind=kind.name)
            )
        posed = kind.pose(question, params_of(question), board)
        if question.shows:
            posed = dataclasses.replace(posed, shown_after=shown_after(question.shows, board))
    except (ParamError, NotAskable) as error:
        raise QuizError(str(error)) from error
    return _filled(question, posed)


def shown_after(text: str, board: BoardSession | None) -> tuple[int, ...]:
    """The placement of a question's ``shows: b = [1, 3, -1, -1, -1]`` line: one row (or -1,
    no queen yet) for each column of the page's board. Raises ParamError."""
    name, equals, value = text.partition("=")
    if name.strip() != "b" or not equals:
        raise ParamError(
            _("shows: must read b = [...], like b = [1, 3, -1, -1, -1], not {value}").format(
                value=repr(text[:40])
            )
        )
    b = parse_list(value, "shows: b")
    n = len(b)
    if board is not None and board.kit.queens and n != board.n:
        raise ParamError(
            _("shows: b has {count} columns; the page's board is {n} x {n}").format(
                count=n, n=board.n
            )
        )
    for row in b:
        if not -1 <= row < n:
            raise ParamError(
                _(
                    "shows: b holds {row}; a row of the {n} x {n} board is 0 to {last}, or -1"
                ).format(row=row, n=n, last=n - 1)
            )
    return b


def _filled(question: Question, posed: Posed) -> Posed:
    """The lesson's own prompt, hint and explanation lines and its choices' reasons, with the
    board's values."""
    prompt = fill(question.prompt, posed.values) if question.prompt else posed.prompt
    hint = fill(question.hint, posed.values) if question.hint else posed.hint
    explanation = posed.explanation
    if question.explain:
        explanation = f"{explanation} {fill(question.explain, posed.values)}".strip()
    wrong = posed.wrong
    if any(choice.why for choice in question.choices) or question.wrong:  # the lesson's own
        wrong = {answer: fill(why, posed.values) for answer, why in posed.wrong.items()}
    plain = posed.plain_prompt if not question.prompt else ""  # the lesson's words: as they are
    return dataclasses.replace(
        posed, prompt=prompt, hint=hint, explanation=explanation, wrong=wrong, plain_prompt=plain
    )
