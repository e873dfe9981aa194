"""Questions about the live iterative backtracker: the answer is read from the engine.

To learn what the next tick or iteration does, a question plays it on the engine, reads
the result, and steps back with :meth:`IterativeEngine.back` so the state is exactly as
before; the runner then plays those ticks for real once the question is over.
"""

from __future__ import annotations

from lessons.answers.checking import BACKTRACK, AnswerType, Posed
from lessons.answers.feedback import say
from lessons.i18n import N_, _, ngettext
from lessons.parsing.params import Params
from lessons.quiz import diagonals
from lessons.quiz import not_askable as refuse
from lessons.quiz.not_askable import NotAskable
from solver.events import Attacker, Event, Rule, Try
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.iterative.narration import identity
from solver.peek import Along, Iteration, next_iteration

RULE_CHOICES = (N_("same row"), N_("same col+row (sum)"), N_("same row-col (difference)"))
RULE_INDEX = {Rule.ROW: 0, Rule.SUM: 1, Rule.DIFF: 2}
RULE_LINES = (diagonals.Line.ROW, diagonals.Line.SUM, diagonals.Line.DIFF)
"""What each of the RULE_CHOICES says the two squares share."""
RULE_ALIASES = {
    "row": 0,
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


def format_b(b: tuple[int, ...]) -> str:
    return "[" + ", ".join(str(x) for x in b) + "]"


def engine_values(engine: IterativeEngine) -> dict[str, str]:
    """Names a lesson's prompt may use: ``{n}``, ``{k}``, ``{tick}``, ``{b}``."""
    return {
        "n": str(engine.n),
        "k": str(engine.k),
        "tick": str(engine.tick),
        "b": format_b(engine.b),
    }


def _need_column(engine: IterativeEngine | None, kind: str) -> IterativeEngine:
    if engine is None:
        raise NotAskable(refuse.needs_board(kind))
    if engine.finished:
        raise NotAskable(refuse.over(kind, engine))
    if not 0 <= engine.k < engine.n:
        raise NotAskable(refuse.no_column(kind, engine))
    return engine


def play(engine: IterativeEngine, iteration: bool) -> list[Event]:
    """Play the next tick (or iteration) and return its events."""
    events: list[Event] = []
    while (event := engine.step()) is not None:
        events.append(event)
        if not iteration or not (isinstance(event, Try) and event.attackers):
            break
    return events


def _attacked_sentence(col: int, row: int, attackers: tuple[Attacker, ...]) -> str:
    """``Row 1 is attacked by column 0 (same row 1).``, as one sentence in any language."""
    if len(attackers) == 1:
        a = attackers[0]
        return _("Row {row} is attacked by column {col} ({why}).").format(
            row=row, col=a.col, why=identity(col, row, a)
        )
    parts = "; ".join(
        _("column {col} ({why})").format(col=a.col, why=identity(col, row, a)) for a in attackers
    )
    return ngettext(
        "Row {row} is attacked by {count} queen: {attackers}.",
        "Row {row} is attacked by {count} queens: {attackers}.",
        len(attackers),
    ).format(row=row, count=len(attackers), attackers=parts)


_RULES = {Along.LINE: Rule.ROW, Along.SUM: Rule.SUM, Along.DIFF: Rule.DIFF}
"""The loop's rule for each line a queen attacks along (solver.peek's words)."""


def _row_story(iteration: Iteration, k: int) -> str:
    """What the next iteration does in column k, square by square, from solver.peek (the one
    prediction guess mode uses too)."""
    lines = []
    for test in iteration.tests:
        col, row = test.square
        if not test.free:
            attackers = tuple(Attacker(*t.square, _RULES[t.along]) for t in test.threats)
            lines.append(_attacked_sentence(col, row, attackers))
        else:
            lines.append(
                _("Row {row}: free, so b[{k}] = {row} and k = {next}.").format(
                    row=row, k=k, next=k + 1
                )
            )
    if not iteration.placed and k > 0:
        lines.append(
            _(
                "No free row is left in column {k}: b[{k}] = -1 and k = {prev} "
                "(back to column {prev}!)."
            ).format(k=k, prev=k - 1)
        )
    elif not iteration.placed:
        lines.append(
            _(
                "No free row is left in column {k}: b[{k}] = -1 and k = {prev}: the search is over."
            ).format(k=k, prev=k - 1)
        )
    return " ".join(lines)


def pose_next_choice(params: Params, engine: IterativeEngine | None) -> Posed:
    """Column k: which row does the queen go to next, or does the loop backtrack?"""
    engine = _need_column(engine, "next-choice")
    k, n, start_row = engine.k, engine.n, engine.b[engine.k]
    iteration = next_iteration(engine)
    if iteration is None:
        raise NotAskable(refuse.over("next-choice", engine))
    expected = BACKTRACK if iteration.answer is None else str(iteration.answer)
    wrong: dict[str, str] = {}
    for row in range(n):
        key = str(row)
        if key == expected:
            continue
        if row <= start_row:
            wrong[key] = _(
                "Rows up to b[{k}] = {start} were already tried: the loop goes on from row {next}."
            ).format(k=k, start=start_row, next=start_row + 1)
        elif attackers := engine.attackers(k, row):
            wrong[key] = _attacked_sentence(k, row, attackers)
        else:
            wrong[key] = _(
                "Row {row} is free, but row {expected} below it is free too, and the loop "
                "stops at the first free row going up."
            ).format(row=row, expected=expected)
    if expected != BACKTRACK:
        wrong[BACKTRACK] = _("Column {k} still has a free row above b[{k}] = {start}.").format(
            k=k, start=start_row
        )
        one_up = int(expected) + 1
        if one_up < n and not engine.attackers(k, one_up):
            wrong[str(one_up)] = say("mistake.next_row_from_one", row=one_up, right=expected)
        elif one_up >= n:
            wrong[str(one_up)] = say("mistake.row_from_one")
    else:
        wrong[str(n)] = say("mistake.row_n_is_backtrack", k=k, n=n)
    first = start_row + 1
    story = _row_story(iteration, k)
    values = engine_values(engine)
    return Posed(
        kind="next-choice",
        prompt=_(
            "Column {k} (b[{k}] = {start}): where does the queen go next? "
            "Type a row number, or b for backtrack."
        ).format(k=k, start=start_row),
        answer_type=AnswerType.ROW,
        expected=expected,
        explanation=(
            _("The loop goes up column {k} from row {first}. {story}")
            if first < n
            else _("b[{k}] = {start} is already the top row: b[{k}]++ gives {n} = n. {story}")
        ).format(k=k, first=first, start=start_row, n=n, story=story),
        hint=(
            _(
                "Go up column {k} from row {first}: the first row that no queen in columns "
                "0..{last} attacks (same row, same col+row or same row-col) is the answer; "
                "if every row is attacked, the answer is backtrack."
            ).format(k=k, first=first, last=k - 1)
            if k > 0
            else _("Column 0 has no queens to its left: nothing attacks any of its rows.")
        ),
        wrong=wrong,
        play=iteration.ticks if params.yes("play", True) else 0,
        values=values,
    )


def _attacked_try(engine: IterativeEngine | None, kind: str) -> Try:
    if engine is None:
        raise NotAskable(refuse.needs_board(kind))
    event = engine.last_event
    if not isinstance(event, Try) or not event.attackers:
        raise NotAskable(refuse.not_attacked(kind, engine))
    return event


def pose_attacker(params: Params, engine: IterativeEngine | None) -> Posed:
    """The candidate square is attacked: by the queen in which column?"""
    event = _attacked_try(engine, "attacker")
    assert engine is not None
    columns = [str(a.col) for a in event.attackers]
    why = "; ".join(
        _("column {col}: {why}").format(col=a.col, why=identity(event.col, event.row, a))
        for a in event.attackers
    )
    return Posed(
        kind="attacker",
        prompt=_(
            "Column {col}, row {row} is attacked. Which column holds a queen that attacks it?"
        ).format(col=event.col, row=event.row),
        answer_type=AnswerType.NUMBER,
        expected=columns[0],
        also_right=frozenset(columns[1:]),
        wrong={
            str(a.row): say("mistake.attacker_row", given=a.row)
            for a in event.attackers
            if str(a.row) not in columns
        },
        explanation=_("Attacked by {why}.").format(why=why),
        hint=_(
            "Compare row {row}, col+row = {sum} and row-col = {diff} with the same numbers for "
            "each queen on the left."
        ).format(row=event.row, sum=event.col + event.row, diff=event.row - event.col),
        values=engine_values(engine),
    )


def pose_attack_rule(params: Params, engine: IterativeEngine | None) -> Posed:
    """By which rule does a given attacker (or the first) attack the candidate?"""
    event = _attacked_try(engine, "attack-rule")
    assert engine is not None
    attacker = event.attackers[0]
    if params.has("col"):
        col = params.integer("col", 0)
        found = [a for a in event.attackers if a.col == col]
        if not found:
            raise NotAskable(
                _(
                    "attack-rule: the queen in column {attacker} does not attack column {col}, "
                    "row {row} at tick {tick}"
                ).format(attacker=col, col=event.col, row=event.row, tick=engine.tick)
            )
        attacker = found[0]
    return Posed(
        kind="attack-rule",
        prompt=_(
            "The queen in column {a_col} (row {a_row}) attacks column {col}, row {row}. "
            "By which rule?"
        ).format(a_col=attacker.col, a_row=attacker.row, col=event.col, row=event.row),
        answer_type=AnswerType.CHOICE,
        expected=str(RULE_INDEX[attacker.rule]),
        choices=RULE_CHOICES,
        aliases=RULE_ALIASES,
        wrong=diagonals.mistakes(RULE_LINES, (event.col, event.row), (attacker.col, attacker.row)),
        explanation=_("By the rule: {why}.").format(why=identity(event.col, event.row, attacker)),
        hint=_("Compare the rows, then col+row, then row-col of the two squares."),
        values=engine_values(engine),
    )
