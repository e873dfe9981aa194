"""``next-state``: what a value of the board's state becomes after the next tick, the next
iteration or several ticks, on every method's board (lessons/quiz/board.py says how the
questions about the live board read the engine)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from lessons.answers import lists as answer_lists
from lessons.answers.checking import AnswerType, Posed
from lessons.answers.feedback import say
from lessons.answers.reading import NO_WORDS, YES_WORDS
from lessons.i18n import N_, _, ngettext
from lessons.quiz import not_askable as refuse
from lessons.quiz.board import MAX_AHEAD, board_values, check_board
from lessons.quiz.not_askable import NotAskable
from lessons.quiz.params import ParamError, Params
from lessons.stage import expect_names
from solver.kit_words import QuestionWords
from solver.messages import render
from solver.session.board import BoardSession
from solver.stepping import Kind, SteppableSearch, Stop, back_to


def pose_next_state(params: Params, board: BoardSession | None) -> Posed:
    """``of=NAME``: a value of the board's state (one of its method's ``@expect`` names, an
    entry ``NAME[I]``, or ``NAME[OTHER]`` indexed by another name's value now: the loop's
    ``b[k]``) after the next tick, the next iteration (``after=iteration``) or ``ticks=N``
    ticks. The kit says which name a question that names none asks about (the loop: k)."""
    session = check_board(board, "next-state")
    kit, engine = session.kit, session.engine
    if engine.finished:
        raise NotAskable(refuse.over("next-state", engine.tick))
    of = params.raw.get("of") or kit.state_name
    if of is None:
        raise ParamError(
            _(
                "@question next-state on a board of algorithm={method} needs of=NAME "
                "(one of {names})"
            ).format(method=kit.name, names=", ".join(expect_names.names(kit.name)))
        )
    name = _resolved(of, session)
    after = params.word("after", ("tick", "iteration"), "tick")
    ahead = params.integer("ticks", 1, MAX_AHEAD) if params.has("ticks") else None
    start = engine.tick
    before_snapshot = engine.snapshot()
    before = _read(engine, kit.name, name)
    try:
        if ahead is not None:
            played = _play(session, ahead, Stop.TICK, name)
            if len(played) < ahead:
                ends = ngettext(
                    "next-state ticks={count}: from tick {tick}, the search ends after {done} tick",
                    "next-state ticks={count}: from tick {tick}, the search ends after {done} "
                    "ticks",
                    len(played),
                )
                raise NotAskable(ends.format(count=ahead, done=len(played), tick=start))
        else:
            played = _play(session, 1, Stop.TICK if after == "tick" else Stop.ITERATION)
        value = _read(engine, kit.name, name)
        after_snapshot = engine.snapshot()
        back_to(engine, start)
        # The other step's value: one tick where an iteration (or several ticks) is asked.
        step = Stop.ITERATION if after == "tick" and ahead is None else Stop.TICK
        other_steps = _play(session, 1, step)
        other = _read(engine, kit.name, name)
    finally:
        back_to(engine, start)
    kind = _value_kind(name, value)
    # each value on the way, after 2 to ahead-1 ticks, with the last tick it holds at (after
    # one tick: told as one tick ahead)
    midway = {tick.value: done for done, tick in enumerate(played[:-1], 1) if ahead and done > 1}
    wrong: dict[str, str] = {}
    events = tuple(tick.event for tick in played)
    for given, message in kit.state_mistakes(name, before_snapshot, after_snapshot, events).items():
        wrong[given] = render(message)
    if ahead is not None:  # several ticks on: the kit's reasons that keep what they ask
        for given, message in kit.ahead_mistakes(name, before, value, ahead).items():
            if given in wrong:
                wrong[given] = render(message)
    stays = _canonical(kind, before, value)
    if stays is not None:  # the value now given: nothing played in the head
        # Named as the question asks: the ticks, the tick or the iteration
        if ahead is not None:
            kept = "mistake.value_stays"
        else:
            kept = (
                "mistake.value_stays_tick" if after == "tick" else "mistake.value_stays_iteration"
            )
        wrong.setdefault(stays, say(kept, name=name, value=value))
    if other != value and other_steps:  # the value after the other step
        key = _canonical(kind, other, value)
        if key is not None:
            if ahead is not None:
                mistake = say("mistake.one_tick_ahead", name=name, count=ahead)
            else:
                mistake = render(kit.step_mistake(name, iteration=after == "iteration"))
            wrong.setdefault(key, mistake)
    for seen, done in midway.items():  # a value on the way: the last ticks not played
        key = None if seen == value else _canonical(kind, seen, value)
        if key is not None:
            wrong.setdefault(
                key,
                say(
                    "mistake.midway_value",
                    name=name,
                    done=done,
                    count=ahead,
                    tick=start + done,
                    last=start + (ahead or 0),
                ),
            )
    backtracked = any(tick.kind is Kind.BACKTRACK for tick in played)
    if kind is AnswerType.NUMBER and name.startswith("b[") and value != "-1" and not backtracked:
        # A backtrack taken for granted after an iteration that found a free row.
        wrong.setdefault("-1", say("mistake.entry_not_reset", name=name))
    if ahead is None:  # the rows the queen did not take in the step, each with its reason
        for given, message in kit.landing_reasons(name, before_snapshot, after_snapshot).items():
            wrong.setdefault(given, render(message))
    bound = kit.state_largest(name, before_snapshot) if kind is AnswerType.NUMBER else None
    told = [tick.sentence for tick in played]
    right: dict[str, str] = {}
    expected = _canonical(kind, value, value) or value
    if ahead is not None:
        backtracks = sum(1 for tick in played if tick.kind is Kind.BACKTRACK)
        story = _ahead_story(ahead, backtracks, name, value)
        told.append(story)
        # right, the ticks that moved the search are enough: the tests on the way are not told
        moved = [tick.sentence for tick in played if tick.kind is not Kind.TEST]
        right[expected] = " ".join([*moved, story])
        prompt = ngettext(
            "Now {name} = {before} (tick {start}). Play the next tick in your head: "
            "what will {name} be then?",
            "Now {name} = {before} (tick {start}). Play the next {count} ticks in your head: "
            "what will {name} be then?",
            ahead,
        ).format(name=name, before=before, start=start, count=ahead)
    else:
        told.append(_("So {name} = {value}.").format(name=name, value=value))
        if after == "tick":
            prompt = _("Now {name} = {before}. What will {name} be after the next tick?")
        else:
            prompt = _("Now {name} = {before}. What will {name} be after the next iteration?")
        prompt = prompt.format(name=name, before=before)
    return Posed(
        kind="next-state",
        prompt=_typed_how(kind, value, prompt, before),
        answer_type=kind,
        expected=expected,
        right_explanations=right,
        choices=_YES_NO.get(value, ()),
        aliases=_YES_NO_ALIASES if kind is AnswerType.CHOICE else {},
        subject=name,
        wrong=wrong,
        largest=None if bound is None else bound[0],
        too_large="" if bound is None else render(bound[1]),
        explanation=" ".join(told),
        hint=render(kit.state_hint(ahead is not None, iteration=after == "iteration")),
        working=_ahead_working(kit, ahead, played, before),
        given=_(
            "next-state of={name}: at tick {tick}, {name} = {value} and stays so in the ticks "
            "asked: the value the prompt prints now is the answer; ask it at another tick, or "
            "over more ticks"
        ).format(name=name, tick=start, value=value)
        if before == value
        else "",
        given_warning=True,
        play=len(played) if params.yes("play", True) else 0,
        values=board_values(session),
    )


@dataclass(frozen=True, slots=True)
class _Tick:
    """One tick a question played: the method's sentence for it, its event, its kind and the
    value of the name asked after it."""

    sentence: str
    event: object
    kind: Kind | None
    value: str = ""


def _play(session: BoardSession, count: int, stop: Stop, name: str = "") -> list[_Tick]:
    """Play ``count`` ticks (``Stop.TICK``) or one iteration, a tick at a time, each told as
    the board session tells it (its view's narration; the engine is the caller's to take
    back), with ``name``'s value after it where one is given."""
    engine = session.engine
    played: list[_Tick] = []
    while len(played) < count or stop is not Stop.TICK:
        if engine.run(Stop.TICK, max_ticks=1).ticks == 0:
            break
        snapshot = session.snapshot
        frame = session.plain_frame()
        sentence = render(frame.narration[0]) if frame.narration else ""
        value = _read(engine, session.kit.name, name) if name else ""
        event = getattr(snapshot, "last_event", None)
        played.append(_Tick(sentence, event, snapshot.last_kind, value))
        if stop is not Stop.TICK and snapshot.last_kind in stop.value:
            break
    return played


def _ahead_working(kit: QuestionWords, ahead: int | None, played: list[_Tick], before: str) -> str:
    """A question ``ahead`` ticks on: what the ticks did, counted (none for one step); the hint
    where the value asked moves by the same step at every tick of a kind those counts name and
    at no other (a depth, the loop's k, the maze's dead ends), so that they would give it."""
    if ahead is None:
        return ""
    values = [before, *(tick.value for tick in played)]
    if all(_WHOLE.match(value) for value in values):
        moves: dict[Kind | None, set[int]] = {}
        for a, b, tick in zip(values[:-1], values[1:], played, strict=True):
            moves.setdefault(tick.kind, set()).add(int(b) - int(a))
        counted = (Kind.CALL, Kind.RETURN, Kind.PLACE, Kind.BACKTRACK)
        steps = [(kind, step) for kind, step in moves.items() if step != {0}]
        if steps and all(kind in counted and len(step) == 1 for kind, step in steps):
            return render(kit.state_hint(True))
    return render(kit.ahead_working(ahead, [tick.kind for tick in played if tick.kind is not None]))


def _ahead_story(count: int, backtracks: int, name: str, value: str) -> str:
    """How often the search backtracked in the ``count`` ticks played ahead, and the value."""
    if not backtracks:
        text = ngettext(
            "In this tick the search never backtracked: {name} = {value}.",
            "In these {count} ticks the search never backtracked: {name} = {value}.",
            count,
        )
    elif backtracks == 1:
        text = ngettext(
            "In this tick the search backtracked once: {name} = {value}.",
            "In these {count} ticks the search backtracked once: {name} = {value}.",
            count,
        )
    else:  # two backtracks or more: two ticks or more
        text = _(
            "In these {count} ticks the search backtracked {backtracks} times: {name} = {value}."
        )
    return text.format(count=count, backtracks=backtracks, name=name, value=value)


def _resolved(of: str, session: BoardSession) -> str:
    """``of`` as a name the board reads: an index that names another value is replaced by that
    value now (``b[k]`` at k = 2: ``b[2]``). ParamError for a name the board's method does not
    have, or an index out of its list; NotAskable when an index named by a value is out of the
    list at this tick (k = n after a solution: b[k] is no cell)."""
    method, engine = session.method, session.engine
    readers = expect_names.readers(method)
    base, bracket, inner = of.partition("[")
    if base not in readers or (bracket and not inner.endswith("]")):
        raise ParamError(
            _("@question next-state of={name}: a board of algorithm={method} has {known}").format(
                name=of, method=method, known=", ".join(readers)
            )
        )
    if not bracket:
        return of
    index = inner[:-1]
    named = index in readers
    if named:
        index = _read(engine, method, index)
    entries = readers[base](session.snapshot)
    if not isinstance(entries, list | tuple):
        raise ParamError(
            _("@question next-state of={name}: {base} is not a list").format(name=of, base=base)
        )
    inside = index.isdecimal() and int(index) < len(entries)
    if not inside and named:
        raise NotAskable(
            _("next-state: {index} = {value} at tick {tick}, so {name} is not a cell").format(
                index=inner[:-1], value=index, name=of, tick=engine.tick
            )
        )
    if not inside:
        raise ParamError(
            _("@question next-state of={name}: {base} has entries 0 to {last}").format(
                name=of, base=base, last=len(entries) - 1
            )
        )
    return f"{base}[{index}]"


def _read(engine: SteppableSearch, method: str, name: str) -> str:
    try:
        return expect_names.read(engine, method, name)
    except expect_names.UnknownName as error:
        raise ParamError(str(error)) from None


_WHOLE = re.compile(r"^-?\d+$")
_YES_NO: Mapping[str, tuple[str, str]] = {
    "yes": (N_("yes"), N_("no")),
    "no": (N_("yes"), N_("no")),
    "true": ("true", "false"),  # the notes' own words, as the state panes print them
    "false": ("true", "false"),
}
"""The two choices of a yes/no value (``finished``; an entry of the Turin notes' arrays)."""
_TRUE_FALSE = {"true": 0, "false": 1, "vero": 0, "falso": 1, "prawda": 0, "fałsz": 1}
_YES_NO_ALIASES = {**dict.fromkeys(YES_WORDS, 0), **dict.fromkeys(NO_WORDS, 1), **_TRUE_FALSE}
"""A yes/no value answered with a yes or a no in any of the tutor's languages, or with true and
false (the notes' words, and the Italian and Polish ones)."""


def _value_kind(name: str, value: str) -> AnswerType:
    """How a next-state answer about ``name``, whose value is ``value`` then, is typed: a
    whole number, a yes/no choice, or a list or square; NotAskable for any other value (a word
    such as an event's kind, or none)."""
    if _WHOLE.match(value):
        return AnswerType.NUMBER
    if value in _YES_NO:
        return AnswerType.CHOICE
    if answer_lists.is_printed_list(value) and answer_lists.entries(value) is not None:
        return AnswerType.LIST
    raise NotAskable(
        _(
            "next-state of={name}: its value then, {value}, is a word, not a number, a yes or "
            "no, a list or a square: ask about it at another tick, or about another name"
        ).format(name=name, value=value)
    )


def _typed_how(kind: AnswerType, value: str, prompt: str, before: str) -> str:
    """The prompt, with how to type a list or a square (a number or a choice says itself),
    ``value`` the answer and ``before`` the value the prompt prints."""
    if kind is not AnswerType.LIST:
        return prompt
    if value.startswith("("):
        how = _("Type the square as the maze shows it: (row, column).")
    elif "None" in value:  # the Salerno notes' regine: None for a row not decided yet
        how = _("Type its entries in order, like [0, 2, None] (None for a row not decided yet).")
    elif "true" in value or "false" in value:
        how = _("Type its entries in order, like [true, false, true] (or T and F).")
    elif "-1" in value + before:
        how = _("Type its entries in order, like [0, 2, -1] (write -1 where the pane shows -).")
    else:
        how = _("Type its entries in order, like [0, 2, 3].")
    return f"{prompt} {how}"


def _canonical(kind: AnswerType, value: str, like: str) -> str | None:
    """``value`` as an answer of ``kind`` is read (a choice: its index), where ``like`` is the
    right answer's value; None when ``value`` is not an answer of that kind (a number that was
    none before)."""
    if kind is AnswerType.NUMBER:
        return value if _WHOLE.match(value) else None
    if kind is AnswerType.CHOICE:
        choices = _YES_NO[like]
        return str(choices.index(value)) if value in choices else None
    items = answer_lists.entries(value)
    return None if items is None else answer_lists.printed(items, like)
