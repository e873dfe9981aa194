"""``@question next-state``: what k, b[k] or b[I] will be after the next tick, the next
iteration, or ``ticks=N`` ticks of the live iterative backtracker, read from the engine: the
question plays the ticks, reads the value and steps back, so the state is exactly as before.
"""

from __future__ import annotations

from lessons.answers.checking import AnswerType, Posed
from lessons.answers.feedback import say
from lessons.answers.whole_numbers import shown, whole
from lessons.i18n import _, ngettext
from lessons.parsing.params import ParamError, Params
from lessons.quiz import not_askable as refuse
from lessons.quiz.live import engine_values, play
from lessons.quiz.not_askable import NotAskable
from solver.events import Backtrack, Event
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.iterative.narration import describe

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
    ahead = params.integer("ticks", 1, MAX_AHEAD) if params.has("ticks") else None
    column = _column_of(of, engine)
    if of == "b[k]" and not 0 <= column < engine.n:
        raise NotAskable(refuse.not_a_cell(column, engine))
    name = "k" if of == "k" else f"b[{column}]"
    if ahead is not None:
        return _next_state_ahead(params, engine, of, column, name, ahead)
    before = _state_value(engine, of, column)
    start = engine.tick
    other_events = play(engine, iteration=after != "iteration")
    other = _state_value(engine, of, column)
    engine.back_to(start)
    events = play(engine, iteration=after == "iteration")
    value = _state_value(engine, of, column)
    said = [describe(event, engine.n) for event in events]
    engine.back_to(start)
    wrong: dict[str, str] = {}
    if other != value and other_events:
        mistake = (
            "mistake.tick_for_iteration" if after == "iteration" else "mistake.iteration_for_tick"
        )
        wrong[str(other)] = say(mistake, name=name)
    for given, why in loop_mistakes(of, column, before, value, events, engine.n).items():
        wrong.setdefault(given, why)
    if after == "tick":
        prompt = _("Now {name} = {before}. What will {name} be after the next tick?")
    else:
        prompt = _("Now {name} = {before}. What will {name} be after the next iteration?")
    so = _("So {name} = {value}.").format(name=name, value=value)
    return _posed(
        params,
        engine,
        prompt=prompt.format(name=name, before=before),
        value=value,
        explanation=" ".join([*said, so]),
        hint=_(
            "A tick is one b[k]++ with its isfree test, or one b[k]=-1; k-- backtrack. "
            "A free square moves k on by one."
        ),
        wrong=wrong,
        played=len(events),
    )


def loop_mistakes(
    of: str, column: int, before: int, value: int, events: list[Event], n: int
) -> dict[str, str]:
    """The loop's core misconceptions, by the wrong value each one gives: b[k] reaching n
    taken for a row (it means backtrack), k++ after a backtrack instead of k--, k-- after a
    free square, k staying where it was."""
    found: dict[str, str] = {}
    backtracked = [event.col for event in events if isinstance(event, Backtrack)]
    if of == "k" and backtracked and value == before - 1:
        found[str(before + 1)] = say("mistake.k_up_after_backtrack", k=before, right=value)
        found[str(before)] = say("mistake.k_stays_backtrack", k=before, right=value)
    elif of == "k" and not backtracked and value == before + 1:
        found[str(before - 1)] = say("mistake.k_down_after_free", right=value)
        found[str(before)] = say("mistake.k_stays_free", k=before, right=value)
    elif of != "k" and value == -1 and column in backtracked:
        found[str(n)] = say("mistake.reached_n", k=column, n=n, prev=column - 1)
    return found


def _posed(
    params: Params,
    engine: IterativeEngine,
    *,
    prompt: str,
    value: int,
    explanation: str,
    hint: str,
    wrong: dict[str, str],
    played: int,
) -> Posed:
    """A next-state question: a number, and the ``played`` ticks shown after the answer
    (``play=no``: none)."""
    return Posed(
        kind="next-state",
        prompt=prompt,
        answer_type=AnswerType.NUMBER,
        expected=str(value),
        explanation=explanation,
        hint=hint,
        wrong=wrong,
        play=played if params.yes("play", True) else 0,
        values=engine_values(engine),
    )


def _next_state_ahead(
    params: Params, engine: IterativeEngine, of: str, column: int, name: str, count: int
) -> Posed:
    """``next-state ticks=N``: the value after N ticks: the learner must play the loop ahead
    in their head, backtracks included, with the board's marks hidden."""
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
    wrong: dict[str, str] = {}
    if one_tick != value:
        wrong[str(one_tick)] = say("mistake.one_tick_ahead", name=name, count=count)
    return _posed(
        params,
        engine,
        prompt=ngettext(
            "Now {name} = {before} (tick {start}). Play the loop {count} tick ahead in your "
            "head: what will {name} be then?",
            "Now {name} = {before} (tick {start}). Play the loop {count} ticks ahead in your "
            "head: what will {name} be then?",
            count,
        ).format(name=name, before=before, start=start, count=count),
        value=value,
        explanation=" ".join([*said, _ahead_story(count, backtracks, name, value)]),
        hint=_(
            "Write b[] down and tick: each tick is one b[k]++ with its isfree test, or, when "
            "b[k] reaches n, one backtrack b[k]=-1; k--."
        ),
        wrong=wrong,
        played=len(events),
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
    column = whole(inner) if inner.isdecimal() else None  # no sign; ASCII digits, bounded
    if column is None or (n is not None and column >= n):
        raise ParamError(
            _(
                "@question next-state: of must be k, b[k] or b[I] for a column I; not {value}"
            ).format(value=shown(of))
        )
    return column
