"""The kinds computed from a board size (solutions, exists, search space, random tries, the
backtracker's work, what a method examines): a quiz draws n from the sizes the question's
``pool=`` names (the facts the lesson taught), a review from every size the lessons name for the
kind and its own ``extra`` sizes, from 4 x 4 to 9 x 9."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator

from lessons.model import Question
from lessons.quiz.drawers.base import (
    LARGEST_BOARD,
    SMALLEST_BOARD,
    Asks,
    Drawer,
    Instance,
    Known,
    QuizDraw,
    Template,
    instance_of,
    named_sizes,
    normal,
    prefer,
    read_instance,
)


def fixed(question: Question) -> dict[str, str]:
    """A sized question's parameters but its size and pool."""
    return {k: v for k, v in question.params.items() if k not in ("n", "pool")}


def sizes_named(question: Question) -> set[int]:
    """The sizes a question names: its ``n=`` and its ``pool=``."""
    sizes = set(named_sizes(question))
    n = question.params.get("n", "").strip()
    if n.isdecimal() and len(n) <= 3:
        sizes.add(int(n))
    return sizes


class Sized(Drawer):
    """A kind computed from a board size; ``extra``: the sizes a review asks besides those the
    lessons name; ``added``: parameters every review instance is asked with, left out when
    instances are compared (``random-tries given=solutions``: the count of solutions said)."""

    varied = True
    reviewed = True
    counted = True

    def __init__(
        self, title: str, extra: tuple[int, ...] = (), added: tuple[tuple[str, str], ...] = ()
    ) -> None:
        super().__init__(title)
        self.extra = extra
        self.added = added

    def pool(self, question: Question, board_n: int | None = None) -> list[dict[str, str]]:
        params = {key: value for key, value in question.params.items() if key != "pool"}
        sizes = named_sizes(question)
        if not sizes:
            return [params]
        own = [int(params["n"])] if params.get("n", "").isdecimal() else []
        return [{**params, "n": str(n)} for n in sorted({*sizes, *own})]

    def narrowed(self, choices: list[dict[str, str]], draw: QuizDraw) -> list[dict[str, str]]:
        """Never the board size of a question of the kind drawn before it on the page, while
        the pool has another: a slip at the first (the second's figure) is named in its
        feedback."""
        taken = {q.get("n") for q in draw.taken}
        return prefer(super().narrowed(choices, draw), lambda p: p.get("n") not in taken)

    def needs_where(self, question: Question) -> bool:
        return not question.params.get("n", "").strip().isdecimal()

    def own(self, template: Template) -> dict[str, str] | None:
        n = template.question.params.get("n", "").strip()
        if not n.isdecimal():
            if template.where.queens_n is None:
                return None
            n = str(template.where.queens_n)
        return {**fixed(template.question), "n": n}

    def drawn(self, template: Template, instance: str) -> dict[str, str] | None:
        found = read_instance(instance)
        return {**fixed(template.question), "n": found["n"]} if "n" in found else None

    def key(self, asks: Asks) -> Hashable:
        added = dict(self.added)
        return normal({k: v for k, v in asks.items() if k not in added})

    def instances(self, template: Template, known: Known, rng: random.Random) -> Iterator[Instance]:
        own = self.own(template)
        if own is None:
            return
        same = normal(fixed(template.question))
        sizes = {int(own["n"]), *self.extra}
        for lesson in known.lessons:
            for page in lesson.pages:
                for question in page.questions:
                    if question.kind == template.question.kind and normal(fixed(question)) == same:
                        sizes.update(sizes_named(question))
        ordered = [n for n in sorted(sizes) if SMALLEST_BOARD <= n <= LARGEST_BOARD]
        rng.shuffle(ordered)
        for n in ordered:
            params = {**fixed(template.question), "n": str(n), **dict(self.added)}
            yield instance_of(template.question, params)
