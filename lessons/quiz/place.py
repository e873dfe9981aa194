"""``@question place n=N goal=solution|exhaust|drive``: answered on the place-your-own-queens
board. A front end hands what the learner did over as a :class:`PlaceResult` (decided by
:mod:`solver.placement.flow`), and :func:`grade` compares it with the goal."""

from __future__ import annotations

from dataclasses import dataclass
from math import factorial

from lessons.answers.checking import AnswerType, Posed, Verdict
from lessons.answers.feedback import say
from lessons.i18n import _, ngettext
from lessons.model import Question
from lessons.quiz.params import ParamError, Params
from lessons.stage.expect_names import show as format_b
from solver.placement import MAX_N
from solver.placement.board import EXHAUST_MAX_N, solution_count
from solver.placement.driving import Act, Answer, DriveSession, expected_answer
from solver.placement.flow import PlaceOutcome
from solver.registry import DEFAULT_METHOD
from solver.runs import run_method
from solver.session.board import BoardSession

GOALS = ("solution", "exhaust", "drive")
"""``solution``: a full solution placed; ``exhaust``: every placement of a board with no
solution tried or ruled out; ``drive``: the Wrocław loop driven by hand to its first solution,
with at most ``mistakes`` steps graded wrong."""
MISTAKES = 2
"""The wrong steps a ``goal=drive`` question allows by default (``mistakes=M``)."""
DONE = "done"
"""The canonical right answer of a place question (never typed: see :func:`grade`)."""


@dataclass(frozen=True, slots=True)
class PlaceResult:
    """What the place board reports when the learner leaves it (from its models)."""

    n: int
    found: tuple[tuple[int, ...], ...]
    """The solutions found during the visit."""
    exhausted: bool
    """Every placement of a board with no solution was tried or ruled out."""
    driven: bool = False
    """You drive: the loop was driven to its first solution during the visit."""
    right: int = 0
    """You drive: the steps graded right ..."""
    asked: int = 0
    """... of the steps graded."""
    missed: tuple[Answer, ...] = ()
    """You drive: what the loop did at each step graded wrong, in order."""
    placed: int = 0
    """The queens on the board when the learner left it."""
    ticks: int = 0
    """You drive: the ticks the loop had played when the learner left it (the page's board is
    brought there: the lesson's loop on the same board reaches the same state in as many)."""

    def given(self) -> str:
        """The visit as the record keeps it among the answers given, in the notation of the
        files (not a sentence): ``n=4 queens=3 found=0``, with ``exhausted``, or the drive's
        ``steps=5/6 driven``."""
        said = f"n={self.n} queens={self.placed} found={len(self.found)}"
        if self.exhausted:
            said += " exhausted"
        if self.asked:
            said += f" steps={self.right}/{self.asked}" + (" driven" if self.driven else "")
        return said

    @classmethod
    def of(cls, outcome: PlaceOutcome) -> PlaceResult:
        """What the place board's flow says of the learner's board, as the lesson grades it."""
        return cls(
            outcome.n,
            outcome.found,
            outcome.exhausted,
            outcome.driven,
            outcome.right,
            outcome.asked,
            outcome.missed,
            len(outcome.queens),
            outcome.ticks,
        )


def goal_of(params: Params) -> tuple[int, str]:
    """The board size and the goal, checked. Raises ParamError."""
    n = params.integer("n", 1, MAX_N)
    goal = params.word("goal", GOALS)
    if goal == "exhaust" and (n > EXHAUST_MAX_N or solution_count(n) > 0):
        raise ParamError(
            _(
                "@question place goal=exhaust needs a board with no solution (n = 2 or 3), "
                "not n={n}"
            ).format(n=n)
        )
    if goal in ("solution", "drive") and solution_count(n) == 0:
        raise ParamError(
            _("@question place goal={goal}: the {n} x {n} board has no solution").format(
                goal=goal, n=n
            )
        )
    return n, goal


def _drive_steps(n: int) -> list[str]:
    """The loop's steps to its first solution on n x n as the drive takes them: ``space 1 0``,
    ``enter 1 2``, ``b``."""
    session, steps = DriveSession(n), []
    while not session.over and (event := session.next_event()) is not None:
        said = session.answer(expected := expected_answer(event))
        assert said is not None and said.right
        keys = {Act.TRY: "space", Act.PLACE: "enter", Act.BACKTRACK: "b"}[expected.act]
        steps.append(" ".join([keys, *map(str, expected.square or ())]))
    return steps


def pose_place(question: Question, params: Params, board: BoardSession | None) -> Posed:
    """Place queens by hand: a solution, or every placement of a board that has none."""
    n, goal = goal_of(params)
    plain = ""  # the prompt as the plain tutor says it, where it differs
    if goal == "drive":
        allowed = mistakes_of(params)
        prompt = _(
            "Press [o] and drive the Wrocław loop on the {n} x {n} board to its first solution, "
            "from column 1 ([o] plays b[0]=0; k=1 first). At each step put the cursor on the "
            "square the loop tests next (the arrows) and say what it finds there: [space], the "
            "square is attacked; [enter], it is free and the queen stays; or [b] if the loop "
            "backtracks instead. Then press [esc]."
        ).format(n=n)
        plain = _(
            "Type o and drive the Wrocław loop on the {n} x {n} board to its first solution, "
            "from column 1 (o plays b[0]=0; k=1 first). At each step type what the loop finds at "
            "the square it tests next, column C, row R: space C R, the square is attacked; enter "
            "C R, it is free and the queen stays; or b if the loop backtracks instead. Then type "
            "escape."
        ).format(n=n)
        answer = _(
            "the loop driven to the first solution of the {n} x {n} board, its {count} steps in "
            "order (space C R: column C, row R attacked; enter C R: free; b: a backtrack): "
            "{steps}"
        ).format(n=n, count=len(steps := _drive_steps(n)), steps=", ".join(steps))
        hint = _(
            "Work on column k only, trying its rows upwards from b[k]+1; when none is left, "
            "backtrack."
        )
        explain = ngettext(
            "The loop reaches its first solution with at most {count} step graded wrong.",
            "The loop reaches its first solution with at most {count} steps graded wrong.",
            allowed,
        ).format(count=allowed)
    elif goal == "solution":
        prompt = _(
            "Press [o], place {n} queens on the {n} x {n} board so that none attacks "
            "another, then press escape."
        ).format(n=n)
        # The reveal shows a solution, named as the state table writes b.
        answer = _(
            "for example b = {b}, the first solution the Wrocław loop finds on the {n} x {n} board"
        ).format(b=format_b(_first_solution(n)), n=n)
        hint = _(
            "The loop's first solution on this board has the queen of column 0 in row {row}: "
            "start there, then give each next column a square no queen attacks."
        ).format(row=_first_solution(n)[0])
        explain = _(
            "No two of its queens share a row, a column or a diagonal; any other solution "
            "placed on the board is right too."
        )
    else:
        prompt = _(
            "Press [o] and try every way to place {n} queens on the {n} x {n} board, "
            "until the board says none works; then press escape."
        ).format(n=n)
        answer = ngettext(
            "the {count} placement of the {n} x {n} board with one queen per column and per "
            "row has two queens that attack each other",
            "each of the {count} placements of the {n} x {n} board with one queen per column "
            "and per row has two queens that attack each other",
            factorial(n),
        ).format(count=factorial(n), n=n)
        hint = ngettext(
            "There is {count} placement with one queen per column and per row ({n}! = {count}). "
            "Two queens that attack each other rule out every placement that holds them both: "
            "after each row of column 0, try each row left for column 1.",
            "There are {count} placements with one queen per column and per row ({n}! = "
            "{count}). Two queens that attack each other rule out every placement that holds "
            "them both: after each row of column 0, try each row left for column 1.",
            factorial(n),
        ).format(count=factorial(n), n=n)
        explain = _("Every placement fails: the {n} x {n} board has no solution.").format(n=n)
    return Posed(
        kind="place",
        prompt=prompt,
        answer_type=AnswerType.PLACE,
        expected=answer,
        explanation=explain,
        hint=hint,
        values={"n": str(n), "goal": goal},
        plain_prompt=plain,
    )


def _first_solution(n: int) -> tuple[int, ...]:
    """The lecture's loop's first solution of the n x n board, as b."""
    return tuple(run_method(DEFAULT_METHOD, n).solutions[0])


def mistakes_of(params: Params) -> int:
    """The wrong steps a ``goal=drive`` question allows. Raises ParamError."""
    return params.integer("mistakes", 0, 1000) if params.has("mistakes") else MISTAKES


def grade(params: Params, result: PlaceResult) -> Verdict:
    """Whether what the learner did on the board meets the question's goal; a board left
    before that is no attempt (``counted`` False: it opens again as it was left), but a drive
    with more wrong steps than allowed."""
    n, goal = goal_of(params)
    if result.n != n:
        return Verdict(False, say("place.other_size", n=n, size=result.n), counted=False)
    if goal == "drive":
        return _grade_drive(n, mistakes_of(params), result)
    if goal == "solution" and result.found:
        return Verdict(True, say("place.right_solution", n=n))
    if goal == "exhaust" and result.exhausted:
        return Verdict(True, say("place.right_exhaust", n=n))
    if goal == "solution":
        return Verdict(False, _not_yet(n, result.placed), counted=False)
    return Verdict(False, say("place.not_exhausted", n=n), counted=False)


def _not_yet(n: int, placed: int) -> str:
    """What is true of a board left without a solution: too few queens, or queens that attack
    (never "the board has no solution", which a learner reads as "n x n has none")."""
    if placed >= n:
        return say("place.attacking", n=n)
    return ngettext(
        "Not a solution yet: {count} queen of {n} on the board. A solution has {n} queens, "
        "none attacking another. Press [o] to go on, or ask for a hint.",
        "Not a solution yet: {count} queens of {n} on the board. A solution has {n} queens, "
        "none attacking another. Press [o] to go on, or ask for a hint.",
        placed,
    ).format(count=placed, n=n)


MISSED_SHOWN = 6
"""The wrong steps a failed drive names (the first ones: a student learns from those)."""


def _missed(missed: tuple[Answer, ...]) -> str:
    """The squares the loop went to where the student's steps were wrong (the first
    :data:`MISSED_SHOWN`, the others counted), as a sentence and a space, or "" for none."""
    if not missed:
        return ""
    steps = [
        _("a backtrack")
        if step.square is None
        else _("column {col}, row {row}").format(col=step.square[0], row=step.square[1])
        for step in missed[:MISSED_SHOWN]
    ]
    if len(missed) > MISSED_SHOWN:  # the others counted
        more = len(missed) - MISSED_SHOWN
        steps.append(ngettext("and {count} more", "and {count} more", more).format(count=more))
    return (
        ngettext(
            "Where your step was wrong, the loop did: {steps}.",
            "Where your steps were wrong, the loop did, in order: {steps}.",
            len(steps),
        ).format(steps="; ".join(steps))
        + " "
    )


def _grade_drive(n: int, allowed: int, result: PlaceResult) -> Verdict:
    """Driven to the first solution, with no more wrong steps than allowed."""
    wrong = result.asked - result.right
    right, asked = result.right, result.asked
    if wrong > allowed:  # failed for good, at the solution or halfway: an attempt
        reached = ngettext(
            "The loop reached its solution, but only {right} of your {asked} steps was right.",
            "The loop reached its solution, but only {right} of your {asked} steps were right.",
            right,
        )
        if not result.driven:
            reached = ngettext(
                "Only {right} of your {asked} steps was right so far.",
                "Only {right} of your {asked} steps were right so far.",
                right,
            )
        again = ngettext(
            "At most {max} may be wrong: press [o] and drive it again ([c] starts the loop over).",
            "At most {max} may be wrong: press [o] and drive it again ([c] starts the loop over).",
            allowed,
        ).format(max=allowed)
        said = reached.format(right=right, asked=asked)
        return Verdict(False, f"{said} {_missed(result.missed)}{again}")
    if not result.driven:
        return Verdict(
            False,
            ngettext(
                "The loop has not reached the first solution of the {n} x {n} board yet ({right} "
                "of {asked} steps right so far). Press [o] to go on, or ask for a hint.",
                "The loop has not reached the first solution of the {n} x {n} board yet ({right} "
                "of {asked} steps right so far). Press [o] to go on, or ask for a hint.",
                right,
            ).format(n=n, right=right, asked=asked),
            counted=False,  # halfway: it goes on from there
        )
    return Verdict(
        True,
        ngettext(
            "Right: you drove the loop to the first solution of the {n} x {n} board; {right} of "
            "your {asked} steps was graded right.",
            "Right: you drove the loop to the first solution of the {n} x {n} board; {right} of "
            "your {asked} steps were graded right.",
            right,
        ).format(n=n, right=right, asked=asked),
    )
