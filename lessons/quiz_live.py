"""Questions about the live iterative backtracker: the answer is read from the engine.

To learn what the next tick or iteration does, a question plays it on the engine, reads
the result, and steps back with :meth:`IterativeEngine.back` so the state is exactly as
before; the runner then plays those ticks for real once the question is over.
"""

from __future__ import annotations

from lessons import not_askable as refuse
from lessons.answers import BACKTRACK, AnswerType, Posed
from lessons.feedback import say
from lessons.i18n import N_, _, ngettext
from lessons.not_askable import NotAskable
from lessons.params import ParamError, Params
from solver.events import Attacker, Backtrack, Event, Rule, Try
from solver.iterative import IterativeEngine
from solver.narration import describe, identity

RULE_CHOICES = (N_("same row"), N_("same col+row (sum)"), N_("same row-col (difference)"))
RULE_INDEX = {Rule.ROW: 0, Rule.SUM: 1, Rule.DIFF: 2}
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


def peek(engine: IterativeEngine, iteration: bool) -> list[Event]:
    """The events of the next tick (or iteration), played then undone exactly."""
    start = engine.tick
    events = play(engine, iteration)
    engine.back_to(start)
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


def _row_story(events: list[Event], k: int) -> str:
    lines = []
    for event in events:
        if isinstance(event, Try) and event.attackers:
            lines.append(_attacked_sentence(event.col, event.row, event.attackers))
        elif isinstance(event, Try):
            lines.append(
                _("Row {row}: free, so b[{k}] = {row} and k = {next}.").format(
                    row=event.row, k=k, next=k + 1
                )
            )
        elif isinstance(event, Backtrack) and k > 0:
            lines.append(
                _(
                    "No free row is left in column {k}: b[{k}] = -1 and k = {prev} "
                    "(back to column {prev}!)."
                ).format(k=k, prev=k - 1)
            )
        elif isinstance(event, Backtrack):
            lines.append(
                _(
                    "No free row is left in column {k}: b[{k}] = -1 and k = {prev}: "
                    "the search is over."
                ).format(k=k, prev=k - 1)
            )
    return " ".join(lines)


def pose_next_choice(params: Params, engine: IterativeEngine | None) -> Posed:
    """Column k: which row does the queen go to next, or does the loop backtrack?"""
    engine = _need_column(engine, "next-choice")
    k, n, start_row = engine.k, engine.n, engine.b[engine.k]
    events = peek(engine, iteration=True)
    last = events[-1]
    expected = str(last.row) if isinstance(last, Try) else BACKTRACK
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
    first = start_row + 1
    story = _row_story(events, k)
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
        play=len(events) if params.yes("play", True) else 0,
        values=values,
    )


MAX_AHEAD = 50
"""The most ticks a ``next-state ticks=N`` question looks ahead."""


def play_ticks(engine: IterativeEngine, count: int) -> list[Event]:
    """Play up to ``count`` ticks (fewer if the search ends) and return their events."""
    events: list[Event] = []
    while len(events) < count and (event := engine.step()) is not None:
        events.append(event)
    return events


def _state_value(engine: IterativeEngine, of: str, column: int) -> int:
    return engine.k if of == "k" else engine.b[column]


def pose_next_state(params: Params, engine: IterativeEngine | None) -> Posed:
    """What k (or b[k], or b[I]) will be after the next tick or iteration."""
    if engine is None:
        raise NotAskable(refuse.needs_board("next-state"))
    if engine.finished:
        raise NotAskable(refuse.over("next-state", engine))
    of = params.raw.get("of", "k")
    after = params.word("after", ("tick", "iteration"), "tick")
    if params.has("ticks"):
        return _next_state_ahead(params, engine, of, params.integer("ticks", 1, MAX_AHEAD))
    column = _column_of(of, engine)
    if of == "b[k]" and not 0 <= column < engine.n:
        raise NotAskable(refuse.not_a_cell(column, engine))
    before = _state_value(engine, of, column)
    start = engine.tick
    other_events = play(engine, iteration=after != "iteration")
    other = _state_value(engine, of, column)
    engine.back_to(start)
    events = play(engine, iteration=after == "iteration")
    value = _state_value(engine, of, column)
    said = [describe(event, engine.n) for event in events]
    engine.back_to(start)
    name = "k" if of == "k" else f"b[{column}]"
    wrong: dict[str, str] = {}
    if other != value and other_events:
        mistake = (
            "mistake.tick_for_iteration" if after == "iteration" else "mistake.iteration_for_tick"
        )
        wrong[str(other)] = say(mistake, name=name)
    if after == "tick":
        prompt = _("Now {name} = {before}. What will {name} be after the next tick?")
    else:
        prompt = _("Now {name} = {before}. What will {name} be after the next iteration?")
    so = _("So {name} = {value}.").format(name=name, value=value)
    return Posed(
        kind="next-state",
        prompt=prompt.format(name=name, before=before),
        answer_type=AnswerType.NUMBER,
        expected=str(value),
        explanation=" ".join([*said, so]),
        hint=_(
            "A tick is one b[k]++ with its isfree test, or one b[k]=-1; k-- backtrack. "
            "A free square moves k on by one."
        ),
        wrong=wrong,
        play=len(events) if params.yes("play", True) else 0,
        values=engine_values(engine),
    )


def _next_state_ahead(params: Params, engine: IterativeEngine, of: str, count: int) -> Posed:
    """``next-state ticks=N``: the value after N ticks: the learner must play the loop ahead
    in their head, backtracks included, with the board's marks hidden."""
    column = _column_of(of, engine)
    if of == "b[k]" and not 0 <= column < engine.n:
        raise NotAskable(refuse.not_a_cell(column, engine))
    before = _state_value(engine, of, column)
    start = engine.tick
    events = play_ticks(engine, count)
    if len(events) < count:
        engine.back_to(start)
        ends = ngettext(
            "next-state ticks={count}: from tick {tick}, the search ends after {done} tick",
            "next-state ticks={count}: from tick {tick}, the search ends after {done} ticks",
            len(events),
        )
        raise NotAskable(ends.format(count=count, done=len(events), tick=start))
    value = _state_value(engine, of, column)
    engine.back_to(start)
    play_ticks(engine, 1)
    one_tick = _state_value(engine, of, column)
    engine.back_to(start)
    said = [describe(event, engine.n) for event in events]
    backtracks = sum(1 for event in events if isinstance(event, Backtrack))
    name = "k" if of == "k" else f"b[{column}]"
    wrong: dict[str, str] = {}
    if one_tick != value:
        wrong[str(one_tick)] = say("mistake.one_tick_ahead", name=name, count=count)
    return Posed(
        kind="next-state",
        prompt=ngettext(
            "Now {name} = {before} (tick {start}). Play the loop {count} tick ahead in your "
            "head: what will {name} be then?",
            "Now {name} = {before} (tick {start}). Play the loop {count} ticks ahead in your "
            "head: what will {name} be then?",
            count,
        ).format(name=name, before=before, start=start, count=count),
        answer_type=AnswerType.NUMBER,
        expected=str(value),
        explanation=" ".join([*said, _ahead_story(count, backtracks, name, value)]),
        hint=_(
            "Write b[] down and tick: each tick is one b[k]++ with its isfree test, or, when "
            "b[k] reaches n, one backtrack b[k]=-1; k--."
        ),
        wrong=wrong,
        play=len(events) if params.yes("play", True) else 0,
        values=engine_values(engine),
    )


def _ahead_story(count: int, backtracks: int, name: str, value: int) -> str:
    """How often the loop backtracked in the ``count`` ticks played ahead, and the value."""
    if not backtracks:
        text = ngettext(
            "In this {count} tick the loop never backtracked: {name} = {value}.",
            "In these {count} ticks the loop never backtracked: {name} = {value}.",
            count,
        )
    elif backtracks == 1:
        text = ngettext(
            "In this {count} tick the loop backtracked once: {name} = {value}.",
            "In these {count} ticks the loop backtracked once: {name} = {value}.",
            count,
        )
    else:  # two backtracks or more: two ticks or more
        text = _(
            "In these {count} ticks the loop backtracked {backtracks} times: {name} = {value}."
        )
    return text.format(count=count, backtracks=backtracks, name=name, value=value)


def _column_of(of: str, engine: IterativeEngine) -> int:
    if of == "k":
        return -1
    if of == "b[k]":
        return engine.k
    return parse_b_index(of, engine.n)


def parse_b_index(of: str, n: int | None) -> int:
    """The column of ``b[I]`` in ``of=b[I]``; ``k`` and ``b[k]`` are the other choices."""
    if of in ("k", "b[k]"):
        return -1
    inner = of[2:-1] if of.startswith("b[") and of.endswith("]") else ""
    if not inner.isdigit() or (n is not None and int(inner) >= n):
        raise ParamError(
            _(
                "@question next-state: of must be k, b[k] or b[I] for a column I; not {value}"
            ).format(value=repr(of))
        )
    return int(inner)


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
        explanation=_("By the rule: {why}.").format(why=identity(event.col, event.row, attacker)),
        hint=_("Compare the rows, then col+row, then row-col of the two squares."),
        values=engine_values(engine),
    )
