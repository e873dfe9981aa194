"""Questions about facts the solver computes while the question is asked (solutions, search
spaces, tries, the loop's tests and backtracks, symmetries)."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache

from lessons.answers.checking import AnswerType, Posed
from lessons.answers.feedback import say
from lessons.answers.reading import NO_WORDS, YES_WORDS, as_text
from lessons.i18n import N_, _, decimal, ngettext, number
from lessons.model import Question
from lessons.quiz import solver_facts as facts
from lessons.quiz.board import board_values
from lessons.quiz.drawers.base import MAX_ORBIT_N, pool_sizes
from lessons.quiz.drawers.base import solutions as _all_solutions
from lessons.quiz.params import ParamError, Params
from lessons.quiz.static import tolerance_of
from lessons.stage.expect_names import show as format_b
from solver import symmetry
from solver.events import attack_rule
from solver.methods.naive import search as naive
from solver.registry import NAIVE_MAX_N
from solver.runs import run_method
from solver.session.board import BoardSession

MAX_SPACE_N = 64
RANDOM_RUN_N = 10
"""The largest n whose seeded random run (what ``queens-tutor compare`` prints) a random-tries
question names as a mistake: a run is quick up to there."""
YES_NO = (N_("yes"), N_("no"))
YES_NO_ALIASES = {
    **dict.fromkeys(YES_WORDS, 0),
    **dict.fromkeys(NO_WORDS, 1),
    "true": 0,
    "false": 1,
}
"""Yes and no in every language of the tutor (:data:`lessons.answers.reading.ANSWER_WORDS`)."""
METHOD_WORDS = {
    "bruteforce": (N_("n queens on any n of the n^2 squares"), "C(n^2, n)"),
    "columns": (N_("one queen in each column, any row"), "n^n"),
    "permutations": (N_("one queen in each column and each row"), "n!"),
}
"""Each naive method: what it tries, in words, and how many candidates that is."""
PICKED_IN_ORDER: dict[str, tuple[tuple[Callable[[int], int], str], ...]] = {
    "bruteforce": (
        (lambda n: (n * n) ** n, "mistake.space_squares_to_the_n"),
        (lambda n: math.perm(n * n, n), "mistake.space_ordered_squares"),
    ),
    "permutations": ((lambda n: math.factorial(n - 1), "mistake.space_factorial_short"),),
}
"""A naive method's candidates miscounted in a typical way (the queens picked one after
another, each placement counted once per order; n! one factor short): the size for n, and the
message that names it."""
SQUARES_FOR = {"columns": "mistake.space_squares_for_columns"}
"""The board's n^2 squares given for a search space: what to say of it, where the method's
own formula calls for more than the squares' words (n^n, one factor of n for each column, of
one queen per column)."""
GIVEN = ("none", "solutions")
"""What a random-tries question gives (``given=``): nothing but n, or the board's number of
solutions too (the solver's count: the review asks sizes no lesson gives the count of)."""
SPACE_PROMPTS = {
    "bruteforce": N_(
        "Brute force puts n queens on any n of the n^2 squares. How many placements are in "
        "its search space for n = {n}: all the candidates it could check, not only those it "
        "checks until the first solution?"
    ),
    "columns": N_(
        "One queen per column, in any row. How many placements are in this search space for "
        "n = {n}: all the candidates it could check, not only those it checks until the first "
        "solution?"
    ),
    "permutations": N_(
        "One queen in each column and each row: the permutations. How many placements are in "
        "this search space for n = {n}: all the candidates it could check, not only those it "
        "checks until the first solution?"
    ),
}
"""The search-space question of each naive method, in the notes' words (not its command-line
name)."""


def values_at(board: BoardSession | None, n: int) -> dict[str, str]:
    values = board_values(board) if board is not None else {}
    values["n"] = str(n)
    return values


def board_n(params: Params, board: BoardSession | None, hi: int, lo: int = 1) -> int:
    """The question's board size: its ``n=``, else the size of the board before it, from
    ``lo`` to ``hi``. Its ``pool=`` (the sizes a quiz draws n from) is read too, so a bad one
    is an error at the question's line (``lessons check`` poses each size)."""
    pool_sizes(params)
    if params.has("n"):
        return params.integer("n", lo, hi)
    if board is None or not board.kit.queens:
        problem = _("{directive}: give n= (or put @board before it)")
    elif board.engine.n < lo:
        problem = _("{directive}: n must be at least {min}, not {n}")
    elif board.engine.n > hi:
        problem = _("{directive}: n must be at most {max}, not {n}")
    else:
        return board.engine.n
    n = board.engine.n if board is not None else None
    raise ParamError(problem.format(directive=params.directive, min=lo, max=hi, n=n))


def pose_solutions(question: Question, params: Params, board: BoardSession | None) -> Posed:
    """How many solutions does the n x n board have (all, or unique up to symmetry)?"""
    n = board_n(params, board, facts.MAX_COUNT_N)
    unique = params.yes("unique", False)
    count = facts.count_solutions(n, unique=unique)
    if unique:
        total = facts.count_solutions(n)
        prompt = _(
            "How many solutions does the {n} x {n} board have, counting rotations and reflections "
            "once?"
        ).format(n=n)
        has = ngettext(
            "The {n} x {n} board has {count} solution.",
            "The {n} x {n} board has {count} solutions.",
            total,
        ).format(n=n, count=number(total))
        families = ngettext(
            "Grouped by the 8 rotations and reflections of the board, they fall into {count} "
            "orbit.",
            "Grouped by the 8 rotations and reflections of the board, they fall into {count} "
            "orbits.",
            count,
        ).format(count=number(count))
        explain = f"{has} {families}"
    else:
        prompt = _("How many solutions does the {n} x {n} board have?").format(n=n)
        explain = ngettext(
            "Running the backtracker to the end on {n} x {n} finds {count} solution.",
            "Running the backtracker to the end on {n} x {n} finds {count} solutions.",
            count,
        ).format(n=n, count=number(count))
    return Posed(
        kind="solutions",
        prompt=prompt,
        answer_type=AnswerType.NUMBER,
        expected=str(count),
        tolerance=tolerance_of(question),
        explanation=explain,
        wrong=count_mistakes(n, unique, count),
        # Counting rotations and reflections once, all the solutions are not the answer: the
        # hint says what to do with them.
        hint=_(
            "Each orbit counts once: find the solutions with the all-solutions mode of the "
            "backtracker, then group them by the 8 rotations and reflections of the board (an "
            "orbit holds at most 8 of them)."
        )
        if unique
        else _(
            "Count them with the all-solutions mode of the backtracker (the counter of the "
            "Turin notes)."
        ),
        values=values_at(board, n),
    )


def pose_exists(question: Question, params: Params, board: BoardSession | None) -> Posed:
    """Is there a solution for n at all?"""
    n = board_n(params, board, 32)
    found = facts.first_solution(n)
    if found is None:
        explain = _("The backtracker ends with k = -1 for n = {n}: every placement fails.").format(
            n=n
        )
        wrong = {"0": say("mistake.exists_none", n=n)}  # yes: a solution where none is
    else:
        explain = _("The backtracker finds b = {b} for n = {n}.").format(b=format_b(found), n=n)
        wrong = {"1": say("mistake.exists_some", b=format_b(found))}
    return Posed(
        kind="exists",
        prompt=_("Is there a solution for n = {n}?").format(n=n),
        answer_type=AnswerType.CHOICE,
        expected="0" if found is not None else "1",
        choices=YES_NO,
        aliases=YES_NO_ALIASES,
        explanation=explain,
        wrong=wrong,
        hint=_("Try to place the queens column by column on a small drawing."),
        values=values_at(board, n),
    )


def pose_search_space(question: Question, params: Params, board: BoardSession | None) -> Posed:
    """How many candidates a naive method looks at (the Wrocław lecture and the Italian Python
    course)."""
    method = params.word("method", facts.METHODS)
    n = board_n(params, board, MAX_SPACE_N)
    size = naive.search_space(method, n)
    return Posed(
        kind="search-space",
        prompt=_(SPACE_PROMPTS[method]).format(n=n),
        answer_type=AnswerType.NUMBER,
        expected=str(size),
        tolerance=tolerance_of(question),
        # The method named as the subject, and no sentence repeated in every one of the
        # lesson's six feedbacks.
        explanation=_(
            "The method's candidates are {words}: {formula}; for n = {n} that is {size}."
        ).format(
            words=_(METHOD_WORDS[method][0]),
            formula=METHOD_WORDS[method][1],
            n=n,
            size=number(size),
        ),
        hint=space_hint(method, n),
        wrong=space_mistakes(method, n, size),
        values=values_at(board, n),
    )


def product(factors: list[int]) -> str:
    """``5 x 4 x 3 x 2 x 1``; a long one cut in its middle: ``36 x 35 x ... x 31``."""
    if len(factors) <= 6:
        return " x ".join(str(factor) for factor in factors)
    return f"{factors[0]} x {factors[1]} x ... x {factors[-1]}"


SPACE_HINTS = {
    "bruteforce": N_(
        "C({n}^2, {n}) = C({squares}, {n}): the ordered picks {picks}, divided by the {n}! "
        "orders of the same {n} squares, {orders}."
    ),
    "columns": N_(
        "{n}^{n} = {powers}: each of the {n} columns holds its queen in any of its {n} rows, "
        "whatever the other columns hold."
    ),
    "permutations": N_(
        "{n}! = {orders}: column 0 holds its queen in any of the {n} rows, column 1 in one of "
        "the rows left, and so on."
    ),
}
"""Each naive method's search space worked out for the question's n: its hint."""


def space_hint(method: str, n: int) -> str:
    """The search space's formula worked out for this n, a step beyond what a wrong answer's
    feedback says (which names the formula)."""
    squares = n * n
    return _(SPACE_HINTS[method]).format(
        n=n,
        squares=squares,
        picks=product(list(range(squares, squares - n, -1))),
        orders=product(list(range(n, 0, -1))),
        powers=product([n] * n),
    )


def space_mistakes(method: str, n: int, size: int) -> dict[str, str]:
    """The search space mixed up with another naive method's (n^n for brute force: one queen
    to a column taken for granted), or with what the method checks until its first solution."""
    found: dict[str, str] = {}
    for other in facts.METHODS:
        value = naive.search_space(other, n)
        if other != method and value != size:
            message = f"mistake.space_{other}_for_{method}"
            found.setdefault(str(value), say(message, n=n, squares=n * n))
    formula = METHOD_WORDS[method][1]
    squares = n * n
    if squares != size:
        # The squares of the board, n^2, taken for the placements of all n queens.
        squared = SQUARES_FOR.get(method, "mistake.space_squares")
        found.setdefault(str(squares), say(squared, n=n, squares=squares, formula=formula))
    for size_of, message in PICKED_IN_ORDER.get(method, ()):
        value = size_of(n)
        if value != size:
            found.setdefault(str(value), say(message, n=n, squares=n * n, formula=formula))
    if n != size:  # the board's side, the number of queens: no count of placements
        found.setdefault(str(n), say("mistake.space_n", n=n, formula=formula))
    if size != 1:  # one placement: the first solution, or the one the student pictured
        found.setdefault("1", say("mistake.space_one", formula=formula))
    if n <= facts.MAX_COUNT_N:
        solutions = facts.count_solutions(n)
        if solutions != size:
            found.setdefault(str(solutions), say("mistake.space_solutions", n=n, formula=formula))
    if n > NAIVE_MAX_N or n > facts.MAX_WORK_N:
        return found
    checked = naive.cost(method, n, False)
    if checked != size:
        found.setdefault(
            str(checked),
            say(
                "mistake.examined_for_space", given=number(checked), method=method, formula=formula
            ),
        )
    return found


def count_mistakes(n: int, unique: bool, count: int) -> dict[str, str]:
    """The solutions counted the other way (every one, or each family once), and, for the
    families, the solutions divided by the 8 symmetries (92/8 = 11.5 on 8 x 8: read as typed, in
    any notation)."""
    total = facts.count_solutions(n)
    other = facts.count_solutions(n, unique=True) if not unique else total
    found: dict[str, str] = {}
    if other != count:
        message = "mistake.unique_for_all" if not unique else "mistake.all_for_unique"
        found[str(other)] = say(message)
    if count > 0:
        # No solution at all (the Turin notes leave the 1 x 1 board out as trivial).
        if n == 1:
            found.setdefault("0", say("mistake.count_one_queen"))
        else:
            found.setdefault(
                "0", say("mistake.count_none", n=n, b=format_b(facts.first_solution(n) or ()))
            )
    for size in (n - 1, n + 1, 8):
        # A neighbouring board's count, or the 8 x 8 board's, the count every source prints.
        if 1 <= size <= facts.MAX_COUNT_N:
            theirs = facts.count_solutions(size, unique=unique)
            if theirs != count:
                found.setdefault(str(theirs), say("mistake.count_other_board", n=n, other=size))
    divided = Fraction(total, 8)
    if unique and divided != count:
        found.setdefault(as_text(divided), say("mistake.divided_by_symmetries", total=total))
    if unique and n <= MAX_ORBIT_N:
        # Only the orbits of 8 boards counted, forgetting the orbit of 4 that the page names.
        full = sum(1 for size in _orbit_sizes(n) if size == 8)
        if 0 < full != count:
            found.setdefault(
                str(full),
                say("mistake.full_orbits_only", full=number(full)),
            )
    return found


@lru_cache(maxsize=16)
def _orbit_sizes(n: int) -> tuple[int, ...]:
    """The size of each orbit of the n x n board's solutions (each orbit once)."""
    seen: set[frozenset[tuple[int, ...]]] = set()
    for b in _all_solutions(n):
        seen.add(symmetry.orbit(b))
    return tuple(len(orbit) for orbit in seen)


def pose_random_tries(question: Question, params: Params, board: BoardSession | None) -> Posed:
    """Random permutations until a solution, on average: n! / solutions (the Italian Python
    course); ``given=solutions``: the prompt says the solver's count of solutions."""
    n = board_n(params, board, facts.MAX_COUNT_N)
    count = facts.count_solutions(n)
    if count == 0:
        raise ParamError(
            _("{directive}: n = {n} has no solution, so random search never ends").format(
                directive=params.directive, n=n
            )
        )
    space = naive.search_space("permutations", n)
    mean = round(space / count)
    # Give or take 1 where the mean is rounded (40,320/92 = 438.26), not where it is whole.
    whole = space % count == 0
    tolerance = tolerance_of(question) if question.tolerance else (0 if whole else 1)
    if params.word("given", GIVEN, "none") == "solutions":  # the count, not taught at every n
        prompt = ngettext(
            "The {n} x {n} board has {count} solution. Shuffling random permutations for "
            "n = {n}: how many tries on average until a solution?",
            "The {n} x {n} board has {count} solutions. Shuffling random permutations for "
            "n = {n}: how many tries on average until a solution?",
            count,
        ).format(n=n, count=number(count))
    else:
        prompt = _(
            "Shuffling random permutations for n = {n}: how many tries on average until a solution?"
        ).format(n=n)
    return Posed(
        kind="random-tries",
        prompt=prompt,
        answer_type=AnswerType.NUMBER,
        expected=str(mean),
        tolerance=tolerance,
        explanation=_tries_explained(space, count, mean),
        hint=_(
            "The permutations of {n} rows: {n}! = {factors}, each drawn as likely as any other. "
            "A try succeeds when it draws a solution: count the {n} x {n} board's solutions, "
            "then divide."
        ).format(n=n, factors=product(list(range(n, 0, -1)))),
        wrong=_tries_mistakes(n, count, mean, tolerance),
        values=values_at(board, n),
    )


def _tries_explained(space: int, count: int, mean: int) -> str:
    """n!/Q(n) worked out; "about" only where the quotient is not whole."""
    if space % count == 0:
        return _(
            "Of the {space} permutations, {count} are solutions: on average it takes "
            "{space}/{count} = {mean} tries."
        ).format(space=number(space), count=number(count), mean=number(mean))
    return _(
        "Of the {space} permutations, {count} are solutions: on average it takes "
        "{space}/{count} = {ratio}, about {mean} tries."
    ).format(
        space=number(space),
        count=number(count),
        ratio=decimal(f"{space / count:,.2f}"),
        mean=number(mean),
    )


EXAMPLE_N = 8
"""The board whose tries the lessons work out as the example (40,320 / 92, about 438)."""


def _tries_mistakes(n: int, count: int, mean: int, tolerance: int) -> dict[str, str]:
    """Every permutation taken for the tries, the solutions themselves, or n^n (one queen per
    column) divided where the permutations are: each named (those within the tolerance are
    right anyway)."""
    found: dict[str, str] = {}
    mistakes = (
        (naive.search_space("permutations", n), "mistake.tries_permutations"),
        (count, "mistake.tries_solutions"),
        (round(naive.search_space("columns", n) / count), "mistake.tries_columns"),
    )
    for value, message in mistakes:
        if abs(value - mean) > tolerance:
            found.setdefault(str(value), say(message, n=n, count=number(count)))
    if n != EXAMPLE_N:
        # The example's own average (40,320/92, about 438), which the page prints.
        other = facts.count_solutions(EXAMPLE_N)
        example_space = naive.search_space("permutations", EXAMPLE_N)
        example_mean = Fraction(example_space, other)
        said = say(
            "mistake.tries_example",
            m=EXAMPLE_N,
            space=number(example_space),
            other=number(other),
            n=n,
            count=number(count),
        )
        for places in range(0, 3):
            if abs(Fraction(round(example_mean, places)) - mean) > tolerance:
                found.setdefault(as_text(Fraction(round(example_mean, places))), said)
    for m in (size for size in range(EXAMPLE_N, 3, -1) if size != n):  # n! over another board's
        other = facts.count_solutions(m)  # solutions: the example's (7!/92), 5 x 5's (7!/10 = 504)
        said = say("mistake.tries_other_board", n=n, m=m, other=number(other))
        for places in range(0, 3):
            quotient = Fraction(round(Fraction(math.factorial(n), other), places))
            if abs(quotient - mean) > tolerance and (m == EXAMPLE_N or quotient >= 2):
                found.setdefault(as_text(quotient), said)
    columns = Fraction(naive.search_space("columns", n), count)
    if abs(columns - mean) > tolerance + 1:
        # n^n / Q(n) as typed, whole or with decimals.
        said = say("mistake.tries_columns", n=n, count=number(count))
        for places in range(1, 4):
            found.setdefault(as_text(Fraction(round(columns, places))), said)
        found.setdefault(str(math.floor(columns)), said)
        found.setdefault(str(math.ceil(columns)), said)
    if n <= RANDOM_RUN_N:
        # What compare prints for the random search: one seeded run, taken for the average.
        run = run_method("random", n).examined
        if run >= 10 and abs(run - mean) > tolerance:  # a small one: any guess
            found.setdefault(str(run), say("mistake.tries_one_run", n=n))
    space = naive.search_space("permutations", n)
    chance = say("mistake.tries_probability")
    for places in range(1, 5):  # the chance of one try instead
        written = f"{count / space:.{places}f}".rstrip("0").rstrip(".")
        if written not in ("0", "1") and written != str(mean):
            found.setdefault(written, chance)
    return found


def check_solution(b: tuple[int, ...], directive: str) -> None:
    n = len(b)
    if n == 0 or any(not 0 <= r < n for r in b):
        raise ParamError(
            _("{directive}: b must list n rows from 0 to n-1").format(directive=directive)
        )
    for c1 in range(n):
        for c2 in range(c1 + 1, n):
            if attack_rule(c1, b[c1], c2, b[c2]) is not None:
                raise ParamError(
                    _(
                        "{directive}: b is not a solution (the queens of columns {a} and {b} "
                        "attack)"
                    ).format(directive=directive, a=c1, b=c2)
                )


def pose_orbit(question: Question, params: Params, board: BoardSession | None) -> Posed:
    """How many different boards the 4 rotations and 4 reflections of a solution give."""
    pool_sizes(params)  # the sizes a quiz draws the solution from: a bad pool, at this line
    b = params.int_list("b")
    check_solution(b, params.directive)
    size = facts.orbit_size(b)
    n = len(b)
    return Posed(
        kind="orbit",
        prompt=_(
            "Apply all 8 symmetries of the square to the solution b = {b}: the 4 rotations (by "
            "0, 90, 180 and 270 degrees) and the 4 reflections (left-right, top-bottom, and in "
            "the two diagonals). How many different boards do they give, b itself included?"
        ).format(b=format_b(b)),
        answer_type=AnswerType.NUMBER,
        expected=str(size),
        wrong=symmetry_mistakes(b, size, everything=True),
        explanation=(
            _("The 8 symmetries of the square give {b} back, every one of them.")
            if size == 1  # the 1 x 1 board
            else _(
                "The 8 symmetries of the square give {count} different boards from {b}: "
                "some symmetries give the same board."
            )
            if size < 8
            else _("The 8 symmetries of the square give {count} different boards from {b}.")
        ).format(count=size, b=format_b(b)),
        hint=_("A solution that looks the same after a half turn gives fewer than 8 boards."),
        values=values_at(board, n),
        placement=tuple(b),
    )


def symmetry_mistakes(b: tuple[int, ...], right: int, everything: bool) -> dict[str, str]:
    """The orbit (all 8 symmetries) and the rotations (4) mixed up, and a symmetric solution
    taken for one whose every symmetry gives a new board. ``everything``: the question counts
    all 8 symmetries (else the 4 rotations)."""
    turned = {turn.apply(b) for turn in symmetry.ROTATIONS}
    orbit = facts.orbit_size(b)
    found: dict[str, str] = {}
    full = 8 if everything else 4
    turned_90 = symmetry.Symmetry.ROT90.apply(b)
    if right < full:
        quarter = turned_90 == tuple(b)
        mistake = "mistake.symmetric_quarter_turn" if quarter else "mistake.symmetric_half_turn"
        found[str(full)] = say(mistake, given=full)
    if right > 1 and turned_90 != tuple(b):
        # Every symmetry (the rotations question: every rotation) taken to give b back.
        one = "mistake.one_board" if everything else "mistake.one_board_turns"
        found["1"] = say(one, b=format_b(b), turned=format_b(turned_90))
    if everything and len(turned) != right:
        found.setdefault(str(len(turned)), say("mistake.rotations_only", given=len(turned)))
    if not everything and orbit != right:
        found.setdefault(str(orbit), say("mistake.reflections_counted", given=orbit))
    if not everything:
        # 3 is no count of turned boards: they are 1, 2 or 4
        found.setdefault("3", say("mistake.rotations_never_three"))
        half = symmetry.Symmetry.ROT180.apply(b)
        if half != tuple(b):  # 2 takes the half turn to give b back
            found.setdefault("2", say("mistake.half_turn_moves", half=format_b(half)))
    return found
