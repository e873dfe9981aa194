"""Questions whose answer follows from the squares they name, or from the lesson's own text.

Squares are written ``C,R``: column C, row R, as the tutor draws them (the Wrocław lecture: row 0 at
the bottom). The array-index question uses the Turin notes' convention instead: row ``i`` and
column ``j``, queens placed row by row, arrays ``c[j]``, ``a[i+j]`` and ``b[i-j+n-1]``.
"""

from __future__ import annotations

from lessons.answers.checking import AnswerType, Posed, written_whole
from lessons.answers.feedback import say
from lessons.answers.whole_numbers import shown
from lessons.i18n import N_, _
from lessons.model import Question
from lessons.quiz import diagonals
from lessons.quiz.board import board_values
from lessons.quiz.params import ParamError, Params
from solver.events import Rule, attack_rule
from solver.session.board import BoardSession

DIAGONAL_CHOICES = (N_("same col+row (sum)"), N_("same row-col (difference)"), N_("neither"))
DIAGONAL_LINES = (diagonals.Line.SUM, diagonals.Line.DIFF, diagonals.Line.NONE)
"""What each of the DIAGONAL_CHOICES says the two squares share."""
DIAGONAL_ALIASES = {"sum": 0, "col+row": 0, "i+j": 0, "diff": 1, "row-col": 1, "i-j": 1, "none": 2}
MAX_SQUARE = 64


def _values(board: BoardSession | None) -> dict[str, str]:
    return board_values(board) if board is not None else {}


def check_squares(params: Params, n: int | None) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two squares of a same-diagonal question, on the board and in different lines."""
    a, b = params.square("square"), params.square("other")
    limit = MAX_SQUARE if n is None else n
    for key, (c, r) in (("square", a), ("other", b)):
        if c >= limit or r >= limit:
            raise ParamError(
                _("@question same-diagonal: {key}={col},{row} is off the {n} x {n} board").format(
                    key=key, col=c, row=r, n=limit
                )
            )
    if a[0] == b[0] or a[1] == b[1]:
        raise ParamError(
            _(
                "@question same-diagonal: pick squares in different rows and columns "
                "(the question is about diagonals)"
            )
        )
    return a, b


def pose_same_diagonal(params: Params, board: BoardSession | None) -> Posed:
    """Are two squares on one diagonal, and which identity shows it?"""
    (c1, r1), (c2, r2) = check_squares(params, board.n if board and board.kit.queens else None)
    rule = attack_rule(c1, r1, c2, r2)
    index = {Rule.SUM: 0, Rule.DIFF: 1}.get(rule, 2) if rule is not None else 2
    # Each square named as the glossary names it, column first: the Turin notes write a
    # square as (i, j) = (row, column)
    facts = _(
        "Column {c1}, row {r1}: col+row = {sum1}, row-col = {diff1}; "
        "column {c2}, row {r2}: col+row = {sum2}, row-col = {diff2}."
    ).format(c1=c1, r1=r1, c2=c2, r2=r2, sum1=c1 + r1, diff1=r1 - c1, sum2=c2 + r2, diff2=r2 - c2)
    verdict = (
        _("Equal col+row: one diagonal (the Wrocław lecture's x+y = a+b).")
        if index == 0
        else _("Equal row-col: one diagonal (the Wrocław lecture's x-y = a-b, the same line).")
        if index == 1
        else _("Neither number is equal: not on one diagonal.")
    )
    return Posed(
        kind="same-diagonal",
        prompt=_(
            "Column {c1}, row {r1} and column {c2}, row {r2}: on the same diagonal? "
            "Which equality shows it?"
        ).format(c1=c1, r1=r1, c2=c2, r2=r2),
        answer_type=AnswerType.CHOICE,
        expected=str(index),
        choices=DIAGONAL_CHOICES,
        aliases=DIAGONAL_ALIASES,
        wrong=diagonals.mistakes(DIAGONAL_LINES, (c1, r1), (c2, r2)),
        explanation=f"{facts} {verdict}",
        hint=_(
            "Column {c1}, row {r1} has col+row = {c1}+{r1} = {sum1} and row-col = {r1}-{c1} = "
            "{diff1}. Work out the same two numbers for column {c2}, row {r2}, and compare."
        ).format(c1=c1, r1=r1, c2=c2, r2=r2, sum1=c1 + r1, diff1=r1 - c1),
        values=_values(board),
        squares=((c1, r1), (c2, r2)),
    )


def array_index(array: str, i: int, j: int, n: int, pascal: bool) -> int:
    """The Turin notes: the cell of row i, column j in c[] (j), a[] (i+j) or b[] (i-j+n-1).

    Pascal indexes rows and columns from 1 and declares ``b: array[-n+1..n-1]``, so there
    the falling-diagonal index is plain ``i-j``; C++ starts at 0 and shifts it by n-1.
    """
    if array == "c":
        return j
    if array == "a":
        return i + j
    return i - j if pascal else i - j + n - 1


def index_mistakes(array: str, i: int, j: int, n: int, pascal: bool) -> dict[str, str]:
    """The typical wrong indices and what each one shows: the n-1 shift forgotten (or added
    in Pascal), row and column swapped, rows and columns counted from the other base."""
    right = array_index(array, i, j, n, pascal)
    found: dict[str, str] = {}

    def note(value: int, message: str) -> None:
        if value != right:
            found.setdefault(str(value), message)

    if array == "b" and not pascal:
        note(i - j, say("mistake.shift", i=i, j=j))
    if array == "b" and pascal:
        note(i - j + n - 1, say("mistake.pascal_shift"))
    if array == "a":  # b[]'s index given for a[]'s: the other diagonal
        note(array_index("b", i, j, n, pascal), say("mistake.index_of_b"))
        # i-j typed where i+j is asked (language review 3): the difference, not the sum
        note(i - j, say("mistake.difference_for_a", i=i, j=j))
        if not pascal:
            # b[]'s C++ shift given to a[] too: i+j+n-1
            note(i + j + n - 1, say("mistake.shift_for_a"))
    if array == "b":
        note(i + j, say("mistake.index_of_a", i=i, j=j))
    note(array_index(array, j, i, n, pascal), say("mistake.row_col_swapped", i=i, j=j))
    if pascal:
        note(array_index(array, i - 1, j - 1, n, False), say("mistake.zero_based", i=i, j=j))
    else:
        note(array_index(array, i + 1, j + 1, n, True), say("mistake.one_based", i=i, j=j))
        note(array_index(array, i + 1, j + 1, n, False), say("mistake.one_based", i=i, j=j))
    # Only one of the two counted from the other base.
    step = -1 if pascal else 1
    half = "mistake.half_zero_based" if pascal else "mistake.half_one_based"
    for value in (
        array_index(array, i + step, j, n, pascal),
        array_index(array, i, j + step, n, pascal),
    ):
        note(value, say(half, i=i, j=j))
    return found


def pose_array_index(params: Params, board: BoardSession | None) -> Posed:
    """The index of a square in the Turin notes' c[], a[] or b[] array."""
    array = params.word("array", ("a", "b", "c"))
    pascal = params.word("base", ("c", "pascal"), "c") == "pascal"
    if params.has("n"):
        n = params.integer("n", 1, MAX_SQUARE)
    elif board is not None and board.kit.queens:
        n = board.n
    else:
        raise ParamError(_("@question array-index: give n= (or put @board before it)"))
    lo = 1 if pascal else 0
    i = params.integer("row", lo, n - 1 + lo)
    j = params.integer("col", lo, n - 1 + lo)
    value = array_index(array, i, j, n, pascal)
    where = _("Pascal (rows and columns 1..n)") if pascal else _("C++ (rows and columns 0..n-1)")
    if array == "c":
        formula, declared = f"j = {j}", f"c[{lo}..{n - 1 + lo}]"
    elif array == "a":
        formula = f"i+j = {i}+{j} = {value}"
        declared = (
            f"a[2..{2 * n}]"
            if pascal
            else _("a[0..{last}] (2n-1 = {count} cells)").format(last=2 * n - 2, count=2 * n - 1)
        )
    elif pascal:
        formula, declared = f"i-j = {i}-{j} = {value}", f"b[{1 - n}..{n - 1}]"
    else:
        formula = f"i-j+n-1 = {i}-{j}+{n}-1 = {value}"
        declared = _("b[0..{last}]: i-j runs from {low} to {high}, shifted by n-1").format(
            last=2 * n - 2, low=1 - n, high=n - 1
        )
    return Posed(
        kind="array-index",
        wrong=index_mistakes(array, i, j, n, pascal),
        whole_note=_("an index is a whole number"),
        prompt=_(
            "n = {n}, {where}: the queen of row i = {i} goes in column j = {j}. {which}"
        ).format(n=n, where=where, i=i, j=j, which=_which_cell(array)),
        answer_type=AnswerType.NUMBER,
        expected=str(value),
        explanation=_("The index is {formula}; the array is {declared}.").format(
            formula=formula, declared=declared
        ),
        # Each diagonal named in both pictures, as lesson 4 p5 names them.
        hint=_(
            "c[] is indexed by the column j, a[] by i+j (the col+row diagonals of this board, "
            "rising in the Turin notes' picture), b[] by i-j (the row-col diagonals of this "
            "board, falling in the Turin notes' picture; Pascal allows negative indices)."
        )
        if pascal
        else _(
            "c[] is indexed by the column j, a[] by i+j (the col+row diagonals of this board, "
            "rising in the Turin notes' picture), b[] by i-j+n-1 (the row-col diagonals of "
            "this board, falling in the Turin notes' picture)."
        ),
        values=_values(board),
        off_board=True,
    )


def _which_cell(array: str) -> str:
    """The array-index question's ask, naming the Turin notes' array and what it holds (the
    Wrocław lecture's b[], the rows of the queens, is another array of the same name)."""
    if array == "c":
        return _(
            "Which cell of the Turin notes' c[] (one cell per column, free or not) records it?"
        )
    if array == "a":
        return _(
            "Which cell of the Turin notes' a[] (one per diagonal i+j: col+row on this board, "
            "rising in the notes' picture) records it?"
        )
    return _(
        "Which cell of the Turin notes' b[] (one per diagonal i-j: row-col on this board, "
        "falling in the notes' picture) records it?"
    )


def check_choices(question: Question) -> None:
    """A written multiple-choice question: two choices or more, exactly one marked [x], and
    a reason (``why:``) only under a wrong choice (the parser says so at the ``why:`` line;
    this holds for a question built in code too)."""
    if len(question.choices) < 2:
        raise ParamError(_("@question choice needs at least two choices ('- [ ] text' lines)"))
    right = sum(1 for c in question.choices if c.correct)
    if right != 1:
        raise ParamError(
            _("@question choice needs exactly one '- [x]' choice, not {count}").format(count=right)
        )
    if any(c.correct and c.why for c in question.choices):
        raise ParamError(why_under_right_choice())


def why_under_right_choice() -> str:
    """The error of a ``why:`` under the right choice (the parser's, at its line, and this
    module's, for a question built in code)."""
    return _(
        "why: under the right choice: write what a right answer should take away in "
        "explain:, which is shown after every answer"
    )


def pose_choice(question: Question, board: BoardSession | None) -> Posed:
    check_choices(question)
    index = next(i for i, c in enumerate(question.choices) if c.correct)
    return Posed(
        kind="choice",
        prompt=question.prompt,
        answer_type=AnswerType.CHOICE,
        expected=str(index),
        choices=tuple(c.text for c in question.choices),
        explanation="",
        # the lesson's reason (why:) for each wrong choice that has one, by the choice's index
        wrong={str(i): c.why for i, c in enumerate(question.choices) if c.why and not c.correct},
        values=_values(board),
    )


def written_number(question: Question) -> tuple[int, int]:
    """The ``answer:`` and ``tolerance:`` of a number question."""
    value = written_whole(question.answer) if question.answer else None
    if value is None:
        raise ParamError(
            _("@question number needs 'answer:' with a whole number, not {value}").format(
                value=shown(question.answer)
            )
        )
    return value, tolerance_of(question)


def tolerance_of(question: Question) -> int:
    if not question.tolerance:
        return 0
    value = written_whole(question.tolerance)
    if value is None or value < 0:
        raise ParamError(
            _("tolerance must be a whole number 0 or more, not {value}").format(
                value=shown(question.tolerance)
            )
        )
    return value


def pose_number(question: Question, board: BoardSession | None) -> Posed:
    value, tolerance = written_number(question)
    wrong = {}
    for given, reason in question.wrong:  # the lesson's reasons for typical wrong numbers
        number = written_whole(given)
        if number is not None and number != value:
            wrong[str(number)] = reason
    return Posed(
        kind="number",
        prompt=question.prompt,
        answer_type=AnswerType.NUMBER,
        expected=str(value),
        tolerance=tolerance,
        explanation="",
        wrong=wrong,
        values=_values(board),
    )
