"""``next-choice`` on every method's board: where does the search go next?

The answer and the reasons a wrong answer is wrong come from the one prediction guess mode uses:
the kit's ``next_iteration`` (solver/kit.py) plays the next iteration on the page's engine and
takes it back, and the method's kit (solver/methods/) words the question as its notes do
(``placeQueens(2): in which column...``, ``tenta(3): which row does T[3] get?``, the maze's steps).
The Wrocław loop's own next-choice (lessons/quiz/live.py) keeps its longer feedback.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from lessons.answers import lists as answer_lists
from lessons.answers.checking import BACKTRACK, AnswerType, Posed
from lessons.answers.feedback import say
from lessons.answers.reading import NO_WORDS, YES_WORDS
from lessons.i18n import N_, _, ngettext
from lessons.parsing.params import Params
from lessons.quiz.not_askable import NotAskable
from solver.guess.game import explain_land
from solver.messages import Message, render
from solver.methods.maze.kit import MOVES, move_name
from solver.peek import Iteration
from solver.registry import stepped
from solver.stepping import SteppableSearch

MAZE_DEAD_END = len(MOVES)
"""The maze's last choice: no step is admissible, Solve returns [False]."""


def pose_next_step(params: Params, engine: SteppableSearch | None) -> Posed:
    """The next iteration of ``engine``'s search: where its queen lands (the maze: which step
    it takes), or a backtrack. Raises NotAskable when the next iteration asks nothing."""
    if engine is None:
        raise NotAskable(_("next-choice needs a board: put @board before it"))
    kit = stepped(engine.method)
    iteration = kit.next_iteration(engine)
    if iteration is None:
        raise NotAskable(
            _(
                "next-choice: the search places no queen and backtracks nowhere next at tick "
                "{tick} (a solution or the end comes first)"
            ).format(tick=engine.tick)
        )
    prompt = render(kit.land_prompt(iteration, engine.n))
    play = iteration.ticks if params.yes("play", True) else 0
    values = {"n": str(engine.n), "tick": str(engine.tick)}
    story = " ".join(render(m) for m in _story(kit.name, iteration))
    if kit.wording.moves:
        return _maze(kit.name, iteration, prompt, story, play, values)
    expected = BACKTRACK if iteration.answer is None else str(iteration.answer)
    wrong: dict[str, str] = {}
    for value in (*range(engine.n), None):
        key = BACKTRACK if value is None else str(value)
        if key != expected:
            wrong[key] = _words(explain_land(kit, iteration, value)[0])
    if expected == BACKTRACK:
        wrong[str(engine.n)] = say("mistake.row_n_is_backtrack", k=iteration.subject, n=engine.n)
    return Posed(
        kind="next-choice",
        prompt=prompt,
        answer_type=AnswerType.ROW,
        column_answer=kit.wording.row_wise,
        expected=expected,
        explanation=story,
        hint=_(
            "Try the squares in the order the notes try them, from where the search stands: "
            "the first one no queen attacks is the answer; if none is free, it backtracks."
        ),
        wrong=wrong,
        play=play,
        values=values,
    )


def _maze(
    method: str, it: Iteration, prompt: str, story: str, play: int, values: dict[str, str]
) -> Posed:
    kit = stepped(method)
    expected = MAZE_DEAD_END if it.answer is None else MOVES.index(str(it.answer))
    wrong: dict[str, str] = {}
    for index, move in enumerate((*MOVES, None)):
        if index != expected:
            wrong[str(index)] = _words(explain_land(kit, it, move)[0])
    names = tuple(render(move_name(move)) for move in MOVES)
    return Posed(
        kind="next-choice",
        prompt=prompt,
        answer_type=AnswerType.CHOICE,
        expected=str(expected),
        explanation=story,
        hint=_(
            "The steps are tried in the order up, right, down, left; the first open one is taken."
        ),
        choices=(*names, _("a dead end: Solve returns [False]")),
        wrong=wrong,
        play=play,
        values=values,
    )


def _story(method: str, it: Iteration) -> list[Message]:
    """What the iteration tests, square by square, in the method's words."""
    kit = stepped(method)
    told: list[Message] = []
    for test in () if kit.wording.moves else it.tests:  # the maze: the step it takes says it
        square = kit.square_name(test.square)
        if test.free or not test.threats:
            told.append(Message.of("predict.free", square=square))
        else:
            first = test.threats[0]
            by, why = kit.square_name(first.square), kit.why(test.square, first)
            told.append(Message.of("predict.attacked", square=square, by=by, why=why))
    if it.square is not None:
        landed = "predict.steps" if kit.wording.moves else "predict.lands"
        told.append(Message.of(landed, square=kit.square_name(it.square)))
    else:
        told.append(Message.of("predict.backtracks"))
    return told


def _words(messages: tuple[Message, ...]) -> str:
    return " ".join(render(message) for message in messages)


def pose_attacker_any(params: Params, engine: SteppableSearch | None) -> Posed:
    """The square the last tick tested is taken: which queen attacks it? Its column (the notes
    that go row by row: its row), every attacker right; the explanation gives each rule."""
    if engine is None:
        raise NotAskable(_("attacker needs a board: put @board before it"))
    kit = stepped(engine.method)
    test = kit.test_of(engine.snapshot())
    if test is None or test.free or not test.threats or kit.wording.moves:
        raise NotAskable(
            _(
                "attacker: the last tick at tick {tick} found no square attacked by a queen: "
                "step to a tick that does"
            ).format(tick=engine.tick)
        )
    row_wise = kit.wording.row_wise
    numbers = [str(t.square[1] if row_wise else t.square[0]) for t in test.threats]
    square = render(kit.square_name(test.square))
    prompt = (
        _("{square} is taken. Which row holds a queen that attacks it?")
        if row_wise
        else _("{square} is taken. Which column holds a queen that attacks it?")
    ).format(square=square)
    whys = [render(kit.why(test.square, t)) for t in test.threats]
    by = "; ".join(
        f"{render(kit.square_name(t.square))}: {why}"
        for t, why in zip(test.threats, whys, strict=True)
    )
    return Posed(
        kind="attacker",
        prompt=prompt,
        answer_type=AnswerType.NUMBER,
        expected=numbers[0],
        also_right=frozenset(numbers[1:]),
        explanation=_("Attacked by {why}.").format(why=by),
        hint=_(
            "Compare the square's line, col+row and row-col with the same numbers for each queen "
            "placed before it."
        ),
        values={"n": str(engine.n), "tick": str(engine.tick)},
    )


def pose_next_state_any(params: Params, engine: SteppableSearch | None) -> Posed:
    """``of=NAME``: a whole-number value of the board's state (one of its method's ``@expect``
    names: ``depth``, ``R``, ``T[2]``, ``q[1]``...) after the next tick, or ``ticks=N`` ticks."""
    from lessons.parsing import expect_names
    from lessons.parsing.params import ParamError
    from lessons.quiz.next_state import MAX_AHEAD
    from solver.stepping import Stop, back_to

    if engine is None:
        raise NotAskable(_("next-state needs a board: put @board before it"))
    kit = stepped(engine.method)
    known = ", ".join(expect_names.names(kit.name))
    of = params.raw.get("of")
    if of is None or params.has("after"):
        raise ParamError(
            _(
                "@question next-state on a {method} board needs of=NAME (one of {names}) and "
                "counts ticks (ticks=N), not iterations"
            ).format(method=kit.name, names=known)
        )
    ahead = params.integer("ticks", 1, MAX_AHEAD) if params.has("ticks") else 1
    start = engine.tick
    try:
        before = expect_names.read(engine, kit.name, of)
        played = engine.run(Stop.END, max_ticks=ahead).ticks
        after = expect_names.read(engine, kit.name, of)
    except expect_names.UnknownName as error:
        raise ParamError(str(error)) from None
    finally:
        back_to(engine, start)
    if played < ahead:
        raise NotAskable(
            _("next-state: the search is over before {count} more ticks at tick {tick}").format(
                count=ahead, tick=engine.tick
            )
        )
    kind = _value_kind(of, after)
    stays = None if before == after else _canonical(kind, before, after)
    wrong = {} if stays is None else {stays: say("mistake.value_stays", name=of, value=after)}
    return Posed(
        kind="next-state",
        prompt=_typed_how(
            kind,
            after,
            ngettext(
                "After the next tick, what is {name}?",
                "After the next {count} ticks, what is {name}?",
                ahead,
            ).format(name=of, count=ahead),
        ),
        answer_type=kind,
        expected=_canonical(kind, after, after) or after,
        choices=_YES_NO.get(after, ()),
        aliases=_yes_no_aliases() if kind is AnswerType.CHOICE else {},
        subject=of,
        wrong=wrong,
        explanation=_("{name} is {before} now and {after} then.").format(
            name=of, before=before, after=after
        ),
        hint=_("Run the notes' code in your head, one test or assignment per tick."),
        play=ahead if params.yes("play", True) else 0,
        values={"n": str(engine.n), "tick": str(engine.tick)},
    )


_WHOLE = re.compile(r"^-?\d+$")
_YES_NO: Mapping[str, tuple[str, str]] = {
    "yes": (N_("yes"), N_("no")),
    "no": (N_("yes"), N_("no")),
    "true": ("true", "false"),  # the notes' own words, as the state panes print them
    "false": ("true", "false"),
}
"""The two choices of a yes/no value (``finished``; an entry of the Turin notes' arrays)."""
_TRUE_FALSE = {"true": 0, "false": 1, "vero": 0, "falso": 1, "prawda": 0, "fałsz": 1}


def _yes_no_aliases() -> dict[str, int]:
    """A yes/no value answered with a yes or a no in any of the tutor's languages, or with
    true and false (the notes' words, and the Italian and Polish ones)."""
    return {**dict.fromkeys(YES_WORDS, 0), **dict.fromkeys(NO_WORDS, 1), **_TRUE_FALSE}


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


def _typed_how(kind: AnswerType, value: str, prompt: str) -> str:
    """The prompt, with how to type a list or a square (a number or a choice says itself)."""
    if kind is not AnswerType.LIST:
        return prompt
    if value.startswith("("):
        how = _("Type the square as the maze shows it: (row, column).")
    else:
        how = _(
            "Type its entries in order, like [0, 2, -1] (write -1 where the pane shows -; "
            "true and false may be T and F)."
        )
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


def pose_attack_rule_any(params: Params, engine: SteppableSearch | None) -> Posed:
    """By which rule the first queen that attacks the square the last tick tested attacks it:
    the same line (a row; the notes that go row by row: a column), col+row or row-col."""
    from lessons.parsing.params import ParamError
    from lessons.quiz.live import RULE_ALIASES
    from solver.peek import Along

    if engine is None:
        raise NotAskable(_("attack-rule needs a board: put @board before it"))
    if params.has("col"):
        raise ParamError(
            _("@question attack-rule: col= picks an attacker on the iterative loop's board only")
        )
    kit = stepped(engine.method)
    test = kit.test_of(engine.snapshot())
    if test is None or test.free or not test.threats or kit.wording.moves:
        raise NotAskable(
            _(
                "attack-rule: the last tick at tick {tick} found no square attacked by a queen: "
                "step to a tick that does"
            ).format(tick=engine.tick)
        )
    threat = test.threats[0]
    line = _("same column") if kit.wording.row_wise else _("same row")
    choices = (line, _("same col+row (sum)"), _("same row-col (difference)"))
    index = {Along.LINE: 0, Along.SUM: 1, Along.DIFF: 2}[threat.along]
    return Posed(
        kind="attack-rule",
        prompt=_("The queen on {by} attacks {square}. By which rule?").format(
            by=render(kit.square_name(threat.square)), square=render(kit.square_name(test.square))
        ),
        answer_type=AnswerType.CHOICE,
        expected=str(index),
        choices=choices,
        aliases=RULE_ALIASES,
        explanation=_("By the rule: {why}.").format(why=render(kit.why(test.square, threat))),
        hint=_("Compare the lines, then col+row, then row-col of the two squares."),
        values={"n": str(engine.n), "tick": str(engine.tick)},
    )
