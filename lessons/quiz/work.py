"""``work``: the squares tested, backtracks or ticks of the Wrocław lecture's loop up to its
first solution or to the end, each wrong count named by the count it is mixed up with."""

from __future__ import annotations

from lessons.answers.checking import AnswerType, Posed
from lessons.answers.feedback import say
from lessons.i18n import N_, _, number
from lessons.model import Question
from lessons.quiz import solver_facts as facts
from lessons.quiz.facts import board_n, values_at
from lessons.quiz.params import Params
from lessons.quiz.static import tolerance_of
from solver.session.board import BoardSession

_WORK_PROMPTS = {
    ("tries", False): N_(
        "How many squares does the iterative backtracker test for n = {n}, until the first "
        "solution?"
    ),
    ("tries", True): N_(
        "How many squares does the iterative backtracker test for n = {n}, to the end "
        "(all solutions)?"
    ),
    ("backtracks", False): N_(
        "How many backtracks does the iterative backtracker make for n = {n}, until the first "
        "solution?"
    ),
    ("backtracks", True): N_(
        "How many backtracks does the iterative backtracker make for n = {n}, to the end "
        "(all solutions)?"
    ),
    ("ticks", False): N_(
        "How many ticks does the iterative backtracker make for n = {n}, until the first solution?"
    ),
    ("ticks", True): N_(
        "How many ticks does the iterative backtracker make for n = {n}, to the end "
        "(all solutions)?"
    ),
}


WORK_WORDS = {
    "tries": N_("squares tested"),
    "backtracks": N_("backtracks"),
    "ticks": N_("ticks"),
}
"""What a work question counts, in a sentence about a number mixed up with it."""
WORK_HINTS = {
    "ticks": N_("Run the board to the solution and read the tick counter."),
    "tries": N_(
        "Run the board to the solution: every tick tests a square except the backtracks and "
        "the solution tick."
    ),
    "backtracks": N_(
        "Every tick tests a square, backtracks or reports the solution: take the squares "
        "tested and the solution tick away from the ticks."
    ),
}
"""How to find what a work question counts."""


def pose_work(question: Question, params: Params, board: BoardSession | None) -> Posed:
    """Squares tested, backtracks or ticks of the lecture's loop up to the first solution (or
    all; ``of=tries``: the squares tested)."""
    of = params.word("of", ("tries", "backtracks", "ticks"), "tries")
    every = params.word("mode", ("first", "all"), "first") == "all"
    n = board_n(params, board, facts.MAX_COUNT_N if every else facts.MAX_WORK_N)
    done = facts.work(n, all_solutions=every)
    counted = {"ticks": done.ticks, "tries": done.tries, "backtracks": done.backtracks}
    value = counted[of]
    prompt = _WORK_PROMPTS[of, every]
    if every:
        counts = _(
            "For n = {n}, up to the end (all solutions), the loop counts: ticks {ticks}, squares "
            "tested (b[0]=0, then each b[k]++ with its isfree test) {tries}, backtracks "
            "{backtracks}."
        )
    else:
        counts = _(
            "For n = {n}, up to the first solution, the loop counts: ticks {ticks}, squares "
            "tested (b[0]=0, then each b[k]++ with its isfree test) {tries}, backtracks "
            "{backtracks}."
        )
    what = _(WORK_WORDS[of])
    wrong: dict[str, str] = {}
    for other, count in counted.items():
        if other != of and count != value:
            wrong.setdefault(str(count), say(f"mistake.work_{other}", what=what))
    if not every and of != "ticks":
        # The ticks less the other count, the solution tick left in.
        wrong.setdefault(str(value + 1), say("mistake.work_solution_tick"))
    if n <= facts.MAX_COUNT_N:
        # The board's solutions counted instead.
        solutions = facts.count_solutions(n)
        if solutions != value:
            wrong.setdefault(str(solutions), say("mistake.work_solutions", n=n, what=what))
    if not every and of == "backtracks" and facts.backtracks_in_a_row(n):
        # A backtrack right after another one missed (on 4 x 4, ticks 20 and 21 both
        # backtrack).
        for missed in (value - facts.backtracks_in_a_row(n), value - 1):
            wrong.setdefault(str(missed), say("mistake.work_backtracks_in_a_row"))
    if not every and of == "backtracks" and value > 0:
        # No backtrack at all: the first solution taken for the queens' first rows (as on
        # 7 x 7, whose first solution is the rows 0, 2, 4, 6, 1, 3, 5).
        solution = facts.first_solution(n) or ()
        for column, row in enumerate(facts.first_rows(n) if solution else ()):
            if row != solution[column]:  # the first queen first put off its row in the solution
                wrong.setdefault("0", say("mistake.work_no_backtrack", n=n, col=column, row=row))
                break
    return Posed(
        kind="work",
        prompt=_(prompt).format(n=n),
        answer_type=AnswerType.NUMBER,
        expected=str(value),
        tolerance=tolerance_of(question),
        explanation=counts.format(n=n, **{name: number(c) for name, c in counted.items()}),
        wrong=wrong,
        hint=_(WORK_HINTS[of]),
        values=values_at(board, n),
    )
