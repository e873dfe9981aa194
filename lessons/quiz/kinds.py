"""Every question kind a lesson's ``@question KIND`` can name: its parameters, where its answer
comes from, the function that poses it and the drawer of its instances (:data:`KINDS`).
lessons/quiz/pose.py checks and poses a question with them; docs/extending.md says how to add a
kind."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import KW_ONLY, dataclass
from enum import StrEnum

from lessons.answers.checking import Posed
from lessons.i18n import N_, _
from lessons.model import Question
from lessons.quiz import board as quiz_board
from lessons.quiz import compare as quiz_compare
from lessons.quiz import facts as quiz_facts
from lessons.quiz import guess as quiz_guess
from lessons.quiz import mistakes as quiz_mistakes
from lessons.quiz import next_state as quiz_next_state
from lessons.quiz import place as quiz_place
from lessons.quiz import reading as quiz_reading
from lessons.quiz import recipe as quiz_recipe
from lessons.quiz import static as quiz_static
from lessons.quiz import work as quiz_work
from lessons.quiz.drawers.base import AsWritten, Drawer, Reordered
from lessons.quiz.drawers.live import Guessing, NextState, OnBoard
from lessons.quiz.drawers.placing import Mazes, Placing
from lessons.quiz.drawers.pooled import Construction, Diagonal, Indexed, ReadB, Solutions
from lessons.quiz.drawers.sized import Sized
from lessons.quiz.params import ParamError, Params
from solver.session.board import BoardSession

Poser = Callable[[Question, Params, BoardSession | None], Posed]
"""Poses a question with the page's board (None: the page has none yet), whatever its method."""


class Written(StrEnum):
    """What a question's lesson writes itself, besides the ``@question`` line's parameters."""

    NOTHING = ""
    """Nothing: the tutor computes the question and its answer."""
    CHOICES = "choices"
    """Its choices, ``- [ ] text`` / ``- [x] text`` lines (and ``prompt:``)."""
    ANSWER = "answer"
    """Its answer, an ``answer:`` line (and ``prompt:``)."""
    MAZE_LINES = "maze"
    """Its maze, ``maze:`` lines."""


@dataclass(frozen=True, slots=True)
class Kind:
    """A question kind: its ``key=value`` parameters and where its answer comes from.

    ``drawer``: how a quiz draws the instance each student is asked, and a review a fresh one.
    ``required``: the parameters it must be given (default: none).
    ``board``: the answer is read from the live board, so a ``@board`` must come first
    (default: not).
    ``written``: what the lesson must write itself (:class:`Written`; default: nothing).
    """

    name: str
    keys: tuple[str, ...]
    pose: Poser
    summary: str
    drawer: Drawer
    _: KW_ONLY
    required: tuple[str, ...] = ()
    board: bool = False
    written: Written = Written.NOTHING
    check: Callable[[Params], object] | None = None
    """Checks the kind's own parameters before any board (raises ParamError)."""
    diagonal: bool = False
    """The board's col+row or row-col numbers answer it: the overlay hides while it waits."""


def _next_state_ticks(params: Params) -> None:
    if params.has("ticks"):
        params.integer("ticks", 1, quiz_board.MAX_AHEAD)


def _place_goal(params: Params) -> None:
    quiz_place.goal_of(params)
    quiz_place.mistakes_of(params)


def _params(pose: Callable[[Params, BoardSession | None], Posed]) -> Poser:
    return lambda question, params, board: pose(params, board)


def _reviewed_as(params: Params) -> None:
    """``review=KIND``: the kind a review asks anew for a miss of this written question."""
    if params.has("review"):
        params.word("review", tuple(sorted(REVIEWED)))


def _choice(question: Question, params: Params, board: BoardSession | None) -> Posed:
    """A choice question, its choices in the order ``order=`` names (the lesson's without)."""
    if not params.has("order"):
        return quiz_static.pose_choice(question, board)
    order = params.int_list("order")
    if sorted(order) != list(range(len(question.choices))):
        raise ParamError(
            _("{directive}: order must list the choices' numbers from 0, each once").format(
                directive=params.directive
            )
        )
    reordered = tuple(question.choices[index] for index in order)
    return quiz_static.pose_choice(dataclasses.replace(question, choices=reordered), board)


def _number_b(params: Params) -> None:
    _reviewed_as(params)
    if params.has("b"):
        quiz_facts.check_solution(params.int_list("b"), params.directive)


def _number(question: Question, params: Params, board: BoardSession | None) -> Posed:
    """A number question; its ``b=``, a solution it is about, is drawn beside it while it
    waits."""
    posed = quiz_static.pose_number(question, board)
    if not params.has("b"):
        return posed
    return dataclasses.replace(posed, placement=tuple(params.int_list("b")))


KINDS: Mapping[str, Kind] = {
    kind.name: kind
    for kind in (
        Kind(
            "next-choice",
            ("play",),
            _params(quiz_board.pose_next_choice),
            "where the next queen goes (the loop: the row of column k), or backtrack; on every "
            "method's board, in its notes' words",
            OnBoard(N_("where the search goes next"), plays=True),
            board=True,
        ),
        Kind(
            "next-state",
            ("of", "after", "ticks", "play"),
            _params(quiz_next_state.pose_next_state),
            "a value of the board's state after the next tick, the next iteration or several "
            "ticks: one of its method's @expect names (of=NAME, NAME[I]; on the Wrocław loop k "
            "by default, and b[k])",
            NextState(N_("the state a step later")),
            board=True,
            check=_next_state_ticks,
        ),
        Kind(
            "attacker",
            (),
            _params(quiz_board.pose_attacker),
            "which column's queen attacks the square just tried (row-wise notes: which row's)",
            OnBoard(N_("which queen attacks")),
            board=True,
            diagonal=True,
        ),
        Kind(
            "attack-rule",
            ("col",),
            _params(quiz_board.pose_attack_rule),
            "by which rule (row, col+row, row-col) a queen attacks the square just tried",
            OnBoard(N_("by which rule")),
            board=True,
            diagonal=True,
        ),
        Kind(
            "same-diagonal",
            ("square", "other"),
            _params(quiz_static.pose_same_diagonal),
            "whether two squares share a diagonal, and by which identity",
            Diagonal(N_("same diagonal"), on_board=True),
            required=("square", "other"),
            diagonal=True,
        ),
        Kind(
            "array-index",
            ("array", "row", "col", "n", "base"),
            _params(quiz_static.pose_array_index),
            "the index of a square in the Turin notes' c[], a[] or b[]",
            Indexed(N_("array index")),
            required=("array", "row", "col"),
            diagonal=True,
        ),
        Kind(
            "solutions",
            ("n", "unique", "pool"),
            quiz_facts.pose_solutions,
            "how many solutions the n x n board has",
            Sized(N_("how many solutions"), extra=(5, 6, 7)),
        ),
        Kind(
            "exists",
            ("n", "pool"),
            quiz_facts.pose_exists,
            "whether the n x n board has a solution",
            Sized(N_("is there a solution")),
        ),
        Kind(
            "search-space",
            ("method", "n", "pool"),
            quiz_facts.pose_search_space,
            "the size of a naive search space: bruteforce, columns or permutations",
            Sized(N_("search space"), extra=(4, 5, 6, 7, 8, 9)),
            required=("method",),
        ),
        Kind(
            "random-tries",
            ("n", "pool", "given"),
            quiz_facts.pose_random_tries,
            "random permutations tried on average until a solution (given=solutions: the "
            "question says how many solutions the board has)",
            Sized(N_("random tries"), extra=(4, 5, 6, 7, 8, 9), added=(("given", "solutions"),)),
        ),
        Kind(
            "work",
            ("n", "of", "mode", "pool"),
            quiz_work.pose_work,
            "tries, backtracks or ticks of the iterative backtracker",
            Sized(N_("the backtracker's work"), extra=(5, 6, 8, 9)),
        ),
        Kind(
            "orbit",
            ("b", "pool"),
            quiz_facts.pose_orbit,
            "how many boards the rotations and reflections of a solution give",
            Solutions(N_("symmetries of a solution"), by_size=True),
            required=("b",),
        ),
        Kind(
            "examined",
            ("method", "n", "pool"),
            lambda question, params, board: quiz_mistakes.with_examined_mistakes(
                quiz_compare.pose_examined(question, params, board), params
            ),
            "what one method examines until its first solution (as queens-tutor compare)",
            Sized(N_("examined until the first solution"), extra=(4, 5, 6, 7, 8)),
            required=("method",),
        ),
        Kind(
            "rotations",
            ("b",),
            lambda question, params, board: quiz_mistakes.with_rotation_mistakes(
                quiz_compare.pose_rotations(question, params, board), params, board
            ),
            "how many different boards the 4 rotations of a solution give",
            Solutions(N_("rotations of a solution")),
        ),
        Kind(
            "queen-row",
            ("b", "col"),
            quiz_reading.pose_queen_row,
            "the row of column C's queen in a written b[] (b[C])",
            ReadB(N_("reading b[]")),
            required=("b", "col"),
        ),
        Kind(
            "reach-n",
            (),
            quiz_reading.pose_reach_n,
            "what the Wrocław loop does when b[k]++ reaches n (choices)",
            AsWritten("its question never changes"),
        ),
        Kind(
            "maze",
            (),
            quiz_recipe.pose_maze,
            "the moves of the path the general recipe finds through a maze",
            Mazes(N_("the recipe on a maze")),
            written=Written.MAZE_LINES,
        ),
        Kind(
            "construct",
            ("n", "col"),
            quiz_recipe.pose_construct,
            "the row of a queen in the explicit (constructive) placement",
            Construction(N_("the explicit placement")),
            required=("n", "col"),
        ),
        Kind(
            "place",
            ("n", "goal", "mistakes"),
            quiz_place.pose_place,
            "queens placed by hand on the place board: a solution, or every try of n = 2, 3; "
            "or the Wrocław loop driven there by hand to its first solution",
            Placing(N_("placing queens")),
            required=("n", "goal"),
            check=_place_goal,
        ),
        Kind(
            "guess",
            ("ticks", "goal", "slack"),
            _params(quiz_guess.pose_guess),
            "the next N ticks of the page's board predicted in guess mode (y/n, 1/2/3), "
            "at least R right (goal=R) or at most S wrong (slack=S)",
            Guessing(N_("predicting ticks"), same_standing=False, dropped=("goal",)),
            required=("ticks",),
            board=True,
            check=quiz_guess.ticks_of,
        ),
        Kind(
            "choice",
            ("review", "order"),
            _choice,
            "multiple choice written in the lesson (order=[2,0,1]: its choices in that order, as "
            "a quiz's restart draws them)",
            Reordered("its choices are the lesson's own words"),
            written=Written.CHOICES,
            check=_reviewed_as,
        ),
        Kind(
            "number",
            ("b", "review"),
            _number,
            "a number answer written in the lesson",
            AsWritten("its answer is the lesson's own"),
            written=Written.ANSWER,
            check=_number_b,
        ),
    )
}
"""Every question kind, by the name used in ``@question KIND``."""

LIVE = frozenset(name for name, kind in KINDS.items() if kind.drawer.live)
"""The kinds about the live board: a quiz draws their tick."""
VARIED = frozenset(name for name, kind in KINDS.items() if kind.drawer.varied)
"""The kinds whose instance a quiz draws per student."""
REVIEWED = frozenset(name for name, kind in KINDS.items() if kind.drawer.reviewed)
"""The kinds a review can ask anew."""


def reviewed_as(question: Question) -> str:
    """The kind a review asks anew for a miss of ``question``: its own, or for a question the
    lesson writes, the kind its ``review=`` names."""
    return question.params.get("review", "").strip() or question.kind
