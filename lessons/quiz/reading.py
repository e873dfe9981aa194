"""Questions on reading the Wrocław lecture's b[] (``queen-row``) and its loop's rule
(``reach-n``), each wrong answer named by the misconception it shows."""

from __future__ import annotations

from collections.abc import Sequence

from lessons.answers.checking import AnswerType, Posed
from lessons.answers.feedback import say
from lessons.i18n import N_, _
from lessons.model import Question
from lessons.quiz.board import board_values
from lessons.quiz.params import ParamError, Params
from lessons.stage.expect_names import show as format_b
from solver.session.board import BoardSession

MAX_B = 32

REACH_N_CHOICES = (
    N_("it stops, with k = -1: there is no solution"),
    N_("b[k] = -1, and back to column k-1 (k--)"),
    N_("it moves on to column k+1 (k++) and tries its rows"),
    N_("it stays in column k and tries row 0 again (b[k] = 0)"),
)
REACH_N_RIGHT = 1
REACH_N_WRONG = {
    0: "mistake.reach_n_stops",
    2: "mistake.reach_n_moves_on",
    3: "mistake.reach_n_stays",
}


def solution_b(params: Params) -> tuple[int, ...]:
    """The ``b=[...]`` of a queen-row question: one row from 0 to n-1 per column."""
    b = params.int_list("b")
    n = len(b)
    if not 1 <= n <= MAX_B or any(not 0 <= row < n for row in b):
        raise ParamError(
            _("{directive}: b must list n rows from 0 to n-1").format(directive=params.directive)
        )
    return b


def queen_row_slips(b: Sequence[int], col: int) -> list[tuple[int, str]]:
    """The typical slips of reading b[col], each with the number it gives and the message that
    names it, in the order their feedback is chosen: b read the other way round, the column
    taken for its row, rows counted from 1, columns counted from 1 (b[col-1]). A slip that
    gives the right answer is none."""
    right = b[col]
    slips = [
        (b.index(col) if col in b else -1, "mistake.b_read_swapped"),
        (col, "mistake.column_for_row"),
        (right + 1, "mistake.row_from_one"),
        (b[col - 1] if col > 0 else -1, "mistake.column_from_one"),
    ]
    return [(given, message) for given, message in slips if given >= 0 and given != right]


def tells_slips_apart(b: Sequence[int], col: int) -> bool:
    """Whether each typical slip of reading b[col] gives a number of its own."""
    given = [number for number, _message in queen_row_slips(b, col)]
    return len(set(given)) == len(given)


def pose_queen_row(question: Question, params: Params, board: BoardSession | None) -> Posed:
    """b = [...]: in which row is the queen of column C?"""
    b = solution_b(params)
    col = params.integer("col", 0, len(b) - 1)
    right = b[col]
    wrong: dict[str, str] = {}
    slips = queen_row_slips(b, col)
    by_message = {message: given for given, message in slips}
    swapped = by_message.get("mistake.b_read_swapped")
    if swapped is not None and swapped == by_message.get("mistake.column_from_one"):
        # one number, two slips: both named, as the hint does
        wrong[str(swapped)] = say("mistake.swapped_or_from_one", prev=col - 1, col=col)
    for given, message in slips:
        wrong.setdefault(str(given), say(message, col=col, prev=col - 1))
    values = board_values(board) if board is not None else {"n": str(len(b))}
    return Posed(
        kind="queen-row",
        prompt=_("b = {b}. In which row is the queen of column {col}?").format(
            b=format_b(b), col=col
        ),
        answer_type=AnswerType.NUMBER,
        expected=str(right),
        wrong=wrong,
        explanation=_(
            "b[{col}] = {row}: column {col}, row {row} (columns count from 0 on the left, rows "
            "from 0 at the bottom)."
        ).format(col=col, row=right),
        hint=_queen_row_hint(b, col),
        values=values,
        off_board=values.get("b") != format_b(b),  # no second b[] beside its own
    )


def _queen_row_hint(b: tuple[int, ...], col: int) -> str:
    """How to find b[col] in the list, a step beyond the feedback (which names b[i] and
    b[col]): the entries count from 0, from the left."""
    if col == 0:
        return _(
            "The entries of b count from 0, from the left: b[0] is the first number of the list."
        )
    return _(
        "The entries of b count from 0, from the left: b[0] = {first} is the first number of the "
        "list, so b[{col}] is the number in position {place} when you count the positions "
        "from 1."
    ).format(first=b[0], col=col, place=col + 1)


def pose_reach_n(question: Question, params: Params, board: BoardSession | None) -> Posed:
    """What does the loop do when b[k]++ reaches n? (It backtracks.)"""
    wrong = {str(index): say(message) for index, message in REACH_N_WRONG.items()}
    return Posed(
        kind="reach-n",
        prompt=_("In the Wrocław lecture's loop, what happens when b[k]++ reaches n?"),
        answer_type=AnswerType.CHOICE,
        expected=str(REACH_N_RIGHT),
        choices=REACH_N_CHOICES,
        wrong=wrong,
        explanation=_(
            "b[k] = n is no row: column k has no free row left, so the loop undoes its queen "
            "(b[k] = -1) and goes back to column k-1 (k--), whose queen then moves up."
        ),
        hint=_("Read the else branch of the loop: b[k]=-1; k--."),
        values=board_values(board) if board is not None else {},
    )
