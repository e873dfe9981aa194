"""The fourth language review (Italian and Polish, items P1-P13 and I1-I17), pinned: each test
names the item it keeps fixed and reads the tutor's own output (a lesson run's label, a rendered
message, a lesson file, a catalog), not a copy of it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.i18n import speaking
from lessons.runner import LessonRun
from solver.checker import attacks_among
from solver.messages import render
from solver.placement.board import explain_pair

ROOT = Path(__file__).resolve().parents[3]
LESSONS = ROOT / "lessons" / "builtin"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _labels(language: str) -> list[str]:
    """How every question of every built-in lesson of ``language`` is introduced."""
    i18n.set_language(language)
    labels = []
    for lesson in load_catalog(language).lessons:
        run = LessonRun(lesson, None)
        for index, page in enumerate(lesson.pages):
            if not page.questions:
                continue
            run.goto(index)
            if run.asked is not None:
                labels.append(run.question_label)
    return labels


# -- P1: no capital after a colon: "Ćwiczenie. Załóżmy", "Pytanie quizu 1 z 6. Tablica" ----


@pytest.mark.parametrize("language", ["pl", "it"])
def test_a_question_is_introduced_with_a_full_stop(language: str) -> None:
    labels = _labels(language)
    assert labels
    for label in labels:
        assert label.endswith("."), label
    assert any(label.startswith(("Ćwiczenie", "Esercizio")) for label in labels), labels


# -- P3: the queens attack, not their columns -----------------------------------------------


WHO = {"en": "the queens of", "it": "le regine delle", "pl": "hetmany z"}


@pytest.mark.parametrize("language", ["en", "it", "pl"])
@pytest.mark.parametrize(
    "squares",
    [((0, 1), (3, 1)), ((0, 4), (1, 3)), ((0, 0), (1, 1)), ((2, 1), (2, 3))],
    ids=["row", "sum", "diff", "column"],
)
def test_a_pair_is_named_by_its_queens(
    language: str, squares: tuple[tuple[int, int], tuple[int, int]]
) -> None:
    (pair,) = attacks_among(list(squares))
    with speaking(language):
        said = render(explain_pair(pair))
    assert said.startswith(WHO[language]), said
    assert not said.startswith(("columns", "kolumny", "colonne", "rows", "wiersze", "righe"))
