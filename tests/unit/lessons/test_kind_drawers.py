"""One instance drawer per question kind (lessons/quiz/kinds.py): quiz and review instances drawn,
or why a kind has no other, for every built-in question."""

from __future__ import annotations

import dataclasses
import random

import pytest

from lessons.quiz.drawers.base import AsWritten, Drawer, normal
from lessons.quiz.kinds import KINDS, LIVE, REVIEWED, VARIED, Kind
from lessons.review.session import Loaded
from tests.unit.lessons.review_progress import lessons


def test_a_kind_needs_a_drawer_and_the_kind_sets_are_read_from_the_drawers() -> None:
    drawer = next(field for field in dataclasses.fields(Kind) if field.name == "drawer")
    assert drawer.default is dataclasses.MISSING  # no default: a new kind must name one
    with pytest.raises(TypeError):
        Kind("new", (), KINDS["number"].pose, "a new kind")  # type: ignore[call-arg]
    # the kind sets are read from the drawers
    assert {kind for kind, entry in KINDS.items() if entry.drawer.live} == LIVE
    assert LIVE <= VARIED and {"choice", "number", "reach-n"}.isdisjoint(REVIEWED)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_draws_or_says_why_not(kind: str) -> None:
    drawer = KINDS[kind].drawer
    assert isinstance(drawer, Drawer)
    draws = drawer.varied or drawer.reviewed or drawer.reorders
    assert draws or (isinstance(drawer, AsWritten) and drawer.why), kind
    assert not drawer.reviewed or drawer.title, kind  # a review names the kind


def test_every_built_in_question_is_drawn_by_its_kinds_drawer() -> None:
    """A quiz's pool holds the lesson's instance; a review draws every built-in question."""
    known = Loaded(lessons())
    for lesson in lessons():
        for index, page in enumerate(lesson.pages):
            for number, question in enumerate(page.questions):
                drawer = KINDS[question.kind].drawer
                key = f"{index}.{number}"
                if drawer.varied and not drawer.live:
                    pool = {normal(params) for params in drawer.pool(question, 8)}
                    own = dict(question.params)
                    own.pop("pool", None)
                    assert normal(own) in pool or "pool" in question.params, (lesson.id, key)
                if drawer.reviewed:
                    template = known.template(lesson, key, drawer)
                    assert template is not None
                    offered = drawer.instances(template, known, random.Random(0))
                    assert next(iter(offered), None) is not None, (lesson.id, key)
