"""Questions that compare the methods and turn solutions: ``examined`` (what one method examines
until its first solution, computed as ``queens-tutor compare`` computes it) and ``rotations``
(how many different boards a solution's four rotations give)."""

from __future__ import annotations

from lessons.answers.checking import AnswerType, Posed
from lessons.i18n import N_, _, ngettext, number
from lessons.model import Question
from lessons.quiz import solver_facts as facts
from lessons.quiz.board import board_values
from lessons.quiz.facts import board_n, check_solution
from lessons.quiz.params import ParamError, Params
from lessons.stage.expect_names import show as format_b
from solver import runs as methods
from solver import symmetry
from solver.methods.naive import search as naive
from solver.registry import DEFAULT_METHOD, NAIVE_MAX_N, backtrackers, kit, queens_methods
from solver.session.board import BoardSession


def examined_methods() -> tuple[str, ...]:
    """The methods whose count to the first solution a question may ask, in the registry's
    order: every queens method that searches and does not draw at random (a random search is
    seeded, and the formula examines nothing)."""
    return tuple(m for m in queens_methods() if kit(m).searches and not kit(m).seeded)


MAX_BACKTRACKER_N = facts.MAX_WORK_N
ROTATION_NAMES = (
    "b",
    N_("a quarter turn counter-clockwise (90 degrees)"),
    N_("a half turn (180 degrees)"),
    N_("a quarter turn clockwise (270 degrees)"),
)
"""What each of :func:`rotations` is, in the explanation (translated where shown)."""


def examined(method: str, n: int) -> int:
    """What ``method`` examines until its first solution, as ``queens-tutor compare`` counts."""
    if not kit(method).backtracker:  # a naive search: counted without running it
        return naive.cost(method, n, False)
    return methods.run_method(method, n).examined


def _distractors(method: str, n: int, count: int) -> list[int]:
    """Two other numbers a student may mix up with the count: for a naive search its search
    space and what the backtracker tests; for a backtracker its ticks and its backtracks."""
    if not kit(method).backtracker:
        return [naive.search_space(method, n), examined(DEFAULT_METHOD, n)]
    done, loop = facts.work(n), examined(DEFAULT_METHOD, n)
    return [done.ticks, done.backtracks if count == loop else loop]


def pose_examined(question: Question, params: Params, board: BoardSession | None) -> Posed:
    """``queens-tutor compare N``: how many candidates one method examines to its first
    solution. The choices are the count and the numbers it is mixed up with, so the question
    asks for the meaning of a number the screen shows, never for one it does not."""
    method = params.word("method", examined_methods())
    naive_method = not kit(method).backtracker
    n = board_n(params, board, NAIVE_MAX_N if naive_method else MAX_BACKTRACKER_N, lo=4)
    count = examined(method, n)
    numbers = sorted({count, *_distractors(method, n, count)})
    if naive_method:
        prompt = _(
            "In queens-tutor compare {n}, the line {method} is {name}. How many placements "
            "does it check until its first solution?"
        )
        # The backtracker's count is not told here: it is a choice of the next question of
        # the same compare, and of lesson 9's
        detail = _(
            "This method checks whole placements in its order and stops at the first solution: "
            "{count} of the {space} ({formula}) in its search space."
        ).format(
            count=number(count),
            space=number(naive.search_space(method, n)),
            formula=naive.formula(method),
        )
        # Not the wrong answer's feedback again: a step of its own, the three kinds of number
        # to tell apart, without telling which choice is which
        hint = _(
            "Three kinds of number stand among the choices: squares a backtracker tests, "
            "candidate boards this approach examines before it is done, and the size of "
            "everything it could try ({formula} for n = {n}). Match each choice to its kind."
        ).format(formula=naive.formula(method), n=n)
    else:
        prompt = _(
            "In queens-tutor compare {n}, the line {method} is {name}. How many squares does "
            "it test until its first solution?"
        )
        done, loop = facts.work(n), examined(DEFAULT_METHOD, n)
        # the same squares (or their mirror images): the notes' order only, never a count met
        # by chance in an order of its own
        same = [o for o in backtrackers() if not kit(o).own_order and examined(o, n) == count]
        tests = ngettext(
            "This method tests {count} square until its first solution; the backtrackers of "
            "the lines {backtrackers} of compare test as many, one for one: the same squares in "
            "the same order or, where the notes fill a row at a time, each one's mirror image "
            "across the diagonal.",
            "This method tests {count} squares until its first solution; the backtrackers of "
            "the lines {backtrackers} of compare test as many, one for one: the same squares in "
            "the same order or, where the notes fill a row at a time, each one's mirror image "
            "across the diagonal.",
            count,
        ).format(count=number(count), backtrackers=", ".join(same))
        if count != loop or kit(method).own_order:  # its own order: its count is its own
            tests = ngettext(
                "This method tests {count} square until its first solution, in an order of "
                "its own: the lecture's loop tests {loop}.",
                "This method tests {count} squares until its first solution, in an order of "
                "its own: the lecture's loop tests {loop}.",
                count,
            ).format(count=number(count), loop=number(loop))
        ticks = ngettext(
            "The Wrocław loop's {ticks} tick also counts its {backtracks} backtracks and the "
            "solution tick.",
            "The Wrocław loop's {ticks} ticks also count its {backtracks} backtracks and the "
            "solution tick.",
            done.ticks,
        ).format(ticks=number(done.ticks), backtracks=number(done.backtracks))
        detail = f"{tests} {ticks}"
        hint = _(
            "A tick of the Wrocław loop tests a square, backtracks or reports the solution: "
            "count only the squares tested."
        )
    return Posed(
        kind="examined",
        prompt=prompt.format(
            n=n, method=method, name=_(kit(method).notes_name or kit(method).title)
        ),
        answer_type=AnswerType.CHOICE,
        expected=str(numbers.index(count)),
        choices=tuple(number(value) for value in numbers),
        explanation=detail,
        hint=hint,
        # n is the question's, not the page board's: the mistakes are worked out for it.
        values={**(board_values(board) if board is not None else {}), "n": str(n)},
    )


def _solution(params: Params, board: BoardSession | None) -> tuple[int, ...]:
    if params.has("b"):
        b = params.int_list("b")
        check_solution(b, params.directive)
        return b
    if board is None or not board.kit.placements(board.snapshot):
        raise ParamError(
            _("{directive}: give b= or put a @board that has found a solution before it").format(
                directive=params.directive
            )
        )
    return board.kit.placements(board.snapshot)[-1]


def rotations(b: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``b`` turned by 0, 90, 180 and 270 degrees, computed by :mod:`solver.symmetry`."""
    return tuple(turn.apply(b) for turn in symmetry.ROTATIONS)


def pose_rotations(question: Question, params: Params, board: BoardSession | None) -> Posed:
    """How many different boards the four rotations of a solution give: 4 for most, 2 for a
    solution the half turn keeps, 1 only when every turn keeps it."""
    b = _solution(params, board)
    turned = rotations(b)
    count = len(set(turned))
    listed = "; ".join(
        f"{_(name)}: {format_b(t)}" for name, t in zip(ROTATION_NAMES, turned, strict=True)
    )
    if count == 1:
        verdict = _("Every turn gives b back: this solution is symmetric by rotations.")
    elif count == 2:
        verdict = _("The half turn gives b back, the quarter turns do not.")
    else:
        verdict = _(
            "No turn by 90, 180 or 270 degrees gives b back: this solution is not symmetric by "
            "rotations."
        )
    return Posed(
        kind="rotations",
        prompt=_(
            "Turn the solution b = {b} by 90, 180 and 270 degrees. How many different boards "
            "do the four rotations give, b itself included?"
        ).format(b=format_b(b)),
        answer_type=AnswerType.NUMBER,
        expected=str(count),
        explanation=_("{listed}. {verdict} Each one is a solution.").format(
            listed=listed, verdict=verdict
        ),
        hint=_("A quarter turn takes the queen of column c, row r to column n-1-r, row c."),
        values=board_values(board) if board is not None else {"n": str(len(b))},
        placement=tuple(b),
    )
