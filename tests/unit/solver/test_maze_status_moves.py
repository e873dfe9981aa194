"""The maze's status line counts the path in moves, the number the narration says ("reaches E
after 8 moves")."""

from __future__ import annotations

import pytest

from lessons import i18n
from solver.registry import make_engine, stepped
from solver.stepping import Mode, Stop


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "path: {n} moves"), ("it", "percorso: {n} mosse"), ("pl", "ścieżka: {n} ruch")],
)
def test_the_status_names_the_paths_moves(language: str, words: str) -> None:
    i18n.set_language(language)
    engine = make_engine("maze", 0, Mode.FIRST, "corridor")
    engine.run(Stop.END)
    snapshot = engine.snapshot()
    moves = len(snapshot.path) - 1
    assert moves > 1
    where = stepped("maze").make_view().frame(snapshot, "off").status.where
    assert where.startswith(words.format(n=moves)), where
