"""Questions about the page's live board, on every method's board: ``next-choice``, ``attacker``
and ``attack-rule``.

Each answer comes from the engine: the question plays the step, reads the result and takes it
back. The method's kit words each question and its feedback."""

from __future__ import annotations

from dataclasses import replace

from lessons.answers.checking import BACKTRACK, AnswerType, Posed
from lessons.answers.feedback import say
from lessons.i18n import _
from lessons.quiz import diagonals
from lessons.quiz import not_askable as refuse
from lessons.quiz.not_askable import NotAskable
from lessons.quiz.params import Params
from lessons.stage import expect_names
from solver.messages import render
from solver.peek import Along, Iteration, Test
from solver.session.board import BoardSession

MAX_AHEAD = 50
"""The most ticks a ``next-state ticks=N`` question looks ahead."""

RULE_ALIASES = {
    "row": 0,
    "col": 0,
    "column": 0,
    "sum": 1,
    "col+row": 1,
    "i+j": 1,
    "+": 1,
    "diff": 2,
    "difference": 2,
    "row-col": 2,
    "i-j": 2,
    "-": 2,
}
"""The words that name an attack-rule choice besides its number."""
RULE_INDEX = {Along.LINE: 0, Along.SUM: 1, Along.DIFF: 2}


def board_values(board: BoardSession) -> dict[str, str]:
    """Names a lesson's prompt may use: ``{n}``, ``{tick}`` and every name its method's
    ``@expect`` reads (the Wrocław loop: ``{k}``, ``{b}``), as the notes write them."""
    snapshot = board.snapshot
    values = {"n": str(board.engine.n)}
    for name, reader in expect_names.readers(board.method).items():
        values[name] = expect_names.show(reader(snapshot))
    return values


def check_board(board: BoardSession | None, kind: str) -> BoardSession:
    """The page's board, which the question ``kind`` needs."""
    if board is None:
        raise NotAskable(refuse.needs_board(kind))
    return board


# -- next-choice -------------------------------------------------------------------------------


def pose_next_choice(params: Params, board: BoardSession | None) -> Posed:
    """The next iteration of the board's search: where its queen lands (the maze: which step
    it takes), or a backtrack. NotAskable when the next iteration asks nothing."""
    session = check_board(board, "next-choice")
    kit, engine = session.kit, session.engine
    if engine.finished:
        raise NotAskable(refuse.over("next-choice", engine.tick))
    before = engine.snapshot()
    refusal = kit.choice_refusal(before)
    if refusal is not None:
        raise NotAskable(render(refusal))
    iteration = kit.next_iteration(engine)
    if iteration is None:
        raise NotAskable(
            _(
                "next-choice: the search places no queen and backtracks nowhere next at tick "
                "{tick} (a solution or the end comes first)"
            ).format(tick=engine.tick)
        )
    prompt = render(kit.choice_prompt(before, iteration))
    story = render(kit.choice_story(before, iteration))
    hint = render(kit.choice_hint(before, iteration))
    play = iteration.ticks if params.yes("play", True) else 0
    values = board_values(session)
    test = kit.test_of(before)  # the last tick's: its square found free is on the board tried
    shown = test is not None and test.free and test.square == iteration.square
    given = (
        _(
            "next-choice: at tick {tick} the search has already found the square it takes next "
            "free, and the board shows it being tried: ask it before that test, or a tick later"
        ).format(tick=engine.tick)
        if shown and not iteration.tests
        else ""
    )
    if kit.moves:
        return _choose_a_move(session, before, iteration, prompt, story, hint, play, values, given)
    expected = BACKTRACK if iteration.answer is None else str(iteration.answer)
    wrong: dict[str, str] = {}
    for value in (*range(engine.n), None):
        key = BACKTRACK if value is None else str(value)
        if key != expected:
            wrong[key] = render(kit.wrong_choice(before, iteration, value))
    for key, message in kit.choice_mistakes(before, iteration).items():
        if key != expected:
            wrong[key] = render(message)
    return Posed(
        kind="next-choice",
        prompt=prompt,
        answer_type=AnswerType.ROW,
        column_answer=kit.wording.row_wise,
        expected=expected,
        explanation=story,
        hint=hint,
        wrong=wrong,
        play=play,
        values=values,
        given=given,
    )


def _choose_a_move(
    session: BoardSession,
    before: object,
    it: Iteration,
    prompt: str,
    story: str,
    hint: str,
    play: int,
    values: dict[str, str],
    given: str,
) -> Posed:
    """next-choice where the answer is a move (the maze): one choice per move, and the dead
    end."""
    kit = session.kit
    moves = kit.moves
    expected = len(moves) if it.answer is None else moves.index(str(it.answer))
    wrong: dict[str, str] = {}
    for index, move in enumerate((*moves, None)):
        if index != expected:
            wrong[str(index)] = render(kit.wrong_choice(before, it, move))
    return Posed(
        kind="next-choice",
        prompt=prompt,
        answer_type=AnswerType.CHOICE,
        expected=str(expected),
        explanation=story,
        hint=hint,
        choices=(*(render(kit.move_name(move)) for move in moves), render(kit.dead_end_name())),
        wrong=wrong,
        play=play,
        values=values,
        given=given,
    )


# -- attacker, attack-rule ---------------------------------------------------------------------


def _attacked(session: BoardSession, kind: str) -> Test:
    """The square the last tick tested, found attacked; NotAskable at any other tick."""
    kit = session.kit
    test = kit.test_of(session.snapshot)
    if test is None or test.free or not test.threats or kit.moves:
        raise NotAskable(
            refuse.not_attacked(kind, session.engine.tick, kit.tests_squares, kit.queens)
        )
    # every queen standing that attacks it is right (a method that compares queen by queen
    # names one)
    named = {threat.square for threat in test.threats}
    others = [queen for queen in kit.standing(session.snapshot) if queen not in named]
    return replace(test, threats=(*test.threats, *kit.attackers(test.square, others)))


def pose_attacker(params: Params, board: BoardSession | None) -> Posed:
    """The square the last tick tested is attacked: which queen attacks it? Its column (the
    notes that go row by row: its row); every attacker is right, and the explanation names
    each with its rule."""
    session = check_board(board, "attacker")
    kit = session.kit
    test = _attacked(session, "attacker")
    row_wise = kit.wording.row_wise
    numbers = [str(t.square[1] if row_wise else t.square[0]) for t in test.threats]
    square = render(kit.square_name(test.square))
    asked = (
        _("The square ({square}) is attacked. Which row holds a queen that attacks it?")
        if row_wise
        else _("The square ({square}) is attacked. Which column holds a queen that attacks it?")
    )
    prompt = " ".join((asked.format(square=square), _("If several attack it, one is enough.")))
    # Each attacker named as a queen, in every language (not as a square, attacked).
    queen = (
        _("the queen of row {row} (column {col}): {why}")
        if row_wise
        else _("the queen in column {col}, row {row}: {why}")
    )
    said = [
        queen.format(col=t.square[0], row=t.square[1], why=render(kit.why(test.square, t, test)))
        for t in test.threats
    ]
    queens = [render(kit.square_name(t.square)) for t in test.threats]
    by = "; ".join(said)
    # Of several attackers, the one the student named is explained first.
    named_first = {
        number: _("Attacked by {why}.").format(
            why="; ".join([said[index], *said[:index], *said[index + 1 :]])
        )
        for index, number in enumerate(numbers)
        if index
    }
    # Each column that is no answer says why; an attacker's row, said "a row", only where none does.
    wrong = {str(column): why for column, why in _not_attackers(session, test.square).items()}
    others = {str(t.square[0] if row_wise else t.square[1]) for t in test.threats}
    mistake = "mistake.attacker_column" if row_wise else "mistake.attacker_row"
    for other in sorted(others - set(numbers)):
        wrong.setdefault(other, say(mistake, given=other))
    return Posed(
        kind="attacker",
        prompt=prompt,
        answer_type=AnswerType.ROW,  # a line: "column 2" ("riga 2" row by row) reads as 2
        column_answer=not row_wise,
        backtrack=False,
        expected=numbers[0],
        also_right=frozenset(numbers[1:]),
        wrong=wrong,
        explanation=_("Attacked by {why}.").format(why=by),
        right_explanations=named_first,
        brief=" ".join(_("Attacked by the queen on {square}.").format(square=q) for q in queens),
        hint=_(
            "Compare the square's line, col+row and row-col with the same numbers for each queen "
            "placed before it."
        ),
        values=board_values(session),
        given=_(
            "attacker: at tick {tick} the search has compared the square with one queen, and its "
            "state shows which: ask attack-rule there, or attacker where one test reads every queen"
        ).format(tick=session.engine.tick)
        if test.against is not None
        else "",
    )


def _not_attackers(session: BoardSession, square: tuple[int, int]) -> dict[int, str]:
    """Why each other column (the notes that go row by row: row) of the board is no answer to
    "which column attacks (x, y)?": the square's own, one with no queen yet, or a queen that does
    not attack it (with its two squares' numbers). Empty where the method does not say its
    queens; the square's own line and the empty ones are named only where the queens fill the
    lines before the square's (a search of its own fill order: only the queens that stand)."""
    kit = session.kit
    queens = kit.standing(session.snapshot)
    row_wise = kit.wording.row_wise
    x, y = square
    own = y if row_wise else x
    held = {(row if row_wise else column): (column, row) for column, row in queens}
    held.pop(own, None)  # the square's own queen, being placed
    in_order = sorted(held) == list(range(own))  # "an earlier column", "0 to {last}": true
    kinds, line_kind = ("itself", "empty_first", "empty_two", "empty", "not"), "_row" * row_wise
    keys = [f"mistake.attacker_{kind}{line_kind}" for kind in kinds]
    found: dict[int, str] = {}
    for line in range(session.engine.n):
        if line == own and in_order:
            found[line] = say(keys[0], col=own, row=own)
        elif line not in held and line != own and in_order:  # lines 0 and 1, never "0 to 1"
            empty = keys[1] if own <= 1 else keys[2] if own == 2 else keys[3]
            found[line] = say(empty, col=line, row=line, last=own - 1)
        elif line in held and (queen := held[line]) not in {
            t.square for t in kit.attackers(square, [queen])
        }:
            c, r = queen
            found[line] = say(
                keys[4], col=c, row=r, sum1=c + r, sum2=x + y, diff1=r - c, diff2=y - x
            )
    return found


def pose_attack_rule(params: Params, board: BoardSession | None) -> Posed:
    """By which rule a queen attacks the square the last tick tested (``col=C``: the queen of
    column C; else the first that attacks it): the same line (a row; the notes that go row by
    row: a column), col+row or row-col."""
    session = check_board(board, "attack-rule")
    kit = session.kit
    test = _attacked(session, "attack-rule")
    threat = test.threats[0]
    if params.has("col"):
        col = params.integer("col", 0)
        found = [t for t in test.threats if t.square[0] == col]
        if not found:
            x, y = test.square
            raise NotAskable(
                _(
                    "attack-rule: the queen in column {attacker} does not attack column {col}, "
                    "row {row} at tick {tick}"
                ).format(attacker=col, col=x, row=y, tick=session.engine.tick)
            )
        threat = found[0]
    line = _("same column") if kit.wording.row_wise else _("same row")
    # Why each wrong rule is wrong, with the two squares' own numbers, in the order the prompt
    # names them, the square's first (the notes that go row by row: their straight line a column).
    lines = (diagonals.Line.ROW, diagonals.Line.SUM, diagonals.Line.DIFF)
    wrong = {} if kit.wording.row_wise else diagonals.mistakes(lines, test.square, threat.square)
    if kit.wording.row_wise:
        (c1, r1), (c2, r2) = test.square, threat.square
        numbers = dict(col1=c1, col2=c2, sum1=c1 + r1, sum2=c2 + r2, diff1=r1 - c1, diff2=r2 - c2)
        keys = ("columns_differ", "sum_not_equal_col", "diff_not_equal_col")
        wrong = {str(i): say(f"mistake.{key}", **numbers) for i, key in enumerate(keys)}
        wrong.pop(str(RULE_INDEX[threat.along]))
    by = render(kit.square_name(threat.square))
    # A rule that is another attacker's: the square is attacked that way, by the other queen.
    for other in test.threats:
        index = str(RULE_INDEX[other.along])
        if other.along is not threat.along and index in wrong:
            wrong[index] = say(
                "mistake.rule_of_another_queen",
                other=render(kit.square_name(other.square)),
                by=by,
                why=wrong[index],
            )
    return Posed(
        kind="attack-rule",
        # The square first, as the reasons and the explanation give the two squares' numbers.
        prompt=_("The square ({square}) is attacked by the queen at ({by}). By which rule?").format(
            by=by, square=render(kit.square_name(test.square))
        ),
        answer_type=AnswerType.CHOICE,
        expected=str(RULE_INDEX[threat.along]),
        choices=(line, _("same col+row (sum)"), _("same row-col (difference)")),
        aliases=RULE_ALIASES,
        wrong=wrong,
        explanation=_("Rule: {why}.").format(why=render(kit.why(test.square, threat, test))),
        # the straight line the first choice names ("same row", or "same column" for a
        # method that places row by row): "the lines" read as the diagonals'
        hint=(
            _("Compare the columns, then col+row, then row-col of the two squares.")
            if kit.wording.row_wise
            else _("Compare the rows, then col+row, then row-col of the two squares.")
        ),
        values=board_values(session),
    )
