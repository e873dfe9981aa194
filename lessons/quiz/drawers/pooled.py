"""The kinds whose instances a pool lists: the squares of a diagonal, an array's index, a
solution's orbit or rotations, reading b[], the explicit construction. A quiz draws one per
student, the same each time, never a practice question's; a review draws another."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Hashable, Iterable, Iterator
from functools import cache, lru_cache

from lessons.model import BoardOp, Lesson, Question, Text
from lessons.quiz.drawers.base import (
    LARGEST_BOARD,
    MAX_ORBIT_N,
    SMALLEST_BOARD,
    Asks,
    Drawer,
    Instance,
    Known,
    QuizDraw,
    Template,
    b_text,
    b_values,
    named_sizes,
    normal,
    plain_question,
    prefer,
    read_instance,
    solutions,
)
from lessons.quiz.reading import tells_slips_apart
from lessons.quiz.static import array_index
from lessons.stage import Stage
from solver import symmetry
from solver.events import attack_rule
from solver.methods.constructive.construction import construct
from solver.stepping import Stop

DIAGONAL_BOARD = 8
"""The board a same-diagonal question draws its squares from, unless it sits on a smaller one."""


class Pooled(Drawer):
    """A kind whose instances :meth:`pool` lists; ``on_board``: the question is about the
    squares of the lesson's board, which a review shows."""

    varied = True
    reviewed = True

    def __init__(self, title: str, on_board: bool = False) -> None:
        super().__init__(title)
        self.on_board = on_board

    def needs_where(self, question: Question) -> bool:
        return self.on_board

    def drawn(self, template: Template, instance: str) -> dict[str, str] | None:
        return read_instance(instance) or None

    def review_pool(self, question: Question, board_n: int | None) -> list[dict[str, str]]:
        """The instances a review draws from: the quiz's pool."""
        return self.pool(question, board_n)

    def instances(self, template: Template, known: Known, rng: random.Random) -> Iterator[Instance]:
        question, where = template.question, template.where
        board = where.board if self.on_board and where.queens_n is not None else None
        found = self.review_pool(question, where.queens_n)
        rng.shuffle(found)
        for params in found:
            yield Instance(plain_question(question, params), board, 0, tuple(params.items()))


def _square(text: str) -> tuple[int, int]:
    col, row = text.strip("()").split(",")
    return int(col), int(row)


class Diagonal(Pooled):
    """``same-diagonal``: two squares in different rows and columns that share a diagonal the
    way the lesson's pair does (sum, difference, or neither), on the board the student sees."""

    def pool(self, question: Question, board_n: int | None = None) -> list[dict[str, str]]:
        params = question.params
        n = min(board_n or DIAGONAL_BOARD, DIAGONAL_BOARD)
        (c1, r1), (c2, r2) = _square(params["square"]), _square(params["other"])
        wanted = attack_rule(c1, r1, c2, r2)
        squares = [(c, r) for c in range(n) for r in range(n)]
        return [
            {"square": f"{a[0]},{a[1]}", "other": f"{b[0]},{b[1]}"}
            for a in squares
            for b in squares
            if a < b and a[0] != b[0] and a[1] != b[1] and attack_rule(*a, *b) == wanted
        ]


class Construction(Pooled):
    """``construct``: the row of another column in the explicit placement, never one whose row
    is its column's number (the prompt names the column: the answer would stand in it); a
    review asks it on a board of its own size, from 4 x 4 to 9 x 9."""

    def pool(self, question: Question, board_n: int | None = None) -> list[dict[str, str]]:
        n = int(question.params["n"])
        b = construct(n)
        return [{"n": str(n), "col": str(col)} for col in range(n) if b[col] != col]

    def review_pool(self, question: Question, board_n: int | None) -> list[dict[str, str]]:
        return [
            {"n": str(n), "col": str(col)}
            for n in range(SMALLEST_BOARD, LARGEST_BOARD + 1)
            for col, row in enumerate(construct(n))
            if row != col
        ]


class Indexed(Pooled):
    """``array-index``: a cell of the Turin notes' c[], a[] or b[]. Two instances with the same
    answer are one question; an instance whose typical mistakes give one number is never drawn
    in a review (j = 0: i+j = i-j); each review turns to the next variant the lessons teach
    (:attr:`variants`)."""

    variants = ("array", "base")
    """The parameters that name a variant, rotated from one review to the next."""

    def pool(self, question: Question, board_n: int | None = None) -> list[dict[str, str]]:
        params = question.params
        n = int(params.get("n") or board_n or 8)  # the board's size when n= is not given
        lo = 1 if params.get("base") == "pascal" else 0
        keep = {key: value for key, value in params.items() if key not in ("row", "col")}
        return [
            {**keep, "row": str(i), "col": str(j)}
            for i in range(lo, n + lo)
            for j in range(lo, n + lo)
            if i != j
        ]

    def key(self, asks: Asks) -> Hashable:
        answer = index_answer(asks)
        return normal(asks) if answer is None else ("index", answer)

    def instances(self, template: Template, known: Known, rng: random.Random) -> Iterator[Instance]:
        for instance in super().instances(template, known, rng):
            if tells_mistakes_apart(dict(instance.asks)):
                yield instance


def _cell(asks: Asks) -> tuple[int, int, int] | None:
    n, i, j = (asks.get(name, "").strip() for name in ("n", "row", "col"))
    if not (n.isdecimal() and i.isdecimal() and j.isdecimal()) or len(n + i + j) > 9:
        return None
    return int(n), int(i), int(j)


def index_answer(asks: Asks) -> int | None:
    """The right answer of an ``array-index`` instance (None: it names no size or cell)."""
    cell = _cell(asks)
    if cell is None:
        return None
    pascal = asks.get("base", "c").strip().lower() == "pascal"
    return array_index(asks.get("array", "a").strip().lower(), cell[1], cell[2], cell[0], pascal)


def tells_mistakes_apart(asks: Asks) -> bool:
    """Whether an ``array-index`` instance gives each typical mistake a number of its own: the
    sum i+j, the difference i-j, the difference shifted by n-1, and for b[] row and column
    swapped."""
    cell = _cell(asks)
    array = asks.get("array", "a").strip().lower()
    if cell is None or array == "c":
        return True
    size, row, col = cell
    values = [row + col, row - col, row - col + size - 1]
    if array == "b":
        pascal = asks.get("base", "c").strip().lower() == "pascal"
        values.append(col - row if pascal else col - row + size - 1)
    return len(set(values)) == len(values)


class ReadB(Pooled):
    """``queen-row``: another solution's b[] to read, never one where two typical slips give
    one number (:func:`lessons.quiz.reading.tells_slips_apart`): the pool holds the lesson's
    own question as written, a quiz and a review draw none such. A review draws it on the
    board that reports it (the lecture's search for every solution of that size, at that
    tick), and two questions on one array are one question, whichever column they ask."""

    def pool(self, question: Question, board_n: int | None = None) -> list[dict[str, str]]:
        own = {"b": question.params["b"], "col": question.params["col"]}
        n = len(b_values(own["b"]))
        drawn = [
            {"b": b_text(b), "col": str(col)}
            for b in solutions(n)
            for col in range(n)
            if tells_slips_apart(b, col)
        ]
        return drawn if any(normal(each) == normal(own) for each in drawn) else [*drawn, own]

    def drawable(
        self, question: Question, lesson: Lesson, board_n: int | None = None
    ) -> list[dict[str, str]]:
        found = super().drawable(question, lesson, board_n)
        return [params for params in found if _slips_apart(params)] or found

    def review_pool(self, question: Question, board_n: int | None) -> list[dict[str, str]]:
        return [params for params in self.pool(question, board_n) if _slips_apart(params)]

    def key(self, asks: Asks) -> Hashable:
        return normal({k: v for k, v in asks.items() if k != "col"})

    def instances(self, template: Template, known: Known, rng: random.Random) -> Iterator[Instance]:
        for instance in super().instances(template, known, rng):
            b = dict(instance.asks).get("b", "").replace(" ", "")
            tick = solution_ticks(len(b.split(","))).get(b)
            if tick is None:
                yield instance
            else:
                board = BoardOp(0, tick[0], all_solutions=True)
                yield dataclasses.replace(instance, board=board, tick=tick[1])


def _slips_apart(params: Asks) -> bool:
    """Whether a queen-row instance gives each typical slip a number of its own."""
    b = b_values(params["b"])
    col = int(params["col"])
    return 0 <= col < len(b) and tells_slips_apart(b, col)


@cache
def solution_ticks(n: int) -> dict[str, tuple[int, int]]:
    """Each solution of the n x n board (``[r0,r1,...]``) with n and the tick at which the
    lecture's search for every solution reports it; none outside 4 x 4 to 9 x 9."""
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
            found.setdefault(b_text(b), (n, engine.tick))
    return found


def orbit_key(params: Asks) -> frozenset[tuple[int, ...]]:
    """The orbit of an instance's solution ``b=``."""
    return _orbit(b_values(params["b"]))


@lru_cache(maxsize=4096)
def _orbit(values: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    return symmetry.orbit(values)


def orbit_size(params: Asks) -> int:
    """How many boards the 8 symmetries of the instance's solution give: 1, 2, 4 or 8."""
    return len(orbit_key(params))


class Solutions(Pooled):
    """``orbit`` and ``rotations b=``: another solution (an orbit question: of the sizes its
    ``pool=`` names). Two solutions of one orbit are one question; a quiz never draws the orbit
    of a practice question's solution, nor one its page states before the question, and an
    orbit question first draws the size of the orbit (1, 2, 4 or 8), then a solution."""

    def __init__(self, title: str, by_size: bool = False) -> None:
        super().__init__(title)
        self.by_size = by_size

    def pool(self, question: Question, board_n: int | None = None) -> list[dict[str, str]]:
        params = {key: value for key, value in question.params.items() if key != "pool"}
        if "b" not in params:  # rotations of the board's own solution
            return [params]
        own = len(b_values(params["b"]))
        sizes = (named_sizes(question) or (own,)) if self.by_size else (own,)
        return [{**params, "b": b_text(b)} for n in sizes if n <= MAX_ORBIT_N for b in solutions(n)]

    def review_pool(self, question: Question, board_n: int | None) -> list[dict[str, str]]:
        return [
            params
            for params in self.pool(question, board_n)
            if "b" not in params or SMALLEST_BOARD <= len(b_values(params["b"])) <= LARGEST_BOARD
        ]

    def key(self, asks: Asks) -> Hashable:
        if "b" in asks:
            try:
                return orbit_key(asks)
            except ValueError:  # no list of numbers: compared as written
                pass
        return normal(asks)

    def drawable(
        self, question: Question, lesson: Lesson, board_n: int | None = None
    ) -> list[dict[str, str]]:
        """As any kind's, and while there are others, no practice solution's orbit."""
        choices = super().drawable(question, lesson, board_n)
        if "b" not in question.params:
            return choices
        return prefer(choices, lambda p: orbit_key(p) not in self._practice(question, lesson))

    def only_practice(self, question: Question, lesson: Lesson, board_n: int | None = None) -> bool:
        """Every solution the quiz may draw is of a practice solution's orbit."""
        drawn = self.drawable(question, lesson, board_n) if "b" in question.params else []
        return bool(drawn) and {orbit_key(p) for p in drawn} <= self._practice(question, lesson)

    @staticmethod
    def _practice(question: Question, lesson: Lesson) -> set[frozenset[tuple[int, ...]]]:
        """The orbits of the solutions the lesson's practice questions of the kind ask about."""
        return {
            orbit_key(dict(block.params))
            for page in lesson.pages
            if not page.scored
            for block in page.questions
            if block.kind == question.kind and "b" in block.params
        }

    def narrowed(self, choices: list[dict[str, str]], draw: QuizDraw) -> list[dict[str, str]]:
        choices = super().narrowed(choices, draw)
        if not choices or "b" not in choices[0]:
            return choices
        orbits, settled = stated_orbits(draw.lesson, draw.key, draw.taken)
        sizes = settled | counted_later(draw.lesson, draw.key)
        return prefer(
            choices, lambda p: orbit_key(p) not in orbits and len(b_values(p["b"])) not in sizes
        )

    def picked(
        self, choices: list[dict[str, str]], draw: QuizDraw, rng: random.Random
    ) -> dict[str, str]:
        if self.by_size and choices and "b" in choices[0]:
            drawn = {orbit_size(p) for p in draw.taken if "b" in p}
            sizes = sorted({orbit_size(p) for p in choices})
            size = rng.choice([s for s in sizes if s not in drawn] or sizes)
            choices = [p for p in choices if orbit_size(p) == size]
        return rng.choice(choices)


_ARRAY = re.compile(r"[\[{]\s*\d+(?:\s*,\s*\d+)+\s*[\]}]")
"""A board written in words: ``[3, 0, 2, 4, 1]`` or the Turin notes' ``{0, 2, 4}``."""


def boards_in(text: str) -> Iterator[tuple[int, ...]]:
    """The solutions written in ``text`` as arrays."""
    for match in _ARRAY.finditer(text):
        values = tuple(int(v) for v in re.findall(r"\d+", match.group()))
        if sorted(values) == list(range(len(values))) and _is_solution(values):
            yield values


def _is_solution(values: tuple[int, ...]) -> bool:
    return all(
        abs(values[i] - values[j]) != j - i
        for i in range(len(values))
        for j in range(i + 1, len(values))
    )


@lru_cache(maxsize=64)
def _settled_by_counts(n: int) -> bool:
    """Whether the n x n board's orbits all have one size: a ``solutions unique=yes``
    question's feedback (its solutions and orbits) then gives the size of each."""
    if n > MAX_ORBIT_N:
        return False
    return len({len(_orbit(b)) for b in solutions(n)}) <= 1


def _question_words(question: Question) -> list[str]:
    """Everything a question may show the student: its prompt, hint, choices, feedback."""
    return [
        question.prompt,
        question.hint,
        question.explain,
        *(words for _value, words in question.wrong),
        *(text for choice in question.choices for text in (choice.text, choice.why)),
    ]


def counted_later(lesson: Lesson, key: str) -> set[int]:
    """The board sizes whose unique solutions a question after ``key`` on its page counts: an
    orbit drawn of such a size (and its feedback) would tell part of that count."""
    page, _dot, number = key.partition("@")[0].partition(".")
    if not page.isdecimal() or not number.isdecimal() or int(page) >= len(lesson.pages):
        return set()
    later = lesson.pages[int(page)].questions[int(number) + 1 :]
    return {
        int(q.params["n"])
        for q in later
        if q.kind == "solutions"
        and q.params.get("unique", "no") == "yes"
        and q.params.get("n", "").isdecimal()
    }


def stated_orbits(
    lesson: Lesson, key: str, taken: Iterable[dict[str, str]] = ()
) -> tuple[set[frozenset[tuple[int, ...]]], set[int]]:
    """What the quiz page of ``key`` told the student about orbits before that question: the
    orbits of the solutions its text and earlier questions write out and of the instances drawn
    for them (``taken``), and the board sizes an earlier ``solutions unique=yes`` settles."""
    orbits: set[frozenset[tuple[int, ...]]] = set()
    sizes: set[int] = set()
    page_text, dot, number = key.partition("@")[0].partition(".")
    if not dot or not page_text.isdecimal() or not number.isdecimal():
        return orbits, sizes
    index, which = int(page_text), int(number)
    if index >= len(lesson.pages):
        return orbits, sizes
    words: list[str] = []
    asked = 0
    for block in lesson.pages[index].blocks:
        if isinstance(block, Question):
            if asked == which:
                break
            asked += 1
            words += _question_words(block)
            n = block.params.get("n", "")
            unique = block.kind == "solutions" and block.params.get("unique", "no") == "yes"
            if unique and n.isdecimal() and _settled_by_counts(int(n)):
                sizes.add(int(n))
        elif isinstance(block, Text):
            words.append(block.markdown)
    for text in words:
        orbits.update(_orbit(b) for b in boards_in(text))
    orbits.update(orbit_key(p) for p in taken if "b" in p)
    return orbits, sizes
