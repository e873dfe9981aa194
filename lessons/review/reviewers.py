"""How the review draws a fresh instance of each question kind (:data:`REVIEWERS`).

A review asks a kind again with other numbers, another board or another tick than the lesson's
question it was missed on: never the lesson's own words (the lesson's ``prompt:``, ``hint:`` and
``explain:`` are left out: the kind's computed ones are asked), and, while the kind has others,
never an instance a lesson asks, the lesson drew for the student, or a review asked before
(:func:`draw`). Each kind draws in its own way, by the pools the lessons already use:

- the kinds a quiz draws per student (:mod:`lessons.quiz.instances`: ``same-diagonal``,
  ``array-index``, ``orbit``, ``rotations``, ``queen-row``, ``construct``) from the same pools;
- the kinds computed from a board size (``solutions``, ``exists``, ``search-space``,
  ``random-tries``, ``work``, ``examined``) from the sizes the lessons' questions of the kind
  name (their ``n=`` and ``pool=``: the facts the lessons taught) from 4 up (1 x 1 to 3 x 3
  only when the lessons name no larger size), and for ``examined`` (a choice among the numbers
  it is mixed up with, worked out rather than remembered) any n from 4 to 8, for
  ``random-tries`` (n! / solutions, worked out; the question says the number of solutions,
  ``given=solutions``) any n from 4 to 9 (review walk 8, F6 and F4: 7, 9 and 10 only, so n = 7
  came back word for word at +8 while 4 and 8 were never asked, and 10 x 10 was past the
  boards a review asks on), for ``work`` 8 and 9, for ``search-space`` (C(n^2, n), n^n, n!,
  worked out) any n from 4 to 9 with each method (review walk 7, F7: permutations n = 7 came
  back at +15 while n = 8, 9 and other methods' sizes were unused), and for ``solutions`` 5
  and 7 (10 and 40, which lessons 2, 3 and 6 show without asking): a size no lesson asks the
  kind for, while there is one, from 4 to 9 (a lesson's own larger size only when there is no
  other), and of those first one whose figure (the right answer) no lesson page prints
  (:func:`printed_figures`: lesson 3 prints the compare 6 table and brute force 4's 1820;
  review walk 8, F1);
- the questions about a live board (``next-choice``, ``next-state``, ``attacker``,
  ``attack-rule``) on a board of the same method and a size one smaller, the same or one
  larger, from 4 to 9 (a question missed on a 2 x 2 board comes back on 4 x 4), at a tick
  where the question can be asked and the board stands between the same kinds of tick as at
  the lesson's question (:mod:`lessons.quiz.instances_live`'s rules), never at a board and
  tick where a lesson asks a question of any kind (:func:`lesson_spots`), and past the
  search's opening (its first backtrack: :func:`opening_end`) while there are such ticks; a
  ``next-state`` about the entry of the loop's column (``of=b[4]`` where k = 4) asks about
  ``b[k]`` (:class:`NextState`); first (:class:`Fresh`, review walk 6) an instance whose
  board shows other queens placed than every lesson question of the kind, asking for another
  answer, :data:`NEAR` ticks away from every tick a lesson or a review asked, of any kind;
- ``guess``: the same ticks predicted from another tick, or on a board one size off, allowing
  as many wrong ticks as the lesson's question (``slack=``, :class:`Guessing`), sharing no
  tick with a lesson's guess stretch on the same board while there are such stretches;
- ``place``: another board size for the same goal (a solution: 4 to 8; every try: 2 or 3; you
  drive: 4 to 6);
- ``maze``: a new maze of the same size, dug at random
  (:func:`solver.methods.maze.mazes.random_maze`).

The kinds a lesson writes itself (``choice``, ``number``) and ``reach-n`` (its question never
changes) have no other instance: the review leaves them out.

Every instance drawn is posed on the board the review will show before it is taken, exactly as
the runner will pose it, so each one is answerable.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import re
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from typing import Literal, Protocol

from lessons.i18n import N_
from lessons.model import BoardOp, Lesson, Question, Text
from lessons.parsing import expect_names
from lessons.parsing.params import ParamError, Params
from lessons.quiz.guess import questions_ahead, slack_of, ticks_of
from lessons.quiz.instances import DEFAULTS, LIVE, VARIED, orbit_key, pool, pool_sizes
from lessons.quiz.instances_live import between, move_to
from lessons.quiz.pose import QuizError, pose
from lessons.quiz.static import array_index
from lessons.review.where import Where, where_asked_once
from lessons.stage import Stage, StageError
from solver.methods.maze.kit import MazeKit
from solver.methods.maze.mazes import MAX_SIDE, MIN_SIDE, maze_from_spec
from solver.stepping import Kind, Stop

Asks = Mapping[str, str]
"""What an instance asks: the question's parameters, and for a question about a board its
board (``board``, ``size``, ``mode``, ``maze``) and ``tick``."""
SMALLEST_BOARD = 4
"""The smallest board a review asks on: 1 x 1 to 3 x 3 have no search to practise (a lesson
may ask there; a review draws its fresh instance on 4 x 4 or larger)."""
LARGEST_BOARD = 9
"""The largest board a question about the live board is drawn on."""
MAX_TICK = 200
"""The latest tick a question about a board is asked at (a 6 x 6 search finds its first
solution at tick 197)."""
MAX_TRIES = 400
"""The most instances of one question posed before it is given up (those too near a tick
taken, or asked before, are passed over without posing)."""
MAZE_SIDE = min(11, MAX_SIDE)
"""The largest maze drawn: 11 squares a side (a lesson's mazes are smaller)."""


@dataclass(frozen=True, slots=True)
class Template:
    """A lesson question the review draws instances of, and where the lesson asks it."""

    lesson: Lesson
    key: str
    question: Question
    where: Where
    reviewed: tuple[tuple[Situation, int, int], ...] = ()
    """The ticks earlier reviews' guess stretches of the kind played (board, from, to): a new
    stretch shares none while there are others (review walk 5, F5)."""


@dataclass(frozen=True, slots=True)
class Instance:
    """One question as the review asks it: the question (the lesson's words left out), the
    board it is asked on (None: none) and its tick, and what it asks (:data:`Asks`)."""

    question: Question
    board: BoardOp | None
    tick: int
    asks: tuple[tuple[str, str], ...]

    @property
    def text(self) -> str:
        """What was asked, recorded with the outcome: ``n=6 unique=no``, ``board=iterative
        size=6 mode=first tick=57``."""
        return instance_text(dict(self.asks))


def instance_text(params: Asks) -> str:
    """``key=value`` words in key order (a maze's lines joined by ``/``)."""
    return " ".join(f"{key}={value}" for key, value in sorted(params.items()))


def read_instance(text: str) -> dict[str, str]:
    """The parameters :func:`instance_text` wrote (a word without ``=`` is left out)."""
    found: dict[str, str] = {}
    for word in text.split():
        key, equals, value = word.partition("=")
        if equals:
            found[key] = value
    return found


def normal(params: Asks) -> frozenset[tuple[str, str]]:
    """Parameters as compared: spaces and letter case aside, defaults written, no ``pool=``."""
    found = {**DEFAULTS, **{k: v.replace(" ", "").lower() for k, v in params.items()}}
    found.pop("pool", None)
    return frozenset(found.items())


def plain_question(question: Question, params: Asks, maze: tuple[str, ...] = ()) -> Question:
    """``question`` asked with ``params``, without the lesson's own words (its kind's computed
    prompt, hint and explanation are asked)."""
    return dataclasses.replace(
        question, params=dict(params), prompt="", hint="", explain="", maze=maze or question.maze
    )


class Reviewer(Protocol):
    """How one kind is drawn anew."""

    @property
    def title(self) -> str:
        """The kind's name for the student (translated where shown)."""
        ...

    def needs_where(self, question: Question) -> bool:
        """Whether drawing ``question`` anew needs the lesson's board
        (:mod:`lessons.review.where`)."""
        ...

    def own(self, template: Template) -> dict[str, str] | None:
        """What the lesson's own question asks (None: it cannot be named)."""
        ...

    def drawn(self, template: Template, instance: str) -> dict[str, str] | None:
        """What the lesson drew for the student (the instance its record keeps), or None."""
        ...

    def key(self, asks: Asks) -> Hashable:
        """What makes two instances the same question."""
        ...

    def spot(self, asks: Asks) -> Hashable | None:
        """The board and tick an instance is asked at (None: no live board), compared with
        where the lessons ask any question (:func:`lesson_spots`)."""
        ...

    def instances(
        self, template: Template, lessons: Sequence[Lesson], rng: random.Random
    ) -> Iterator[Instance]:
        """Instances to try, in the order ``rng`` draws them (not yet known to be askable)."""
        ...


def _instance(question: Question, params: Asks) -> Instance:
    """``question`` asked with ``params``, on no board."""
    return Instance(plain_question(question, params), None, 0, tuple(params.items()))


Situation = tuple[str, int, bool, str | None]
"""A board as the review compares it: its method, size, mode and maze."""


def situation_of(board: BoardOp) -> Situation:
    return (board.algorithm, board.n, board.all_solutions, board.maze)


def askable(
    instance: Instance,
    stand_between: bool | None = None,
    boards: dict[BoardOp, Stage] | None = None,
) -> bool:
    """Whether the review can ask ``instance``: posed on its board at its tick as the runner
    will pose it (``stand_between``: the board must stand that way). ``boards``: stages already
    made for the boards tried, moved to each tick asked."""
    return posed_at(instance, stand_between, boards) is not None


def posed_at(
    instance: Instance,
    stand_between: bool | None = None,
    boards: dict[BoardOp, Stage] | None = None,
) -> Seen | None:
    """:func:`askable`'s work: what ``instance`` shows and asks (its board's queens placed and
    its right answers), or None when the review cannot ask it."""
    boards = {} if boards is None else boards
    try:
        stage = boards.get(instance.board) if instance.board is not None else None
        if stage is None:
            stage = Stage()
            if instance.board is not None:
                stage.apply(instance.board)
                boards[instance.board] = stage
        engine = stage.engine
        if engine is not None:
            move_to(engine, instance.tick)
            if engine.tick != instance.tick:
                return None  # the search ends before
        if stand_between is not None and (engine is None or between(engine) != stand_between):
            return None
        posed = pose(instance.question, stage.session)
    except (QuizError, StageError, ParamError):
        return None
    situation = situation_of(instance.board) if instance.board is not None else None
    return Seen(situation, _placed(engine), frozenset({posed.expected, *posed.also_right}))


def _placed(engine: object | None) -> tuple[tuple[int, int], ...]:
    """The queens ``engine``'s board has placed for good (column, row); () for none."""
    if engine is None:
        return ()
    snapshot = getattr(engine, "snapshot", None)
    placed = getattr(snapshot(), "placed", ()) if callable(snapshot) else ()
    found = placed() if callable(placed) else placed
    return tuple(found) if isinstance(found, tuple) else ()


NEAR = 3
"""How many ticks either side of a question an earlier one (a lesson's, a review's of any kind)
keeps a new one away on the same board, while the board has room (review walk 6, F2 and F4:
tick 108 after 107, a stretch opening on the squares the day before asked)."""


@dataclass(frozen=True, slots=True)
class Seen:
    """What a question about a live board showed and asked: its board (method, size, mode,
    maze), the queens placed for good there, and the answers that are right."""

    situation: Situation | None
    placed: tuple[tuple[int, int], ...]
    answers: frozenset[str]
    own: bool = False
    """The question the instance is drawn from (the one missed)."""


Spans = Mapping[Situation, Sequence[tuple[int, int]]]
"""Ticks taken on each board (from, to, both played)."""


def span_of(asks: Asks) -> int:
    """How many ticks past its own a question plays (a guess stretch's, a state some ticks
    later: ``ticks=``); 0 for one tick."""
    ticks = asks.get("ticks", "")
    return int(ticks) if ticks.isdecimal() and len(ticks) < 7 else 0


def played(text: str, kind: str = "") -> tuple[Situation, int, int] | None:
    """The board a recorded instance was asked on and the ticks it asked or played (from,
    to: ``tick=59 ticks=30``, 59 to 89; a ``kind`` whose answer is played out, up to its
    answer's tick: :attr:`OnBoard.plays`); None when it names no board and tick."""
    asks = read_instance(text)
    size, tick = asks.get("size", ""), asks.get("tick", "")
    if "board" not in asks or not all(n.isdecimal() and len(n) < 7 for n in (size, tick)):
        return None
    board = (asks["board"], int(size), asks.get("mode") == "all", asks.get("maze"))
    return board, int(tick), played_to(kind, board, int(tick), span_of(asks))


def played_to(kind: str, board: Situation, tick: int, span: int = 0) -> int:
    """The last tick a question of ``kind`` asked at ``tick`` on ``board`` plays: ``span``
    ticks on, or up to its answer's (:attr:`OnBoard.plays`)."""
    found = REVIEWERS.get(kind)
    if isinstance(found, OnBoard) and found.plays:
        return max(tick + span, answer_tick(board, tick))
    return tick + span


def taken_by(instances: Iterable[tuple[str, str]]) -> dict[Situation, list[tuple[int, int]]]:
    """The ticks each recorded instance (its kind, its text) about a live board asked or
    played (its board, from, to), whatever its kind; an instance naming no board and tick is
    left out."""
    found: dict[Situation, list[tuple[int, int]]] = {}
    for kind, text in instances:
        each = played(text, kind)
        if each is not None:
            found.setdefault(each[0], []).append(each[1:])
    return found


@functools.cache
def answer_tick(board: Situation, tick: int) -> int:
    """The tick at which the search on ``board`` from ``tick`` next places or takes away a
    queen for good (a "where does the queen go next" question's answer: 7 x 7 from tick 27,
    rows 2 to 5 tested, b[3] = 6 at tick 32; review walk 7, F4); ``tick`` when it cannot be
    played or does not get there within :data:`MAX_TICK` more ticks."""
    algorithm, n, every, maze = board
    stage = Stage()
    try:
        stage.apply(BoardOp(0, n, all_solutions=every, algorithm=algorithm, maze=maze))
    except StageError:
        return tick
    engine = stage.engine
    if engine is None:
        return tick
    move_to(engine, tick)
    if engine.tick != tick:
        return tick
    placed = _placed(engine)
    while not engine.finished and engine.tick < tick + MAX_TICK:
        if engine.run(Stop.TICK, max_ticks=1).ticks == 0:
            break
        if _placed(engine) != placed:
            return engine.tick
    return tick


@dataclass(frozen=True, slots=True)
class Fresh:
    """What an instance about a live board keeps away from while the board has room (review
    walk 6): the ticks (and :data:`NEAR` either side) that the lessons and earlier reviews, of
    any kind, asked or played on the same board (``taken``), and the lesson questions of its
    kind (``seen``): not their queens placed, nor (``answers``: of every one, or only of the
    question missed, ``own``) their answer."""

    taken: Spans = dataclasses.field(default_factory=dict)
    seen: tuple[Seen, ...] = ()
    answers: Literal["all", "own", "none"] = "all"
    """Whose answers a new instance must not share: every lesson question's of the kind, the
    one missed's (``own``), or none's."""
    reviewed: tuple[Seen, ...] = ()
    """The earlier reviews' questions of the kind: a new one on the same board does not ask
    about as many queens placed (the same column) for the same answer (review walk 7, F4:
    column 3 of 7 x 7, answer 6, at +1 and +4; F9: square (4, 1), attacker 3, at +4 and +15)."""

    kind: str = ""
    """The kind drawn: its ticks are those it asks and plays (:func:`played_to`)."""

    def far(self, instance: Instance) -> bool:
        """Whether ``instance``'s ticks keep :data:`NEAR` away from every tick taken."""
        if instance.board is None:
            return True
        board = situation_of(instance.board)
        ranges = self.taken.get(board, ())
        if not ranges:
            return True
        last = played_to(self.kind, board, instance.tick, span_of(dict(instance.asks)))
        start, end = instance.tick - NEAR, last + NEAR
        return not any(start <= last and first <= end for first, last in ranges)

    def unlike(self, found: Seen) -> bool:
        """Whether ``found`` shows other queens than every lesson question of the kind and
        asks for another answer (as :attr:`answers` says)."""
        for seen in self.reviewed:
            same_column = len(seen.placed) == len(found.placed)
            if seen.situation == found.situation and same_column and seen.answers & found.answers:
                return False
        for seen in self.seen:
            if seen.situation == found.situation and seen.placed == found.placed:
                return False
            compared = self.answers == "all" or (self.answers == "own" and seen.own)
            if compared and seen.answers & found.answers:
                return False
        return True


@dataclass(frozen=True, slots=True)
class Drawn:
    """A kind a quiz draws per student (:func:`lessons.quiz.instances.pool`). ``on_board``: the
    question is about the squares of the lesson's board, which the review shows."""

    title: str
    on_board: bool = False

    def needs_where(self, question: Question) -> bool:
        return self.on_board

    def own(self, template: Template) -> dict[str, str] | None:
        return dict(template.question.params)

    def drawn(self, template: Template, instance: str) -> dict[str, str] | None:
        return read_instance(instance) or None

    def key(self, asks: Asks) -> Hashable:
        return normal(asks)

    def spot(self, asks: Asks) -> Hashable | None:
        return None

    def instances(
        self, template: Template, lessons: Sequence[Lesson], rng: random.Random
    ) -> Iterator[Instance]:
        question, where = template.question, template.where
        board = where.board if self.on_board and where.queens_n is not None else None
        found = pool(question, where.queens_n)
        rng.shuffle(found)
        for params in found:
            yield Instance(plain_question(question, params), board, 0, tuple(params.items()))


@dataclass(frozen=True, slots=True)
class Indexed(Drawn):
    """``array-index``: a cell of the Turin notes' c[], a[] or b[]. Two instances with the same
    answer are one question, whatever their row and column (student walk 10, item 3: b[9]
    three times, a[7] twice, with a new i and j each time: memory answered them); an instance
    whose typical mistakes give the same number is never drawn (j = 0: i+j = i-j, so typing
    the sum where the difference is asked is not told apart); and each review turns to the
    next of the variants the lessons teach (the array, C++ or Pascal: :attr:`variants`)."""

    variants: tuple[str, ...] = ("array", "base")
    """The parameters that name a variant, rotated from one review to the next."""

    def key(self, asks: Asks) -> Hashable:
        answer = index_answer(asks)
        return normal(asks) if answer is None else ("index", answer)

    def instances(
        self, template: Template, lessons: Sequence[Lesson], rng: random.Random
    ) -> Iterator[Instance]:
        for instance in Drawn.instances(self, template, lessons, rng):
            if tells_mistakes_apart(dict(instance.asks)):
                yield instance


def index_answer(asks: Asks) -> int | None:
    """The right answer of an ``array-index`` instance (None: it names no size, row or
    column)."""
    n, i, j = (asks.get(name, "").strip() for name in ("n", "row", "col"))
    if not (n.isdecimal() and i.isdecimal() and j.isdecimal()) or len(n + i + j) > 9:
        return None
    pascal = asks.get("base", "c").strip().lower() == "pascal"
    return array_index(asks.get("array", "a").strip().lower(), int(i), int(j), int(n), pascal)


def tells_mistakes_apart(asks: Asks) -> bool:
    """Whether an ``array-index`` instance gives each typical mistake a number of its own:
    the sum i+j, the difference i-j, the difference shifted by n-1, and for b[] row and column
    swapped (j = 0 gives the sum and the difference the same number)."""
    n, i, j = (asks.get(name, "").strip() for name in ("n", "row", "col"))
    if not (n.isdecimal() and i.isdecimal() and j.isdecimal()) or len(n + i + j) > 9:
        return True  # nothing to compare: the question's own pose says what is wrong
    array = asks.get("array", "a").strip().lower()
    if array == "c":
        return True
    size, row, col = int(n), int(i), int(j)
    values = [row + col, row - col, row - col + size - 1]
    if array == "b":
        pascal = asks.get("base", "c").strip().lower() == "pascal"
        values.append(col - row if pascal else col - row + size - 1)
    return len(set(values)) == len(values)


@dataclass(frozen=True, slots=True)
class ReadB(Drawn):
    """``queen-row``: another solution's b[] to read, drawn on a board as the lesson draws it
    (lesson 1 runs its board to the solution it asks about): the lecture's search of that
    size for every solution, stopped at the tick that reports the one asked (review walk 3,
    F4). Two questions on one array are one question, whichever column they ask: the lesson's
    page reads its array out (review walk 5, F12: lesson 1's b = [0, 2, 4, 1, 3] came back
    with only the column changed)."""

    def key(self, asks: Asks) -> Hashable:
        return normal({k: v for k, v in asks.items() if k != "col"})

    def instances(
        self, template: Template, lessons: Sequence[Lesson], rng: random.Random
    ) -> Iterator[Instance]:
        for instance in Drawn.instances(self, template, lessons, rng):
            found = solution_ticks(len(dict(instance.asks).get("b", "").split(",")))
            tick = found.get(dict(instance.asks).get("b", "").replace(" ", ""))
            if tick is None:
                yield instance
            else:
                board = BoardOp(0, tick[0], all_solutions=True)
                yield dataclasses.replace(instance, board=board, tick=tick[1])


@functools.cache
def solution_ticks(n: int) -> dict[str, tuple[int, int]]:
    """Each solution of the n x n board (its b[] written ``[r0,r1,...]``) with n and the tick
    at which the lecture's search for every solution reports it; none above 9 x 9 (a board
    the review does not draw)."""
    found: dict[str, tuple[int, int]] = {}
    if not SMALLEST_BOARD <= n <= LARGEST_BOARD:
        return found
    stage = Stage()
    stage.apply(BoardOp(0, n, all_solutions=True))
    engine = stage.engine
    if engine is None:
        return found
    while not engine.finished:
        engine.run(Stop.SOLUTION, max_ticks=1_000_000)
        b = getattr(engine.snapshot(), "b", ())
        if len(b) == n and all(0 <= row < n for row in b):
            found.setdefault("[" + ",".join(str(row) for row in b) + "]", (n, engine.tick))
    return found


@dataclass(frozen=True, slots=True)
class Solutions(Drawn):
    """``orbit`` and ``rotations b=``: a solution of the same size; two solutions of one orbit
    (the same board turned or reflected) are one question."""

    def key(self, asks: Asks) -> Hashable:
        if "b" in asks:
            try:
                return orbit_key(dict(asks))
            except ValueError:
                pass
        return normal(asks)


@dataclass(frozen=True, slots=True)
class Sized:
    """A kind computed from a board size: n from the sizes the lessons' questions of the kind
    (with the same other parameters) name, and ``extra`` sizes."""

    title: str
    extra: tuple[int, ...] = ()
    extra_for: Mapping[str, str] | None = None
    """The other parameters the ``extra`` sizes are asked with (None: any)."""
    added: tuple[tuple[str, str], ...] = ()
    """Parameters every instance is asked with, left out when instances are compared
    (``random-tries given=solutions``: the count of a size no lesson gives is said)."""
    unprinted: bool = True
    """Sizes whose answer (the figure) a lesson page prints come last (review walk 6, F6:
    ``examined`` for compare 6, whose table lesson 3 prints; review walk 8, F1: every kind
    computed from a size, brute force n = 4 = 1820 for ``search-space``)."""

    def needs_where(self, question: Question) -> bool:
        return not question.params.get("n", "").strip().isdecimal()

    def _n(self, template: Template) -> str | None:
        n = template.question.params.get("n", "")
        if n.strip().isdecimal():
            return n.strip()
        return str(template.where.queens_n) if template.where.queens_n is not None else None

    def own(self, template: Template) -> dict[str, str] | None:
        n = self._n(template)
        if n is None:
            return None
        return {**_fixed(template.question), "n": n}

    def drawn(self, template: Template, instance: str) -> dict[str, str] | None:
        found = read_instance(instance)
        return {**_fixed(template.question), "n": found["n"]} if "n" in found else None

    def key(self, asks: Asks) -> Hashable:
        added = dict(self.added)
        return normal({k: v for k, v in asks.items() if k not in added})

    def spot(self, asks: Asks) -> Hashable | None:
        return None

    def instances(
        self, template: Template, lessons: Sequence[Lesson], rng: random.Random
    ) -> Iterator[Instance]:
        own = self.own(template)
        if own is None:
            return
        fixed = normal(_fixed(template.question))
        sizes = {int(own["n"])}
        if self.extra_for is None or normal(self.extra_for) == fixed:
            sizes.update(self.extra)
        for lesson in lessons:
            for page in lesson.pages:
                for question in page.questions:
                    same = question.kind == template.question.kind
                    if same and normal(_fixed(question)) == fixed:
                        sizes.update(_sizes_named(question))
        # a review's board is from 4 x 4 to 9 x 9 (review walk 8, F4: random tries on 10 x 10)
        ordered = sorted(n for n in sizes if SMALLEST_BOARD <= n <= LARGEST_BOARD) or sorted(sizes)
        rng.shuffle(ordered)
        found = [
            _instance(
                template.question, {**_fixed(template.question), "n": str(n), **dict(self.added)}
            )
            for n in ordered
        ]
        if self.unprinted:
            printed = printed_figures(tuple(lessons))
            found.sort(key=lambda each: right_figure(each) in printed)  # stable
        yield from found


def right_figure(instance: Instance) -> str | None:
    """The figure ``instance``'s right answer is, digits only (a choice's: the right choice's);
    None when it cannot be posed or is no figure."""
    try:
        posed = pose(instance.question, Stage().session)
    except (QuizError, StageError, ParamError):
        return None
    answer = posed.expected
    if posed.choices and answer.isdecimal() and int(answer) < len(posed.choices):
        answer = posed.choices[int(answer)]
    digits = "".join(char for char in answer if char.isdecimal())
    return digits or None


_FIGURE = re.compile(r"\d{1,3}(?:[,.\u00a0\u202f]\d{3})+(?!\d)|\d+")
"""A figure in a lesson's text: 533,331, 533.331 or 533 331 (no-break spaces), or 171."""


PRINTED_DIGITS = 3
"""The fewest digits a printed figure has to count: 11 is also a lesson's number or a page's,
not the answer printed."""
_printed: dict[
    tuple[tuple[int, ...], frozenset[tuple[str, str]]], tuple[tuple[Lesson, ...], frozenset[str]]
] = {}
"""The figures each set of lessons prints, worked out once per process (by identity, the
lessons kept, and the questions left out)."""


def printed_figures(
    lessons: tuple[Lesson, ...], unmet: frozenset[tuple[str, str]] = frozenset()
) -> frozenset[str]:
    """Every figure of :data:`PRINTED_DIGITS` digits or more the pages of ``lessons`` (the
    built-in ones and a course's, as loaded, in the student's language) print, digits only:
    their text and its code blocks, the words their questions write (prompt, hint,
    explanation, choices and the reasons a wrong one is wrong), and what a question computed
    from a size says when the lesson asks it (its prompt, hint, choices and explanation: the
    feedback the student read), and that question's right answer, whatever its digits (the
    answer practised: :func:`_practised`). Worked out from the pages, never listed by hand
    (review walk 8, F1). ``unmet``: the questions (lesson id, key) a quiz drew another
    instance of for this student, whose own instance she never read: only their written
    words count (student walk 10, item 2: the quiz's own n = 6, 180 random tries, was kept
    off a student drawn n = 7 while lesson 3's 12 and 438 were asked)."""
    key = (tuple(id(lesson) for lesson in lessons), unmet)
    known = _printed.get(key)
    if known is not None and all(a is b for a, b in zip(known[0], lessons, strict=True)):
        return known[1]
    found: set[str] = set()
    for lesson in lessons:
        for index, page in enumerate(lesson.pages):
            number = 0
            for block in page.blocks:
                met = True
                if isinstance(block, Question):
                    met = (lesson.id, f"{index}.{number}") not in unmet
                    number += 1
                for words in _printed_words(block, posed=met):
                    found.update(figures_in(words))
                practised = _practised(block) if met else None
                if practised is not None:
                    found.add(practised)
    _printed[key] = (lessons, frozenset(found))
    return frozenset(found)


def _practised(block: object) -> str | None:
    """The right answer of a lesson's question of a kind computed from a size
    (:class:`Sized`), as the lesson asks it, whatever its digits: a review's count with that
    answer is recalled, not worked out (issue 43: random tries n = 4, 12, after lesson
    3's n = 5, 12; a two-digit figure is no printed one, :data:`PRINTED_DIGITS`); None for
    another question or one that cannot be posed on no board."""
    if not isinstance(block, Question) or not isinstance(REVIEWERS.get(block.kind), Sized):
        return None
    return right_figure(Instance(block, None, 0, ()))


_ANGLES = re.compile(
    r"\d+(?:\s*,\s*\d+)*(?:,?\s+(?:and|or|e|o|i|lub|albo)\s+\d+)?\s*"
    r"(?:°|degrees?\b|grad[oi]\b|stopni\w*)",
    re.IGNORECASE,
)
"""Angles, alone or listed: "by 90, 180 and 270 degrees", "di 90, 180 e 270 gradi", "o 90, 180
i 270 stopni". They are no counts: lesson 7's half turn kept random tries' n = 6, 180, off
every review (student walk 10, item 2)."""


def figures_in(words: str) -> set[str]:
    """The figures of :data:`PRINTED_DIGITS` digits or more in ``words``, digits only (an
    angle in degrees is no figure)."""
    found: set[str] = set()
    for figure in _FIGURE.findall(_ANGLES.sub(" ", words)):
        digits = "".join(char for char in figure if char.isdecimal())
        if len(digits) >= PRINTED_DIGITS:
            found.add(digits)
    return found


def _printed_words(block: object, posed: bool = True) -> list[str]:
    """What a page's block prints: a text's Markdown; a question's own words, and for a kind
    computed from a size (:class:`Sized`) its words as posed (on no board: it needs none;
    not ``posed``: its own instance was never asked)."""
    if isinstance(block, Text):
        return [block.markdown]
    if not isinstance(block, Question):
        return []
    words = [block.prompt, block.hint, block.explain]
    words += [text for choice in block.choices for text in (choice.text, choice.why)]
    words += [reason for _number, reason in block.wrong]
    if posed and isinstance(REVIEWERS.get(block.kind), Sized):
        with suppress(QuizError, StageError, ParamError):
            asked = pose(block, Stage().session)
            words += [asked.prompt, asked.hint, asked.explanation, *asked.choices]
    return words


def shown_figures(
    instances: Iterable[tuple[str, str]], lessons: Sequence[Lesson]
) -> frozenset[str]:
    """Every figure of :data:`PRINTED_DIGITS` digits or more that the questions of a kind
    computed from a board size (:class:`Sized`) among ``instances`` (kind, text) showed: in
    their prompt, choices and explanation (review walk 7, F3: the +1 "examined" choices and
    feedback printed 85,900,584, the +2 search space's answer)."""
    found: set[str] = set()
    for kind, text in instances:
        if not isinstance(REVIEWERS.get(kind), Sized):
            continue
        base = next(
            (
                q
                for each in lessons
                for page in each.pages
                for q in page.questions
                if q.kind == kind
            ),
            None,
        )
        if base is None:
            continue
        try:
            posed = pose(plain_question(base, read_instance(text)), Stage().session)
        except (QuizError, StageError, ParamError):
            continue
        for words in (posed.prompt, posed.explanation, *posed.choices):
            found.update(figures_in(words))
    return frozenset(found)


def _fixed(question: Question) -> dict[str, str]:
    """A sized question's parameters but its size and pool."""
    return {k: v for k, v in question.params.items() if k not in ("n", "pool")}


def _sizes_named(question: Question) -> set[int]:
    """The sizes a question names: its ``n=`` and its ``pool=``."""
    sizes: set[int] = set()
    n = question.params.get("n", "").strip()
    if n.isdecimal() and len(n) <= 3:
        sizes.add(int(n))
    with suppress(ParamError):  # lessons check reports it at its line
        sizes.update(pool_sizes(Params(question.params, f"@question {question.kind}")))
    return sizes


@dataclass(frozen=True, slots=True)
class OnBoard:
    """A question about the live board: the same method on a board one size off or the same,
    at another tick where it can be asked."""

    title: str
    same_standing: bool = True
    """The board must stand as at the lesson's question (between two iterations, or just after
    a square was tested)."""
    plays: bool = False
    """The question's answer is played out on the board after it (where the queen goes next:
    the rows tested up to it), so the ticks up to it are taken (:func:`answer_tick`)."""
    dropped: tuple[str, ...] = ()
    """Parameters of the lesson's question the review leaves out (a guess's goal, which
    depends on the ticks that ask)."""

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

    def instances(
        self, template: Template, lessons: Sequence[Lesson], rng: random.Random
    ) -> Iterator[Instance]:
        where = template.where
        board = where.board
        if board is None:
            return
        sizes = self.sizes(board)
        last = min(MAX_TICK, where.tick + MAX_TICK // 2)
        spots = [(n, tick) for n in sizes for tick in range(1, last + 1)]  # tick 0: the start
        rng.shuffle(spots)
        # The opening, up to the search's first backtrack, last: it places each queen on the
        # lowest free row whatever the size, the positions (and answers) lesson 5 asks about
        # on 4 x 4 and 5 x 5 (review walk 4, F4). Stable: drawn order within each.
        resized = {n: dataclasses.replace(board, n=n) for n in sizes}  # one board a size
        openings = {n: opening_end(op) for n, op in resized.items()}
        spots.sort(key=lambda spot: spot[1] <= openings[spot[0]])
        question = plain_question(template.question, self.review_params(template))
        for n, tick in spots:
            op = resized[n]
            yield Instance(question, op, tick, tuple(self._asks(question, op, tick).items()))

    def sizes(self, board: BoardOp) -> list[int]:
        """The board sizes an instance is drawn on: one size off or the same, from 4 to 9 (a
        2 x 2 board: 4); a maze's own."""
        if board.maze is not None:
            return [board.n]
        near = (board.n - 1, board.n, board.n + 1)
        return sorted({min(max(n, SMALLEST_BOARD), LARGEST_BOARD) for n in near})

    def review_params(self, template: Template) -> dict[str, str]:
        """The parameters the review asks the lesson's question with: its own but
        :attr:`dropped`."""
        return {k: v for k, v in template.question.params.items() if k not in self.dropped}


@dataclass(frozen=True, slots=True)
class Guessing(OnBoard):
    """``guess``: the same number of ticks from another tick or on another size, allowing as
    many wrong predictions as the lesson's question allows (``slack=``: its ticks that ask
    minus its goal; review walk 4, F1), whatever the new stretch's length."""

    def key(self, asks: Asks) -> Hashable:
        return normal({k: v for k, v in asks.items() if k not in ("goal", "slack")})

    def sizes(self, board: BoardOp) -> list[int]:
        """One size off or the same, then (those boards used up: review walk 7, F6 and F10,
        every stretch back on lesson 5's 6 x 6 search while 8 x 8 and 9 x 9 had room) every
        other size from 4 to 9."""
        near = OnBoard.sizes(self, board)
        if board.maze is not None:
            return near
        return near + [n for n in range(SMALLEST_BOARD, LARGEST_BOARD + 1) if n not in near]

    def review_params(self, template: Template) -> dict[str, str]:
        params = {k: v for k, v in template.question.params.items() if k not in ("goal", "slack")}
        slack = lesson_slack(template)
        return params if slack is None else {**params, "slack": str(slack)}

    def instances(
        self, template: Template, lessons: Sequence[Lesson], rng: random.Random
    ) -> Iterator[Instance]:
        """As :meth:`OnBoard.instances`, the stretches that share a tick with a lesson's guess
        stretch on the same board (review walk 4, F8: 6 x 6 from tick 150 for 27 ticks was
        lesson 5's second and third stretches again) or with any earlier review's stretch of
        the kind (review walk 5, F5: ticks 62-89 after 59-89) last. A 6 x 6 search has room
        between lesson 5's stretches for three or four such stretches; after them the ones
        sharing ticks only with older reviews' come first."""
        with suppress(ParamError):
            span = ticks_of(Params(template.question.params, "@question guess"))
            stretches = lesson_stretches(lessons)
            reviewed = [
                ({situation: [(start, end)]}) for situation, start, end in template.reviewed
            ]
            found = list(OnBoard.instances(self, template, lessons, rng))

            near = OnBoard.sizes(self, template.where.board or BoardOp(0, 0))

            def rank(each: Instance) -> tuple[bool, int, bool, bool]:
                """Sharing no tick with a lesson's stretch nor a review's first, on a board
                one size off or the same first; then (the board has no room left) sharing
                ticks with older reviews' only, the oldest first: never the last review's
                while there are others."""
                lesson = _overlaps(each, span, stretches)
                latest = max(
                    (at for at, past in enumerate(reviewed) if _overlaps(each, span, past)),
                    default=-1,
                )
                off = each.board is not None and each.board.n not in near
                return (lesson or latest >= 0, latest, lesson, off)

            found.sort(key=rank)  # stable
            yield from found


def reviewed_stretches(instances: Iterable[str]) -> tuple[tuple[Situation, int, int], ...]:
    """The ticks each recorded guess instance played (``board=iterative mode=first size=6
    tick=59 ticks=30``): its board, from, to; an instance that does not name them is left out."""
    found = (played(text, "guess") for text in instances if "ticks" in read_instance(text))
    return tuple(each for each in found if each is not None)


def _overlaps(
    instance: Instance, span: int, stretches: Mapping[Situation, list[tuple[int, int]]]
) -> bool:
    """Whether ``instance``'s ``span`` ticks share one with a lesson's guess stretch."""
    if instance.board is None:
        return False
    start, end = instance.tick, instance.tick + span
    ranges = stretches.get(situation_of(instance.board), ())
    return any(start < their_end and their_start < end for their_start, their_end in ranges)


def lesson_stretches(lessons: Sequence[Lesson]) -> dict[Situation, list[tuple[int, int]]]:
    """The ticks each lesson's guess questions play (from, to), by board."""
    found: dict[Situation, list[tuple[int, int]]] = {}
    for lesson in lessons:
        played = where_asked_once(lesson)
        for index, page in enumerate(lesson.pages):
            for number, question in enumerate(page.questions):
                where = played.get(f"{index}.{number}")
                if question.kind != "guess" or where is None or where.board is None:
                    continue
                with suppress(ParamError):
                    span = ticks_of(Params(question.params, "@question guess"))
                    found.setdefault(situation_of(where.board), []).append(
                        (where.tick, where.tick + span)
                    )
    return found


def lesson_slack(template: Template) -> int | None:
    """How many of its ticks the lesson's guess question lets be predicted wrong, played on
    the lesson's board at its tick (None: it cannot be posed there)."""
    stage = stage_at(template.where)
    if stage is None or stage.session is None or stage.engine is None:
        return None
    params = Params(template.question.params, f"@question {template.question.kind}")
    try:
        asked = questions_ahead(stage.session.kit, stage.engine, ticks_of(params))
        return slack_of(params, asked)
    except ValueError:  # ParamError, NotAskable: lessons check reports it at its line
        return None


@dataclass(frozen=True, slots=True)
class NextState(OnBoard):
    """``next-state``: a lesson's ``of=b[4]`` asked about the column the loop is in
    (``of=b[k]``) when column 4 is the one it is in at the lesson's question: at another tick
    the same cell would mostly not move (review walk 4, F2)."""

    def review_params(self, template: Template) -> dict[str, str]:
        params = OnBoard.review_params(self, template)
        active = active_of(template, params.get("of", ""))
        return params if active is None else {**params, "of": active}


def active_of(template: Template, of: str) -> str | None:
    """``of`` (``b[4]``) named by the board's index name (``b[k]``) when that name's value at
    the lesson's question is the index (k = 4); None when it is not, or ``of`` names no entry
    by a number."""
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


def stage_at(where: Where) -> Stage | None:
    """The lesson's board at the tick of its question (None: no board, or it cannot be
    played there)."""
    if where.board is None:
        return None
    stage = Stage()
    try:
        stage.apply(where.board)
    except StageError:
        return None
    if stage.engine is not None:
        move_to(stage.engine, where.tick)
        if stage.engine.tick != where.tick:
            return None
    return stage


@functools.cache
def opening_end(board: BoardOp) -> int:
    """The tick of the first backtrack of ``board``'s search (its end when it never
    backtracks; 0 when it cannot be played): the ticks up to there are its opening."""
    stage = Stage()
    try:
        stage.apply(board)
    except StageError:
        return 0
    engine = stage.engine
    if engine is None:
        return 0
    while not engine.finished and engine.tick < MAX_TICK:
        if engine.run(Stop.TICK, max_ticks=1).ticks == 0:
            break
        if engine.last_kind is Kind.BACKTRACK:
            return engine.tick
    return engine.tick


@dataclass(frozen=True, slots=True)
class Placing:
    """``place``: the same goal on another board size."""

    title: str
    sizes: Mapping[str, tuple[int, ...]] = dataclasses.field(
        default_factory=lambda: {"solution": (4, 5, 6, 7, 8), "exhaust": (2, 3), "drive": (4, 5, 6)}
    )

    def needs_where(self, question: Question) -> bool:
        return False

    def own(self, template: Template) -> dict[str, str] | None:
        return dict(template.question.params)

    def drawn(self, template: Template, instance: str) -> dict[str, str] | None:
        return None

    def key(self, asks: Asks) -> Hashable:
        return normal(asks)

    def spot(self, asks: Asks) -> Hashable | None:
        return None

    def instances(
        self, template: Template, lessons: Sequence[Lesson], rng: random.Random
    ) -> Iterator[Instance]:
        goal = template.question.params.get("goal", "").strip()
        sizes = list(self.sizes.get(goal, ()))
        rng.shuffle(sizes)
        for n in sizes:
            params = {**template.question.params, "n": str(n)}
            yield _instance(template.question, params)


@dataclass(frozen=True, slots=True)
class Mazes:
    """``maze``: a maze of the same size, dug at random (every square reachable), asked with
    the recipe's board on it (``@board algorithm=maze maze=random:SEED:ROWSxCOLS``): once the
    question is answered, the student can step the search through it."""

    title: str

    def needs_where(self, question: Question) -> bool:
        return False

    def own(self, template: Template) -> dict[str, str] | None:
        return {"maze": "/".join(template.question.maze)}

    def drawn(self, template: Template, instance: str) -> dict[str, str] | None:
        return None

    def key(self, asks: Asks) -> Hashable:
        return asks.get("maze", "")

    def spot(self, asks: Asks) -> Hashable | None:
        return None

    def instances(
        self, template: Template, lessons: Sequence[Lesson], rng: random.Random
    ) -> Iterator[Instance]:
        lines = template.question.maze
        rows = min(max(len(lines), MIN_SIDE), MAZE_SIDE)
        cols = min(max(max((len(line) for line in lines), default=0), MIN_SIDE), MAZE_SIDE)
        for _try in range(20):
            spec = f"random:{rng.randrange(1, 2**31)}:{rows}x{cols}"
            drawn = tuple(maze_from_spec(spec).rows)
            board = BoardOp(0, 1, algorithm=MazeKit.name, maze=spec)
            question = plain_question(template.question, {}, drawn)
            yield Instance(question, board, 0, (("maze", "/".join(drawn)),))


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


_SPOT = ("board", "size", "mode", "maze", "tick")
"""What names a live board's situation: its method, size, mode (its maze) and tick."""


def lesson_spots(found: Reviewer, where: Iterable[Where]) -> set[Hashable]:
    """The situations (:meth:`Reviewer.spot`) of the live boards the lessons ask questions
    on, whatever their kind: a review never asks there (the lesson's board, state and tick)."""
    spots: set[Hashable] = set()
    for each in where:
        if each.board is None:
            continue
        spot = found.spot(board_asks(each.board, each.tick))
        if spot is not None:
            spots.add(spot)
    return spots


REVIEWERS: Mapping[str, Reviewer] = {
    "same-diagonal": Drawn(N_("same diagonal"), on_board=True),
    "array-index": Indexed(N_("array index")),
    "orbit": Solutions(N_("symmetries of a solution")),
    "rotations": Solutions(N_("rotations of a solution")),
    "queen-row": ReadB(N_("reading b[]")),
    "construct": Drawn(N_("the explicit placement")),
    "solutions": Sized(N_("how many solutions"), extra=(5, 6, 7)),
    "exists": Sized(N_("is there a solution")),
    "search-space": Sized(N_("search space"), extra=(4, 5, 6, 7, 8, 9)),
    "random-tries": Sized(
        N_("random tries"), extra=(4, 5, 6, 7, 8, 9), added=(("given", "solutions"),)
    ),
    "work": Sized(N_("the backtracker's work"), extra=(6, 8, 9)),
    "examined": Sized(N_("examined until the first solution"), extra=(4, 5, 6, 7, 8)),
    "next-choice": OnBoard(N_("where the search goes next"), plays=True),
    "next-state": NextState(N_("the state a step later")),
    "attacker": OnBoard(N_("which queen attacks")),
    "attack-rule": OnBoard(N_("by which rule")),
    "guess": Guessing(N_("predicting ticks"), same_standing=False, dropped=("goal",)),
    "place": Placing(N_("placing queens")),
    "maze": Mazes(N_("the recipe on a maze")),
}
"""How each kind is drawn anew. A kind a quiz draws per student that is not listed (added
since) is drawn from its quiz pool; any other kind is not reviewed."""


def reviewer(kind: str) -> Reviewer | None:
    """How ``kind`` is drawn anew, or None when the review cannot ask it anew."""
    found = REVIEWERS.get(kind)
    if found is None and kind in VARIED - LIVE:
        return Drawn(kind)
    return found


def standing_of(found: Reviewer, template: Template) -> bool | None:
    """How the board must stand for an instance of ``template`` (None: any way)."""
    if isinstance(found, OnBoard) and found.same_standing:
        return template.where.between
    return None


def draw(
    found: Reviewer,
    template: Template,
    lessons: Sequence[Lesson],
    rng: random.Random,
    avoid: set[Hashable],
    fresh: Fresh | None = None,
    figures: frozenset[str] = frozenset(),
) -> Instance | None:
    """The first instance of ``template`` ``rng`` draws that ``avoid`` does not hold, that
    keeps away from what ``fresh`` names (None: anywhere), whose right answer is none of
    ``figures`` (:func:`right_figure`) and the review can ask (None: none in
    :data:`MAX_TRIES`)."""
    stand = standing_of(found, template)
    boards: dict[BoardOp, Stage] = {}
    tries = 0
    for instance in found.instances(template, lessons, rng):
        asks = dict(instance.asks)
        if found.key(asks) in avoid or found.spot(asks) in avoid:
            continue
        if fresh is not None and not fresh.far(instance):
            continue  # no try: ticks compared, nothing posed
        tries += 1
        if tries > MAX_TRIES:
            return None
        if figures and right_figure(instance) in figures:
            continue
        seen = posed_at(instance, stand, boards)
        if seen is not None and (fresh is None or fresh.unlike(seen)):
            return instance
    return None


def seen_in_lessons(where: Where, question: Question, own: bool = False) -> Seen | None:
    """What the lesson question ``question`` shows and asks at ``where`` (None: it cannot be
    posed there)."""
    stage = stage_at(where)
    if stage is None or where.board is None:
        return None
    try:
        posed = pose(question, stage.session)
    except (QuizError, ParamError):
        return None
    answers = frozenset({posed.expected, *posed.also_right})
    return Seen(situation_of(where.board), _placed(stage.engine), answers, own)
