"""Quiz questions whose numbers are drawn per student (issue 22, part 4).

On a ``@quiz`` page, a question about the board's squares and diagonals (``same-diagonal``), the
Turin notes' array indices (``array-index``), a solution's orbit or rotations (``orbit``,
``rotations b=``), reading b[] (``queen-row``) or the explicit construction (``construct``) asks
each student its own instance: its numbers are drawn from the question's *pool* by a seed kept
with the student's progress, so the instance is the same every time that student opens the
lesson, differs from student to student (answers cannot be passed on), and never repeats a
practice question of the lesson. A solution's orbit or rotations is never drawn from an orbit
an earlier question of its quiz page states, in its words or in its feedback
(:func:`stated_orbits`): the answer would be read off one screen earlier (student walk 11, #2).
The lesson's own parameters fix what is asked (the array and
its base, the board's size, the kind of diagonal): only the numbers change. The kinds computed
from a board size (``solutions``, ``exists``, ``search-space``, ``work``, ``random-tries``,
``examined``) draw their n from the sizes the lesson names in ``pool=`` (the facts it has
taught: the tutor cannot know them), never the n of a practice question; without ``pool=`` they
are asked as written. Two questions of one kind on one quiz page never get the same instance,
nor, for these kinds, the same board size while the pool has another (a slip at the first, the
second's figure for that n, is named in its feedback).
``lessons check`` poses every instance of every pool (:func:`pool`), so each one is proven
answerable. The questions about the live board draw their situation instead
(:mod:`lessons.quiz.instances_live`).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from lessons.i18n import _
from lessons.model import Lesson, Question, Text
from lessons.parsing.params import ParamError, Params
from solver import symmetry
from solver.events import attack_rule
from solver.registry import DEFAULT_METHOD
from solver.runs import run_method

SIZED = frozenset({"solutions", "exists", "search-space", "work", "random-tries", "examined"})
"""The kinds computed from a board size: on a quiz, n is drawn from the question's ``pool=``."""
LIVE = frozenset({"next-choice", "next-state", "attacker", "attack-rule"})
"""The kinds about the live board: a quiz draws their situation (lessons/quiz/instances_live.py)."""
VARIED = (
    frozenset({"same-diagonal", "array-index", "orbit", "queen-row", "construct", "rotations"})
    | SIZED
    | LIVE
)
"""The kinds whose numbers a quiz draws per student."""
MAX_POOL_N = 32
"""The largest board size a ``pool=`` may name (each kind's own limit is checked by posing)."""
DEFAULTS = {"unique": "no", "of": "tries", "mode": "first"}
"""The value a parameter has when it is not written, for comparing two questions."""
MAX_ORBIT_N = 10
"""The largest board an orbit question draws a solution of (724 solutions)."""
DIAGONAL_BOARD = 8
"""The board a same-diagonal question draws its squares from, unless the question sits on a
smaller board (its squares must be on the board the student sees)."""


@lru_cache(maxsize=16)
def _solutions(n: int) -> tuple[tuple[int, ...], ...]:
    """Every solution of the n x n board, as the lecture's loop finds them (kept: a quiz
    page asks for them at every question it draws)."""
    return tuple(run_method(DEFAULT_METHOD, n, every=True).solutions)


def _b(values: Iterable[int]) -> str:
    return "[" + ",".join(str(v) for v in values) + "]"


def _square(text: str) -> tuple[int, int]:
    col, row = text.strip("()").split(",")
    return int(col), int(row)


def _diagonal_pool(params: dict[str, str], n: int) -> list[dict[str, str]]:
    """Pairs of squares in different rows and columns, sharing a diagonal the same way as the
    lesson's pair (sum, difference, or neither)."""
    (c1, r1), (c2, r2) = _square(params["square"]), _square(params["other"])
    wanted = attack_rule(c1, r1, c2, r2)
    squares = [(c, r) for c in range(n) for r in range(n)]
    found = []
    for a in squares:
        for b in squares:
            if a < b and a[0] != b[0] and a[1] != b[1] and attack_rule(*a, *b) == wanted:
                found.append({"square": f"{a[0]},{a[1]}", "other": f"{b[0]},{b[1]}"})
    return found


def _index_pool(params: dict[str, str]) -> list[dict[str, str]]:
    n = int(params.get("n", "8"))
    lo = 1 if params.get("base") == "pascal" else 0
    keep = {key: value for key, value in params.items() if key not in ("row", "col")}
    return [
        {**keep, "row": str(i), "col": str(j)}
        for i in range(lo, n + lo)
        for j in range(lo, n + lo)
        if i != j
    ]


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


def _sized_pool(question: Question) -> list[dict[str, str]]:
    params = {key: value for key, value in question.params.items() if key != "pool"}
    try:
        sizes = pool_sizes(Params(question.params, f"@question {question.kind}"))
    except ParamError:  # the question's own pose says so, at its line
        sizes = ()
    if not sizes:
        return [params]
    own = [int(params["n"])] if params.get("n", "").isdecimal() else []
    return [{**params, "n": str(n)} for n in sorted({*sizes, *own})]


def _solution_pool(params: dict[str, str], key: str) -> list[dict[str, str]]:
    n = len(params["b"].strip("[]").split(","))
    return [{**params, key: _b(b)} for b in _solutions(n)]


def _orbit_pool(question: Question) -> list[dict[str, str]]:
    """Every solution of the board sizes the question's ``pool=`` names (its own size
    without one): drawn by the size of its orbit, then a solution (:func:`draw`)."""
    params = {key: value for key, value in question.params.items() if key != "pool"}
    own = len(params["b"].strip("[]").split(","))
    try:
        sizes = pool_sizes(Params(question.params, f"@question {question.kind}")) or (own,)
    except ParamError:  # the question's own pose says so, at its line
        sizes = (own,)
    return [{**params, "b": _b(b)} for n in sizes if n <= MAX_ORBIT_N for b in _solutions(n)]


def orbit_size(params: dict[str, str]) -> int:
    """How many boards the 8 symmetries of the instance's solution give: 1, 2, 4 or 8."""
    return len(orbit_key(params))


def pool(question: Question, board_n: int | None = None) -> list[dict[str, str]]:
    """Every instance a student may be asked in place of ``question`` (its parameters), the
    lesson's own among them; ``board_n`` is the size of the board the question sits on."""
    params = dict(question.params)
    kind = question.kind
    if kind in SIZED:
        return _sized_pool(question)
    if kind == "rotations" and "b" in params:  # without b=: the board's own solution
        return _solution_pool(params, "b")
    if kind == "same-diagonal":
        return _diagonal_pool(params, min(board_n or DIAGONAL_BOARD, DIAGONAL_BOARD))
    if kind == "array-index":
        return _index_pool(params)
    if kind == "orbit":
        return _orbit_pool(question)
    if kind == "queen-row":
        n = len(params["b"].strip("[]").split(","))
        return [{"b": _b(b), "col": str(col)} for b in _solutions(n) for col in range(n)]
    if kind == "construct":
        n = int(params["n"])
        return [{"n": str(n), "col": str(col)} for col in range(n)]
    return [params]


def _normal(params: dict[str, str]) -> dict[str, str]:
    """A question's parameters as compared: no ``pool=``, no spaces, defaults written."""
    found = {**DEFAULTS, **{k: v.replace(" ", "").lower() for k, v in params.items()}}
    found.pop("pool", None)
    return found


def _same(a: dict[str, str], b: dict[str, str]) -> bool:
    return _normal(a) == _normal(b)


def practice_of(lesson: Lesson, kind: str) -> list[dict[str, str]]:
    """The parameters of the lesson's practice questions of ``kind`` (never drawn again)."""
    return [
        dict(block.params)
        for page in lesson.pages
        if not page.scored
        for block in page.blocks
        if isinstance(block, Question) and block.kind == kind
    ]


def orbit_key(params: dict[str, str]) -> frozenset[tuple[int, ...]]:
    return _orbit(tuple(int(v) for v in params["b"].strip("[]").split(",")))


@lru_cache(maxsize=4096)
def _orbit(values: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    return symmetry.orbit(values)


_ARRAY = re.compile(r"[\[{]\s*\d+(?:\s*,\s*\d+)+\s*[\]}]")
"""A board written in a question's words: ``[3, 0, 2, 4, 1]`` or the Turin notes' ``{0, 2, 4}``."""


def _question_words(question: Question) -> list[str]:
    """Everything a question may show the student: its prompt, hint, choices, feedback."""
    return [
        question.prompt,
        question.hint,
        question.explain,
        *(words for _value, words in question.wrong),
        *(text for choice in question.choices for text in (choice.text, choice.why)),
    ]


def _boards_in(text: str) -> Iterator[tuple[int, ...]]:
    """The solutions written in ``text`` as arrays (a list that is no solution left out)."""
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
    """Whether the counts a ``solutions n= unique=yes`` question's feedback states (the board's
    solutions and its orbits) give the size of every orbit of the n x n board: all its orbits
    have one size (the 4 solutions of 6 x 6 "fall into 1 orbit": each has an orbit of 4)."""
    if n > MAX_ORBIT_N:
        return False
    return len({len(_orbit(b)) for b in _solutions(n)}) <= 1


def stated_orbits(
    lesson: Lesson, key: str, taken: Iterable[dict[str, str]] = ()
) -> tuple[set[frozenset[tuple[int, ...]]], set[int]]:
    """What the quiz page of ``key`` (``PAGE.QUESTION``, a ``@N`` attempt suffix aside) has
    told the student about orbits before that question: the orbits of the solutions its text
    and its earlier questions (their words and feedback) write out, and of the instances drawn
    for them (``taken``); and the board sizes whose every orbit an earlier ``solutions n=
    unique=yes`` question settles (:func:`_settled_by_counts`)."""
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
        orbits.update(_orbit(b) for b in _boards_in(text))
    orbits.update(orbit_key(p) for p in taken if "b" in p)
    return orbits, sizes


def _board_n(params: dict[str, str]) -> int:
    return len(params["b"].strip("[]").split(","))


def drawable(
    question: Question, lesson: Lesson, board_n: int | None = None
) -> list[dict[str, str]]:
    """The instances of a quiz question a student may be drawn: its pool without the
    lesson's practice questions (nor, for a solution, a practice solution's orbit)."""
    practice = practice_of(lesson, question.kind)
    choices = [p for p in pool(question, board_n) if not any(_same(p, q) for q in practice)]
    if question.kind in ("orbit", "rotations") and "b" in question.params:
        seen = {orbit_key(p) for p in practice if "b" in p}  # nor a practice solution's orbit
        choices = [p for p in choices if orbit_key(p) not in seen] or choices
    return choices


def draw(
    question: Question,
    seed: int,
    key: str,
    lesson: Lesson,
    board_n: int | None = None,
    taken: Iterable[dict[str, str]] = (),
    asked_before: Iterable[str] = (),
) -> Question:
    """The instance of ``question`` the student with ``seed`` is asked at ``key`` (a question
    of another kind, or on a practice page, is returned as it is). ``taken``: the instances
    drawn for the questions of the same kind before it on its page (not asked twice, while
    the pool has others); ``asked_before``: the instances (:func:`instance_text`) the student
    answered at this question in earlier attempts (not asked again, while others are left)."""
    if question.kind not in VARIED or question.kind in LIVE or seed == 0:
        return question
    choices = drawable(question, lesson, board_n)
    taken = list(taken)
    choices = [p for p in choices if not any(_same(p, q) for q in taken)] or choices
    if question.kind in SIZED:
        # Nor another board size of one taken before it (the search space of two methods on
        # one page: the feedback naming one method's figure for n = 6 as a typical slip at the
        # first gave the second's answer away; issue 39, the student's path, walk 12).
        taken_n = {q.get("n") for q in taken}
        choices = [p for p in choices if p.get("n") not in taken_n] or choices
    before = set(asked_before)
    choices = [p for p in choices if _params_text(p) not in before] or choices
    if question.kind in ("orbit", "rotations") and "b" in question.params:
        orbits, settled = stated_orbits(lesson, key, taken)
        unsaid = [p for p in choices if orbit_key(p) not in orbits and _board_n(p) not in settled]
        choices = unsaid or choices
    if not choices:
        return question
    draws = random.Random(f"{seed}:{lesson.id}:{key}")
    if question.kind == "orbit":
        # What is asked varies, not only the numbers: first the size of the orbit (1, 2, 4
        # or 8 boards, one not drawn before on the page while another is left), then one of
        # its solutions; a student who always types 8 gets no point for it.
        drawn = {orbit_size(p) for p in taken if "b" in p}
        sizes = sorted({orbit_size(p) for p in choices})
        size = draws.choice([s for s in sizes if s not in drawn] or sizes)
        choices = [p for p in choices if orbit_size(p) == size]
    picked = draws.choice(choices)
    return dataclasses.replace(question, params=picked)


def instance_text(question: Question) -> str:
    """The drawn parameters as recorded with the answer: ``square=1,2 other=3,0``."""
    return _params_text(question.params)


def _params_text(params: dict[str, str]) -> str:
    return " ".join(f"{name}={value}" for name, value in sorted(params.items()))


def attempt_key(key: str, attempt: int) -> str:
    """What a question's draw is keyed by in the student's ``attempt``-th run of the lesson
    (0: the first, keyed as before attempts were counted): each attempt draws anew, the same
    each time that attempt is opened (student walk 6, F37)."""
    return key if attempt == 0 else f"{key}@{attempt}"


def new_seed() -> int:
    """A student's seed: never 0 (0 means "the lesson's own numbers")."""
    return random.SystemRandom().randrange(1, 2**31)
