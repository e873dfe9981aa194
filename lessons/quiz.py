"""The question kinds, their parameters, and putting a question to the student.

:func:`pose` turns a :class:`~lessons.model.Question` and the current engine into a
:class:`~lessons.answers.Posed` question whose right answer is already computed; the
lesson's own ``prompt:``, ``hint:`` and ``explain:`` lines replace or extend the defaults,
with ``{n}``, ``{k}``, ``{tick}`` and ``{b}`` filled in from the board.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from lessons import (
    quiz_compare,
    quiz_facts,
    quiz_guess,
    quiz_live,
    quiz_mistakes,
    quiz_next_state,
    quiz_place,
    quiz_predict,
    quiz_reading,
    quiz_recipe,
    quiz_static,
)
from lessons.answers import Posed
from lessons.i18n import _
from lessons.model import Question
from lessons.not_askable import NotAskable
from lessons.params import ParamError, Params
from solver.iterative import IterativeEngine
from solver.registry import DEFAULT_METHOD
from solver.stepping import SteppableSearch

Poser = Callable[[Question, Params, IterativeEngine | None], Posed]
BoardPoser = Callable[[Params, SteppableSearch], Posed]


@dataclass(frozen=True, slots=True)
class Kind:
    """A question kind: its ``key=value`` parameters and where its answer comes from.

    ``board``: the answer is read from the live engine, so a ``@board`` must come first.
    ``written``: what the lesson must write itself: ``choices`` or ``answer`` (or nothing).
    ``on_board``: the kind is posed on the page's board of any steppable method (not only the
    Wrocław loop's), given to it instead of ``pose``.
    """

    name: str
    keys: tuple[str, ...]
    required: tuple[str, ...]
    board: bool
    written: str
    pose: Poser
    summary: str
    on_board: BoardPoser | None = None
    other_boards: BoardPoser | None = None
    """Posed on a board whose method's kit has no live quizzes (every method but the Wrocław
    loop's), from the prediction guess mode uses (lessons/quiz_predict.py)."""


def _live(pose: Callable[[Params, IterativeEngine | None], Posed]) -> Poser:
    return lambda question, params, engine: pose(params, engine)


def _board_only(question: Question, params: Params, engine: IterativeEngine | None) -> Posed:
    raise NotAskable(
        _("@question {kind} needs a board: put @board before it").format(kind=question.kind)
    )


def _written(pose: Callable[[Question, IterativeEngine | None], Posed]) -> Poser:
    return lambda question, params, engine: pose(question, engine)


KINDS: Mapping[str, Kind] = {
    kind.name: kind
    for kind in (
        Kind(
            "next-choice",
            ("play",),
            (),
            True,
            "",
            _live(quiz_live.pose_next_choice),
            "where the next queen goes (the loop: the row of column k), or backtrack; on every "
            "method's board, in its notes' words",
            other_boards=quiz_predict.pose_next_step,
        ),
        Kind(
            "next-state",
            ("of", "after", "ticks", "play"),
            (),
            True,
            "",
            _live(quiz_next_state.pose_next_state),
            "k, b[k] or b[I] after the next tick, iteration, or several ticks; on another "
            "method's board, one of its @expect names (of=NAME) after ticks=N",
            other_boards=quiz_predict.pose_next_state_any,
        ),
        Kind(
            "attacker",
            (),
            (),
            True,
            "",
            _live(quiz_live.pose_attacker),
            "which column's queen attacks the square just tried (row-wise notes: which row's)",
            other_boards=quiz_predict.pose_attacker_any,
        ),
        Kind(
            "attack-rule",
            ("col",),
            (),
            True,
            "",
            _live(quiz_live.pose_attack_rule),
            "by which rule (row, col+row, row-col) a queen attacks the square just tried",
            other_boards=quiz_predict.pose_attack_rule_any,
        ),
        Kind(
            "same-diagonal",
            ("square", "other"),
            ("square", "other"),
            False,
            "",
            _live(quiz_static.pose_same_diagonal),
            "whether two squares share a diagonal, and by which identity",
        ),
        Kind(
            "array-index",
            ("array", "row", "col", "n", "base"),
            ("array", "row", "col"),
            False,
            "",
            _live(quiz_static.pose_array_index),
            "the index of a square in the Turin notes' c[], a[] or b[]",
        ),
        Kind(
            "solutions",
            ("n", "unique"),
            (),
            False,
            "",
            quiz_facts.pose_solutions,
            "how many solutions the n x n board has",
        ),
        Kind(
            "exists",
            ("n",),
            (),
            False,
            "",
            quiz_facts.pose_exists,
            "whether the n x n board has a solution",
        ),
        Kind(
            "search-space",
            ("method", "n"),
            ("method",),
            False,
            "",
            quiz_facts.pose_search_space,
            "the size of a naive search space: bruteforce, columns or permutations",
        ),
        Kind(
            "random-tries",
            ("n",),
            (),
            False,
            "",
            quiz_facts.pose_random_tries,
            "random permutations tried on average until a solution",
        ),
        Kind(
            "work",
            ("n", "of", "mode"),
            (),
            False,
            "",
            quiz_facts.pose_work,
            "tries, backtracks or ticks of the iterative backtracker",
        ),
        Kind(
            "orbit",
            ("b",),
            ("b",),
            False,
            "",
            quiz_facts.pose_orbit,
            "how many boards the rotations and reflections of a solution give",
        ),
        Kind(
            "examined",
            ("method", "n"),
            ("method",),
            False,
            "",
            lambda question, params, engine: quiz_mistakes.with_examined_mistakes(
                quiz_compare.pose_examined(question, params, engine), params
            ),
            "what one method examines until its first solution (as queens-tutor compare)",
        ),
        Kind(
            "rotations",
            ("b",),
            (),
            False,
            "",
            lambda question, params, engine: quiz_mistakes.with_rotation_mistakes(
                quiz_compare.pose_rotations(question, params, engine), params, engine
            ),
            "how many different boards the 4 rotations of a solution give",
        ),
        Kind(
            "queen-row",
            ("b", "col"),
            ("b", "col"),
            False,
            "",
            quiz_reading.pose_queen_row,
            "the row of column C's queen in a written b[] (b[C])",
        ),
        Kind(
            "reach-n",
            (),
            (),
            False,
            "",
            quiz_reading.pose_reach_n,
            "what the Wrocław loop does when b[k]++ reaches n (choices)",
        ),
        Kind(
            "maze",
            (),
            (),
            False,
            "maze",
            quiz_recipe.pose_maze,
            "the moves of the path the general recipe finds through a maze",
        ),
        Kind(
            "construct",
            ("n", "col"),
            ("n", "col"),
            False,
            "",
            quiz_recipe.pose_construct,
            "the row of a queen in the explicit (constructive) placement",
        ),
        Kind(
            "place",
            ("n", "goal", "mistakes"),
            ("n", "goal"),
            False,
            "",
            quiz_place.pose_place,
            "queens placed by hand on the place board: a solution, or every try of n = 2, 3; "
            "or the Wrocław loop driven there by hand to its first solution",
        ),
        Kind(
            "guess",
            ("ticks", "goal"),
            ("ticks",),
            True,
            "",
            _board_only,
            "the next N ticks of the page's board predicted in guess mode (y/n, 1/2/3), "
            "at least R right",
            quiz_guess.pose_guess,
        ),
        Kind(
            "choice",
            (),
            (),
            False,
            "choices",
            _written(quiz_static.pose_choice),
            "multiple choice written in the lesson",
        ),
        Kind(
            "number",
            (),
            (),
            False,
            "answer",
            _written(quiz_static.pose_number),
            "a number answer written in the lesson",
        ),
    )
}
"""Every question kind, by the name used in ``@question KIND``."""

_FIELD = re.compile(r"\{\{|\}\}|\{([a-z_]+)\}")


class QuizError(ValueError):
    """The question cannot be put in the current state; the message says why."""


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
    if kind.written == "choices":
        quiz_static.check_choices(question)
    elif question.choices:
        raise ParamError(
            _("@question {kind} computes its own choices; remove the '- [ ]' lines").format(
                kind=kind.name
            )
        )
    if kind.written == "maze":
        quiz_recipe.check_maze(question)
    elif question.maze:
        raise ParamError(_("@question {kind} takes no 'maze:' lines").format(kind=kind.name))
    if kind.written == "answer":
        quiz_static.written_number(question)
    elif question.answer:
        raise ParamError(
            _("@question {kind} computes its answer; remove 'answer:'").format(kind=kind.name)
        )
    if kind.written in ("choices", "answer") and not question.prompt:
        raise ParamError(_("@question {kind} needs a 'prompt:' line").format(kind=kind.name))
    if question.tolerance:
        quiz_static.tolerance_of(question)
    if params.has("ticks") and kind.on_board is not None:
        quiz_guess.ticks_of(params)
    elif params.has("ticks"):
        params.integer("ticks", 1, quiz_next_state.MAX_AHEAD)
    if params.has("play"):
        params.yes("play", True)
    if kind.name == "place":
        quiz_place.goal_of(params)
        quiz_place.mistakes_of(params)


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


def pose(
    question: Question,
    engine: IterativeEngine | None,
    algorithm: str = DEFAULT_METHOD,
    board: SteppableSearch | None = None,
) -> Posed:
    """The question ready to ask, its answer computed now. Raises :class:`QuizError`.

    ``engine`` is the board's engine when the board is the Wrocław loop; ``algorithm`` names
    the board's method (a question about the loop's state needs the loop); ``board`` is the
    page's engine whatever its method (:attr:`lessons.stage.Stage.engine`), for a kind posed
    on any board.
    """
    try:
        check_static(question)
        kind = KINDS[question.kind]
        if kind.on_board is not None:
            if board is None:
                raise QuizError(
                    _("@question {kind} needs a board: put @board before it").format(kind=kind.name)
                )
            posed = kind.on_board(params_of(question), board)
        else:
            posed = _pose_kind(question, kind, engine, algorithm, board)
    except (ParamError, NotAskable) as error:
        raise QuizError(str(error)) from error
    return _filled(question, posed)


def _pose_kind(
    question: Question,
    kind: Kind,
    engine: IterativeEngine | None,
    algorithm: str,
    board: SteppableSearch | None,
) -> Posed:
    """A kind posed with the Wrocław loop's engine, on another method's board, or with none."""
    if kind.board and engine is None and board is not None:
        # Not the Wrocław loop's board: the kind's poser for the other methods' boards.
        assert kind.other_boards is not None, kind.name  # tests/unit/lessons/test_lesson_engines.py
        return kind.other_boards(params_of(question), board)
    if kind.board and engine is None:
        raise QuizError(
            _("@question {kind} needs a board: put @board before it").format(kind=kind.name)
        )
    return kind.pose(question, params_of(question), engine)


def _filled(question: Question, posed: Posed) -> Posed:
    """The lesson's own prompt, hint and explanation lines, with the board's values."""
    prompt = fill(question.prompt, posed.values) if question.prompt else posed.prompt
    hint = fill(question.hint, posed.values) if question.hint else posed.hint
    explanation = posed.explanation
    if question.explain:
        extra = fill(question.explain, posed.values)
        explanation = f"{explanation} {extra}".strip()
    return dataclasses.replace(posed, prompt=prompt, hint=hint, explanation=explanation)
