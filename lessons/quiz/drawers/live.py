"""The drawers of the kinds about the live board and of guess stretches.

A quiz asks each student about another situation of the page's board, up to
:data:`MAX_EXTRA` ticks on (:func:`draw_tick_off`), between the same kinds of tick and never
where a practice question asks; a review asks on a board of the same method, 4 x 4 to 9 x 9
(:class:`OnBoard`)."""

from __future__ import annotations

import dataclasses
import functools
import random
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import suppress

from lessons.model import BoardOp, Question
from lessons.quiz.drawers.base import (
    LARGEST_BOARD,
    SMALLEST_BOARD,
    Ask,
    Asks,
    Instance,
    Known,
    Situation,
    Template,
    Where,
    normal,
    plain_question,
    read_instance,
    situation_of,
)
from lessons.quiz.drawers.base import Drawer as _Drawer
from lessons.quiz.guess import questions_ahead, slack_of, ticks_of
from lessons.quiz.not_askable import QuizError
from lessons.quiz.params import ParamError, Params
from lessons.stage import Stage, StageError, expect_names
from solver.stepping import Kind, SteppableSearch, Stop, back_to, step

MAX_EXTRA = 60
"""How many ticks ahead of the lesson's own a quiz's first question about its board is drawn
(a later one: at least half of it past the one before)."""
MAX_AHEAD = 2 * MAX_EXTRA
"""The furthest a quiz's drawn situation lies ahead of the lesson's own."""
MAX_TICK = 200
"""The latest tick a review asks a question about a board at."""

Spot = tuple[str, int, int]
"""A board's situation on a quiz: its method, its size and its tick."""
Said = tuple[str, str, str]
"""A question as the student read it: its kind, its prompt (the board's last row or column as
``{last}``) and its right answer."""
Avoided = Spot | Said
"""What a quiz's drawn situation must not be: a practice question's situation, or its words."""

_BETWEEN = frozenset({None, Kind.PLACE, Kind.BACKTRACK, Kind.SOLUTION, Kind.CALL, Kind.RETURN})
"""The kinds of tick after which a board stands between two iterations (or calls)."""
_SPOT = ("board", "size", "mode", "maze", "tick")
"""What names a live board's situation in an instance."""


def spot_of(engine: SteppableSearch) -> Spot:
    return (engine.method, engine.n, engine.tick)


def between(engine: SteppableSearch) -> bool:
    """The board stands between two iterations (or calls), not just after a square was tested."""
    return engine.last_kind in _BETWEEN


def move_to(engine: SteppableSearch, tick: int) -> None:
    """Play the board forward, or take it back, to ``tick``."""
    if engine.tick > tick:
        back_to(engine, tick)
    elif engine.tick < tick:
        engine.run(Stop.END, max_ticks=tick - engine.tick)


def placed(engine: object | None) -> tuple[tuple[int, int], ...]:
    """The queens ``engine``'s board has placed for good (column, row); () for none."""
    if engine is None:
        return ()
    snapshot = getattr(engine, "snapshot", None)
    found = getattr(snapshot(), "placed", ()) if callable(snapshot) else ()
    found = found() if callable(found) else found
    return tuple(found) if isinstance(found, tuple) else ()


def said(kind: str, prompt: str, expected: str, n: int) -> Said:
    """A question as the student reads it, whatever the board's size."""
    return (kind, re.sub(rf"(?<!\d){n - 1}(?!\d)", "{last}", prompt), expected)


Told = Callable[[SteppableSearch], bool]
"""Whether what the student was told before (an earlier question's feedback, a list of
solutions) answers a question asked on the board as it stands."""


def situations(
    question: Question,
    stage: Stage,
    ask: Ask,
    avoid: Iterable[Avoided] = (),
    told: Told | None = None,
) -> list[int]:
    """The ticks of the page's board, from its tick on, a student may be asked ``question`` at
    (those ``told`` answers only when there is no other); the board is left as it was."""
    fresh, answered = _situations(question, stage, ask, avoid, told)
    return fresh or answered


def _situations(
    question: Question,
    stage: Stage,
    ask: Ask,
    avoid: Iterable[Avoided] = (),
    told: Told | None = None,
    ahead: int = MAX_EXTRA,
) -> tuple[list[int], list[int]]:
    """:func:`situations` up to ``ahead`` ticks on, those ``told`` answers apart."""
    engine = stage.engine
    fresh: list[int] = []
    answered: list[int] = []
    if engine is None:
        return fresh, answered
    avoided = set(avoid)
    start = engine.tick
    standing = between(engine)
    try:
        for extra in range(ahead + 1):
            if extra and not step(engine):
                break  # the search is over
            if between(engine) != standing or spot_of(engine) in avoided:
                continue
            try:
                posed = ask(question, stage.session)
            except QuizError:
                continue
            if (
                posed.given
                or said(question.kind, posed.prompt, posed.expected, engine.n) in avoided
            ):
                continue
            if _stale_answer(posed.values, posed.expected):
                continue
            tick = engine.tick
            if told is not None and told(engine):
                back_to(engine, tick)
                answered.append(tick)
            else:
                fresh.append(tick)
    finally:
        back_to(engine, start)
    return fresh, answered


def landing(engine: SteppableSearch) -> tuple[tuple[int, int], ...] | None:
    """The queens placed for good once the search next places or takes one away (None: it does
    not within :data:`MAX_TICK` ticks); the board is left there."""
    queens = placed(engine)
    stop = engine.tick + MAX_TICK
    while not engine.finished and engine.tick < stop and step(engine):
        if placed(engine) != queens:
            return placed(engine)
    return None


def told_by(
    visits: Iterable[tuple[tuple[int, int], ...]],
    listed: Iterable[tuple[int, ...]] = (),
) -> Told:
    """A board stands where it was told: on the column visit (the same queens placed) of an
    earlier question of its page, whose feedback may have named where that column's queen
    goes; or, where the question's answer places a queen (``listed`` given), where the queens
    then placed are part of a solution a list of solutions showed (each as b[])."""
    seen = set(visits)
    solutions = [{(column, row) for column, row in enumerate(b)} for b in listed]

    def told(engine: SteppableSearch) -> bool:
        queens = placed(engine)
        if queens in seen:
            return True
        if not solutions:
            return False
        landed = landing(engine)
        if landed is None or len(landed) <= len(queens):
            return False
        return any(set(landed) <= solution for solution in solutions)

    return told


def _stale_answer(values: Mapping[str, str], expected: str) -> bool:
    """Whether the state table shows the answer already: the Turin notes' q[] keeps a row's
    last column after the search came back from it, and where that is the column the queen
    lands on next the student copies it."""
    row, q = values.get("row", ""), values.get("q", "")
    if not row.isdecimal() or not q.startswith("["):
        return False
    entries = [entry.strip() for entry in q.strip("[]").split(",")]
    return int(row) < len(entries) and entries[int(row)] == expected


def draw_tick(
    question: Question,
    stage: Stage,
    ask: Ask,
    rng: random.Random,
    avoid: Sequence[Avoided],
    asked_before: Iterable[str] = (),
    after: int | None = None,
    left: int = 0,
    earlier: Iterable[int] = (),
    listed: Iterable[tuple[int, ...]] = (),
    visited: Iterable[int] = (),
) -> int:
    """The tick ``rng`` draws for ``question`` among :func:`situations` off ``avoid``, while others
    are left: off ``asked_before`` (earlier attempts), never the words and answer of its kind at
    ``earlier`` ticks, at least :data:`MAX_EXTRA` / 2 past ``after`` with ``left`` situations kept
    for the questions after it, first where nothing told the answer (:func:`told_by`, over
    ``visited`` and ``listed``); the board's own tick when there is none."""
    engine = stage.engine
    if engine is None:
        return 0
    start = engine.tick
    words: list[Avoided] = []
    visits: list[tuple[tuple[int, int], ...]] = []
    earlier = list(earlier)
    try:
        for tick in {*earlier, *visited, *([after] if after is not None else [])}:
            move_to(engine, tick)
            visits.append(placed(engine))
        for tick in earlier:
            move_to(engine, tick)
            with suppress(QuizError):
                posed = ask(question, stage.session)
                words.append(said(question.kind, posed.prompt, posed.expected, engine.n))
    finally:
        move_to(engine, start)
    told = told_by(visits, listed)
    before = [
        (engine.method, engine.n, int(text.removeprefix("tick=")))
        for text in asked_before
        if text.startswith("tick=") and text.removeprefix("tick=").isdecimal()
    ]
    span = MAX_EXTRA  # a question after another: room to walk forward past it
    if after is not None:
        span = min(MAX_AHEAD, max(MAX_EXTRA, after - start + MAX_EXTRA // 2))
    fresh, answered = _situations(question, stage, ask, [*avoid, *words, *before], told, span)
    if not (fresh or answered) and before:
        fresh, answered = _situations(question, stage, ask, [*avoid, *words], told, span)
    forward = [tick for tick in fresh if after is None or tick > after]
    ticks = forward or [tick for tick in answered if after is None or tick > after]
    ticks = ticks or fresh or answered
    if left > 0 and len(ticks) > 1:
        ticks = ticks[: max(1, len(ticks) - left)]
    return rng.choice(ticks) if ticks else start


def board_at(board: BoardOp | None, tick: int = 0) -> Stage | None:
    """A stage with ``board`` at ``tick`` (None: no board, or it cannot be played there)."""
    if board is None:
        return None
    stage = Stage()
    try:
        stage.apply(board)
    except StageError:
        return None
    if stage.engine is not None:
        move_to(stage.engine, tick)
        if stage.engine.tick != tick:
            return None
    return stage


def stage_at(where: Where) -> Stage | None:
    """The lesson's board at the tick of its question (None: none, or not playable there)."""
    return board_at(where.board, where.tick)


@functools.cache
def opening_end(board: BoardOp) -> int:
    """The tick of the first backtrack of ``board``'s search (its end when it never
    backtracks; 0 when it cannot be played): the ticks up to there are its opening."""
    stage = board_at(board)
    engine = stage.engine if stage is not None else None
    if engine is None:
        return 0
    while not engine.finished and engine.tick < MAX_TICK and step(engine):
        if engine.last_kind is Kind.BACKTRACK:
            return engine.tick
    return engine.tick


@functools.cache
def answer_tick(board: Situation, tick: int) -> int:
    """The tick at which the search on ``board`` from ``tick`` next places or takes away a
    queen for good (a "where does the queen go next" question's answer); ``tick`` when it
    cannot be played or does not get there within :data:`MAX_TICK` more ticks."""
    algorithm, n, every, maze = board
    stage = board_at(BoardOp(0, n, all_solutions=every, algorithm=algorithm, maze=maze), tick)
    engine = stage.engine if stage is not None else None
    return tick if engine is None or landing(engine) is None else engine.tick


def board_asks(board: BoardOp, tick: int) -> dict[str, str]:
    """What names ``board`` at ``tick``: its method, size, mode (its maze) and tick."""
    found = {
        "board": board.algorithm,
        "size": str(board.n),
        "mode": "all" if board.all_solutions else "first",
        "tick": str(tick),
    }
    if board.maze is not None:
        found["maze"] = board.maze
    return found


def span_of(asks: Asks) -> int:
    """How many ticks past its own a question plays (``ticks=``); 0 for one tick."""
    ticks = asks.get("ticks", "")
    return int(ticks) if ticks.isdecimal() and len(ticks) < 7 else 0


class OnBoard(_Drawer):
    """A question about the live board. ``same_standing``: a review's board stands as at the
    lesson's question (between two iterations, or just after a square was tested); ``plays``:
    the answer is played out on the board after it, so the ticks up to it are taken
    (:func:`answer_tick`); ``dropped``: parameters a review leaves out."""

    varied = True
    live = True
    reviewed = True

    def __init__(
        self,
        title: str,
        same_standing: bool = True,
        plays: bool = False,
        dropped: tuple[str, ...] = (),
    ) -> None:
        super().__init__(title)
        self.same_standing = same_standing
        self.plays = plays
        self.dropped = dropped

    def needs_where(self, question: Question) -> bool:
        return True

    def own(self, template: Template) -> dict[str, str] | None:
        where = template.where
        if where.board is None:
            return None
        return self._asks(template.question, where.board, where.tick)

    def drawn(self, template: Template, instance: str) -> dict[str, str] | None:
        found = read_instance(instance)
        board = template.where.board
        if board is None or not found.get("tick", "").isdecimal():
            return None
        return self._asks(template.question, board, int(found["tick"]))

    def key(self, asks: Asks) -> Hashable:
        return normal({k: v for k, v in asks.items() if k not in self.dropped})

    def spot(self, asks: Asks) -> Hashable | None:
        return normal({k: v for k, v in asks.items() if k in _SPOT})

    def _asks(self, question: Question, board: BoardOp, tick: int) -> dict[str, str]:
        params = {k: v for k, v in question.params.items() if k not in self.dropped}
        return {**params, **board_asks(board, tick)}

    def played_to(self, board: Situation, tick: int, span: int = 0) -> int:
        """The last tick a question of the kind asked at ``tick`` on ``board`` plays."""
        end = tick + span
        return max(end, answer_tick(board, tick)) if self.plays else end

    def instances(self, template: Template, known: Known, rng: random.Random) -> Iterator[Instance]:
        """The board's sizes (:meth:`sizes`) at every tick up to :data:`MAX_TICK`, those in
        the search's opening (up to its first backtrack: the lowest free rows, whatever the
        size) last."""
        where = template.where
        board = where.board
        if board is None:
            return
        sizes = self.sizes(board)
        last = min(MAX_TICK, where.tick + MAX_TICK // 2)
        spots = [(n, tick) for n in sizes for tick in range(1, last + 1)]
        rng.shuffle(spots)
        resized = {n: dataclasses.replace(board, n=n) for n in sizes}
        openings = {n: opening_end(op) for n, op in resized.items()}
        spots.sort(key=lambda spot: spot[1] <= openings[spot[0]])
        question = plain_question(template.question, self.review_params(template))
        for n, tick in spots:
            op = resized[n]
            yield Instance(question, op, tick, tuple(self._asks(question, op, tick).items()))

    def sizes(self, board: BoardOp) -> list[int]:
        """The board sizes a review draws on: one size off or the same, from 4 to 9; a
        maze's own."""
        if board.maze is not None:
            return [board.n]
        near = (board.n - 1, board.n, board.n + 1)
        return sorted({min(max(n, SMALLEST_BOARD), LARGEST_BOARD) for n in near})

    def review_params(self, template: Template) -> dict[str, str]:
        """The parameters a review asks the lesson's question with."""
        return {k: v for k, v in template.question.params.items() if k not in self.dropped}


class NextState(OnBoard):
    """``next-state``: a lesson's ``of=b[4]`` asked where the loop is in column 4 is asked
    about the column the loop is in (``of=b[k]``): at another tick the same cell would mostly
    not move."""

    def review_params(self, template: Template) -> dict[str, str]:
        params = super().review_params(template)
        active = active_of(template, params.get("of", ""))
        return params if active is None else {**params, "of": active}


def active_of(template: Template, of: str) -> str | None:
    """``of`` (``b[4]``) named by the board's index name (``b[k]``) when that name's value at
    the lesson's question is the index (k = 4); None otherwise."""
    base, bracket, inner = of.partition("[")
    index = inner[:-1] if inner.endswith("]") else ""
    board = template.where.board
    stage = stage_at(template.where) if bracket and index.isdecimal() else None
    if board is None or stage is None or stage.session is None:
        return None
    name = stage.session.kit.state_name
    with suppress(ValueError):  # a name its method cannot read: lessons check reports it
        if (
            name is not None
            and expect_names.read(stage.session.engine, board.algorithm, name) == index
        ):
            return f"{base}[{name}]"
    return None


class Guessing(OnBoard):
    """``guess``: the same number of ticks from another tick or on another size, allowing as
    many wrong predictions as the lesson's question (``slack=``); a stretch that shares a tick
    with a lesson's stretch on the same board, or an earlier review's, last."""

    varied = False
    live = False

    def key(self, asks: Asks) -> Hashable:
        return normal({k: v for k, v in asks.items() if k not in ("goal", "slack")})

    def sizes(self, board: BoardOp) -> list[int]:
        """One size off or the same, then every other size from 4 to 9."""
        near = super().sizes(board)
        if board.maze is not None:
            return near
        return near + [n for n in range(SMALLEST_BOARD, LARGEST_BOARD + 1) if n not in near]

    def review_params(self, template: Template) -> dict[str, str]:
        params = {k: v for k, v in template.question.params.items() if k not in ("goal", "slack")}
        slack = lesson_slack(template)
        return params if slack is None else {**params, "slack": str(slack)}

    def instances(self, template: Template, known: Known, rng: random.Random) -> Iterator[Instance]:
        with suppress(ParamError):
            span = ticks_of(Params(template.question.params, f"@question {template.question.kind}"))
            stretches = lesson_stretches(known, (template.question.kind,))
            reviewed = [{board: [(start, end)]} for board, start, end in template.reviewed]
            found = list(super().instances(template, known, rng))
            near = OnBoard.sizes(self, template.where.board or BoardOp(0, 0))

            def rank(each: Instance) -> tuple[bool, int, bool, bool]:
                """Sharing no tick with a lesson's stretch nor a review's first, on a board one
                size off or the same first; then sharing ticks with older reviews' only, the
                oldest first."""
                lesson = _overlaps(each, span, stretches)
                latest = max(
                    (at for at, past in enumerate(reviewed) if _overlaps(each, span, past)),
                    default=-1,
                )
                off = each.board is not None and each.board.n not in near
                return (lesson or latest >= 0, latest, lesson, off)

            found.sort(key=rank)
            yield from found


def _overlaps(
    instance: Instance, span: int, stretches: Mapping[Situation, list[tuple[int, int]]]
) -> bool:
    """Whether ``instance``'s ``span`` ticks share one with one of ``stretches``."""
    if instance.board is None:
        return False
    start, end = instance.tick, instance.tick + span
    ranges = stretches.get(situation_of(instance.board), ())
    return any(start < their_end and their_start < end for their_start, their_end in ranges)


def lesson_stretches(known: Known, kinds: Iterable[str]) -> dict[Situation, list[tuple[int, int]]]:
    """The ticks each lesson's questions of ``kinds`` (guess stretches) play (from, to), by
    board."""
    kinds = frozenset(kinds)
    found: dict[Situation, list[tuple[int, int]]] = {}
    for lesson in known.lessons:
        asked = known.where(lesson)
        for index, page in enumerate(lesson.pages):
            for number, question in enumerate(page.questions):
                where = asked.get(f"{index}.{number}")
                if question.kind not in kinds or where is None or where.board is None:
                    continue
                with suppress(ParamError):
                    span = ticks_of(Params(question.params, f"@question {question.kind}"))
                    found.setdefault(situation_of(where.board), []).append(
                        (where.tick, where.tick + span)
                    )
    return found


def lesson_slack(template: Template) -> int | None:
    """How many of its ticks the lesson's guess question lets be predicted wrong, played on the
    lesson's board at its tick (None: it cannot be posed there)."""
    stage = stage_at(template.where)
    if stage is None or stage.session is None or stage.engine is None:
        return None
    params = Params(template.question.params, f"@question {template.question.kind}")
    try:
        asked = questions_ahead(stage.session.kit, stage.engine, ticks_of(params))
        return slack_of(params, asked)
    except ValueError:  # ParamError, NotAskable: lessons check reports it at its line
        return None
