"""Questions that compare the methods and turn solutions: the numbers ``queens-tutor compare``
prints, and the rotations of the Italian Python course's exercise 4.

``examined``: what one method examines until its first solution, in its own unit (squares
tested by the backtrackers, whole placements checked by the naive searches), computed by the
same :func:`solver.runs.run_method` / :func:`solver.runs.naive_cost` the ``compare``
command uses, so the lesson and the command always agree. ``rotations``: how many different
boards the four rotations of a solution give: the board's own solution unless ``b=`` is given.
"""

from __future__ import annotations

from lessons.answers.checking import AnswerType, Posed
from lessons.i18n import N_, _, ngettext, number
from lessons.model import Question
from lessons.parsing.params import ParamError, Params
from lessons.quiz import solver_facts as facts
from lessons.quiz.facts import board_n, check_solution
from lessons.quiz.live import engine_values, format_b
from solver import runs as methods
from solver import symmetry
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.naive import search as naive
from solver.registry import NAIVE_MAX_N

EXAMINED_METHODS = ("iterative", "recursive", "scan", "general", *naive.METHODS)
"""The methods whose count to the first solution a question may ask (random is seeded and
constructive examines nothing)."""
MAX_BACKTRACKER_N = facts.MAX_WORK_N
ROTATION_NAMES = ("b", N_("turned 90 degrees"), N_("turned 180 degrees"), N_("turned 270 degrees"))
"""What each of :func:`rotations` is, in the explanation (translated where shown)."""


def examined(method: str, n: int) -> int:
    """What ``method`` examines until its first solution, as ``queens-tutor compare`` counts."""
    if method in naive.METHODS:
        return methods.naive_cost(method, n, False)
    return methods.run_method(method, n).examined


def _distractors(method: str, n: int, count: int) -> list[int]:
    """Two other numbers a student may mix up with the count: for a naive search its search
    space and what the backtracker tests; for a backtracker its ticks and its backtracks."""
    if method in naive.METHODS:
        return [naive.search_space(method, n), examined("iterative", n)]
    done = facts.work(n)
    return [done.ticks, done.backtracks]


def pose_examined(question: Question, params: Params, engine: IterativeEngine | None) -> Posed:
    """``queens-tutor compare N``: how many candidates one method examines to its first
    solution. The choices are the count and the numbers it is mixed up with, so the question
    asks for the meaning of a number the screen shows, never for one it does not."""
    method = params.word("method", EXAMINED_METHODS)
    naive_method = method in naive.METHODS
    n = board_n(params, engine, NAIVE_MAX_N if naive_method else MAX_BACKTRACKER_N, lo=4)
    count = examined(method, n)
    numbers = sorted({count, *_distractors(method, n, count)})
    if naive_method:
        prompt = _(
            "queens-tutor compare {n}: how many placements checked does {method} examine until "
            "its first solution?"
        )
        detail = _(
            "{method} checks whole placements in its order and stops at the first solution: "
            "{count} of the {space} ({formula}) in its search space; {backtracker} is what the "
            "backtracker tests."
        ).format(
            method=method,
            count=number(count),
            space=number(naive.search_space(method, n)),
            formula=naive.formula(method),
            backtracker=number(examined("iterative", n)),
        )
        hint = _("It is not the size of the search space: count only up to the first solution.")
    else:
        prompt = _(
            "queens-tutor compare {n}: how many squares tested does {method} examine until its "
            "first solution?"
        )
        done = facts.work(n)
        tests = ngettext(
            "{method} tests {count} square until its first solution; the four backtrackers "
            "test the same squares in the same order.",
            "{method} tests {count} squares until its first solution; the four backtrackers "
            "test the same squares in the same order.",
            count,
        ).format(method=method, count=number(count))
        ticks = ngettext(
            "The loop's {ticks} tick also counts its {backtracks} backtracks and the solution "
            "tick.",
            "The loop's {ticks} ticks also count its {backtracks} backtracks and the solution "
            "tick.",
            done.ticks,
        ).format(ticks=number(done.ticks), backtracks=number(done.backtracks))
        detail = f"{tests} {ticks}"
        hint = _("A tick is a test or a backtrack: count only the tests.")
    return Posed(
        kind="examined",
        prompt=prompt.format(n=n, method=method),
        answer_type=AnswerType.CHOICE,
        expected=str(numbers.index(count)),
        choices=tuple(number(value) for value in numbers),
        explanation=detail,
        hint=hint,
        # n is the question's, not the page board's: the mistakes are worked out for it.
        values={**(engine_values(engine) if engine is not None else {}), "n": str(n)},
    )


def _solution(params: Params, engine: IterativeEngine | None) -> tuple[int, ...]:
    if params.has("b"):
        b = params.int_list("b")
        check_solution(b, params.directive)
        return b
    if engine is None or not engine.solutions:
        raise ParamError(
            _("{directive}: give b= or put a @board that has found a solution before it").format(
                directive=params.directive
            )
        )
    return engine.solutions[-1]


def rotations(b: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``b`` turned by 0, 90, 180 and 270 degrees, computed by :mod:`solver.symmetry`."""
    return tuple(turn.apply(b) for turn in symmetry.ROTATIONS)


def pose_rotations(question: Question, params: Params, engine: IterativeEngine | None) -> Posed:
    """How many different boards the four rotations of a solution give: 4 for most, 2 for a
    solution the half turn keeps, 1 only when every turn keeps it."""
    b = _solution(params, engine)
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
        verdict = _("No turn gives b back: this solution is not symmetric by rotations.")
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
        values=engine_values(engine) if engine is not None else {"n": str(len(b))},
        placement=tuple(b),
    )
