"""What every instance drawer shares: an instance, the lesson question it is drawn from, and the
base :class:`Drawer` (a kind with no other instance)."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import ClassVar, Protocol, TypeVar

from lessons.answers.checking import Posed
from lessons.i18n import _
from lessons.model import BoardOp, Lesson, Question
from lessons.quiz.params import ParamError, Params
from solver.registry import DEFAULT_METHOD
from solver.runs import run_method
from solver.session.board import BoardSession

Ask = Callable[[Question, BoardSession | None], Posed]
"""Poses a question on a board (lessons/quiz/pose.py); raises QuizError when it cannot."""
Asks = Mapping[str, str]
"""What an instance asks: the question's parameters, and for a question about a board its
board (``board``, ``size``, ``mode``, ``maze``) and ``tick``."""
SMALLEST_BOARD = 4
"""The smallest board a review asks on (1 x 1 to 3 x 3 have no search to practise)."""
LARGEST_BOARD = 9
"""The largest board a review asks on."""
DEFAULTS = {"unique": "no", "of": "tries", "mode": "first"}
"""The value a parameter has when it is not written, for comparing two questions."""
MAX_POOL_N = 32
"""The largest board size a ``pool=`` may name (each kind's own limit is checked by posing)."""
MAX_ORBIT_N = 10
"""The largest board an orbit question draws a solution of (724 solutions)."""
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Where:
    """The board a lesson question is asked on: the ``@board`` in force (None: none yet), its
    tick, whether it stands between two iterations, and its size when it is a queens board."""

    board: BoardOp | None = None
    tick: int = 0
    between: bool = True
    queens_n: int | None = None


@dataclass(frozen=True, slots=True)
class Template:
    """A lesson question a review draws instances of, and where the lesson asks it."""

    lesson: Lesson
    key: str
    question: Question
    where: Where
    reviewed: tuple[tuple[Situation, int, int], ...] = ()
    """The ticks earlier reviews' guess stretches played (board, from, to)."""


@dataclass(frozen=True, slots=True)
class Instance:
    """One question as a review asks it: the question (the lesson's own words left out), the
    board it is asked on (None: none), its tick, and what it asks (:data:`Asks`)."""

    question: Question
    board: BoardOp | None
    tick: int
    asks: tuple[tuple[str, str], ...]

    @property
    def text(self) -> str:
        """What was asked, as recorded with the outcome: ``n=6 unique=no``."""
        return instance_text(dict(self.asks))


Situation = tuple[str, int, bool, str | None]
"""A board as a review compares it: its method, size, mode and maze."""


def situation_of(board: BoardOp) -> Situation:
    return (board.algorithm, board.n, board.all_solutions, board.maze)


def instance_text(params: Asks) -> str:
    """``key=value`` words in key order."""
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
    """``question`` asked with ``params``, without the lesson's own words."""
    return dataclasses.replace(
        question, params=dict(params), prompt="", hint="", explain="", maze=maze or question.maze
    )


def instance_of(question: Question, params: Asks) -> Instance:
    """``question`` asked with ``params``, on no board."""
    return Instance(plain_question(question, params), None, 0, tuple(params.items()))


def prefer(choices: Sequence[T], good: Callable[[T], bool]) -> list[T]:
    """The ``good`` choices, or all of them when none is."""
    return [choice for choice in choices if good(choice)] or list(choices)


def b_text(values: Iterable[int]) -> str:
    return "[" + ",".join(str(v) for v in values) + "]"


def b_values(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in text.strip("[]").split(","))


def pool_sizes(params: Params) -> tuple[int, ...]:
    """The board sizes of ``pool=``: ``4,6,8``, ``4..8`` or both (``1,4..6``), from 1 to
    :data:`MAX_POOL_N`, in order, each once; () without it. Raises ParamError."""
    if not params.has("pool"):
        return ()
    text = params.raw["pool"]
    sizes: set[int] = set()
    for item in text.split(","):
        low, dots, high = item.strip().partition("..")
        if not low.isdecimal() or (dots and not high.isdecimal()) or len(low + high) > 4:
            raise ParamError(
                _("{directive}: pool must list board sizes, as 4,6,8 or 4..8; not {value}").format(
                    directive=params.directive, value=text
                )
            )
        first, last = int(low), int(high or low)
        if not 1 <= first <= last <= MAX_POOL_N:
            raise ParamError(
                _("{directive}: pool must list board sizes from 1 to {max}; not {value}").format(
                    directive=params.directive, max=MAX_POOL_N, value=text
                )
            )
        sizes.update(range(first, last + 1))
    return tuple(sorted(sizes))


def named_sizes(question: Question) -> tuple[int, ...]:
    """The sizes of a question's ``pool=`` (() without one, or when it cannot be read: the
    question's own pose says why, at its line)."""
    try:
        return pool_sizes(Params(question.params, f"@question {question.kind}"))
    except ParamError:
        return ()


@cache
def solutions(n: int) -> tuple[tuple[int, ...], ...]:
    """Every solution of the n x n board, as the lecture's loop finds them."""
    return tuple(run_method(DEFAULT_METHOD, n, every=True).solutions)


class Known(Protocol):
    """The lessons a review draws from, with where each asks its questions."""

    lessons: tuple[Lesson, ...]

    def where(self, lesson: Lesson) -> dict[str, Where]:
        """Where ``lesson`` asks each question, by key (``PAGE.QUESTION``)."""
        ...


@dataclass(frozen=True, slots=True)
class QuizDraw:
    """What a quiz's draw for one student knows: the lesson, the student's seed, the question's
    key (an attempt's suffix included), the size of the board it sits on, the instances drawn
    for the questions of its kind before it on its page, and the instances an earlier attempt
    asked at it."""

    lesson: Lesson
    seed: int
    key: str
    board_n: int | None = None
    taken: tuple[dict[str, str], ...] = ()
    asked_before: tuple[str, ...] = ()

    def rng(self) -> random.Random:
        return random.Random(f"{self.seed}:{self.lesson.id}:{self.key}")


class Drawer:
    """How the instances of one question kind are drawn: per student on a quiz, anew in a
    review. This base draws none: the lesson's question is asked as it is."""

    varied: ClassVar[bool] = False
    """A quiz draws the kind's numbers per student (:meth:`pool`)."""
    reorders: ClassVar[bool] = False
    """A quiz's restart asks the kind's choices in another order (:meth:`pool`)."""
    live: ClassVar[bool] = False
    """The kind asks about the live board: a quiz draws its tick."""
    reviewed: ClassVar[bool] = False
    """A review can ask the kind anew."""
    counted: ClassVar[bool] = False
    """The answer is a count computed from a board size (a figure a page may print)."""

    def __init__(self, title: str) -> None:
        self.title = title
        """The kind's name in a review (translated where shown)."""

    def pool(self, question: Question, board_n: int | None = None) -> list[dict[str, str]]:
        """Every instance a student may be asked in place of ``question`` (its own among
        them); ``board_n``: the size of the board it sits on."""
        return [dict(question.params)]

    def narrowed(self, choices: list[dict[str, str]], draw: QuizDraw) -> list[dict[str, str]]:
        """The quiz's choices kept by what the kind knows of the page: none an earlier question
        of the kind on the page was drawn, while there are others."""
        return prefer(choices, lambda p: not any(normal(p) == normal(q) for q in draw.taken))

    def picked(
        self, choices: list[dict[str, str]], draw: QuizDraw, rng: random.Random
    ) -> dict[str, str]:
        """The instance ``rng`` picks among ``choices``."""
        return rng.choice(choices)

    def drawable(
        self, question: Question, lesson: Lesson, board_n: int | None = None
    ) -> list[dict[str, str]]:
        """The instances of a quiz question a student may be drawn: its pool without the
        lesson's practice questions."""
        practice = {
            normal(block.params)
            for page in lesson.pages
            if not page.scored
            for block in page.questions
            if block.kind == question.kind
        }
        return [p for p in self.pool(question, board_n) if normal(p) not in practice]

    def only_practice(self, question: Question, lesson: Lesson, board_n: int | None = None) -> bool:
        """Every instance a quiz may draw in place of ``question`` is one the lesson's practice
        asks: the student answers it from memory (a kind drawn per student only)."""
        return self.varied and not self.live and not self.drawable(question, lesson, board_n)

    def needs_where(self, question: Question) -> bool:
        """Whether drawing ``question`` anew needs the lesson's board."""
        return False

    def own(self, template: Template) -> dict[str, str] | None:
        """What the lesson's own question asks (None: it cannot be named)."""
        return dict(template.question.params)

    def drawn(self, template: Template, instance: str) -> dict[str, str] | None:
        """What the lesson drew for the student (the instance its record keeps), or None."""
        return None

    def key(self, asks: Asks) -> Hashable:
        """What makes two instances the same question."""
        return normal(asks)

    def spot(self, asks: Asks) -> Hashable | None:
        """The board and tick an instance is asked at (None: no live board)."""
        return None

    def instances(self, template: Template, known: Known, rng: random.Random) -> Iterator[Instance]:
        """A review's instances to try, in the order ``rng`` draws them (not yet known to be
        askable)."""
        return iter(())


class AsWritten(Drawer):
    """A kind with no other instance: its question is the lesson's own words (its choices, its
    answer) or never changes. ``why`` says which (docs/lesson-format.md)."""

    def __init__(self, why: str) -> None:
        super().__init__("")
        self.why = why


class Reordered(AsWritten):
    """A choice question: no other instance, but a quiz's restart asks its choices in another
    order (``order=``), one not asked at it before while there is one: a remembered letter is
    no answer. A first attempt asks them in the lesson's order."""

    reorders = True

    def pool(self, question: Question, board_n: int | None = None) -> list[dict[str, str]]:
        params = {key: value for key, value in question.params.items() if key != "order"}
        orders = itertools.permutations(range(len(question.choices)))
        next(orders)  # the lesson's own: asked without order=
        return [params, *({**params, "order": b_text(order)} for order in orders)]

    def drawable(
        self, question: Question, lesson: Lesson, board_n: int | None = None
    ) -> list[dict[str, str]]:
        return self.pool(question, board_n)

    def narrowed(self, choices: list[dict[str, str]], draw: QuizDraw) -> list[dict[str, str]]:
        first = "@" not in draw.key
        return prefer(choices, lambda p: ("order" not in p) == first)
