"""How the methods' sentences name things: one square-naming order per method on every screen
and in every language (the order of the method's notes); a story's sentences each begin with a
capital unless they open with code; the maze's status counts its path in moves, as its
narration does ("reaches E after 8 moves")."""

from __future__ import annotations

import re

import pytest

import solver.kit  # noqa: F401  (registers the predict.* sentences)
from lessons import i18n
from solver.messages import Joined, Message, render, sentence
from solver.registry import make_engine, steppable_methods, stepped
from solver.stepping import Mode, Stop

STEMS = {"en": ("row", "column"), "it": ("rig", "colonn"), "pl": ("wiersz", "kolumn")}
"""The stems of the words for row and column (riga, righe; kolumna, kolumnie)."""

QUEENS = [name for name in steppable_methods() if stepped(name).queens]


def _order(text: str, language: str) -> str | None:
    """ "row" or "column": which of the two words the text names first (None: not both)."""
    row, column = (re.search(rf"\b{stem}\w*", text.lower()) for stem in STEMS[language])
    if row is None or column is None:
        return None
    return "row" if row.start() < column.start() else "column"


@pytest.mark.parametrize("language", ["en", "it", "pl"])
@pytest.mark.parametrize("method", QUEENS)
def test_the_narration_and_the_kit_name_a_square_in_one_order(method: str, language: str) -> None:
    kit = stepped(method)
    engine = kit.make_engine(5)
    view = kit.make_view()
    i18n.set_language(language)
    checked = 0
    expected = "row" if kit.wording.row_wise else "column"
    assert _order(render(kit.square_name((1, 2))), language) == expected
    while checked < 6 and engine.run(Stop.TICK, max_ticks=1).ticks:
        snapshot = engine.snapshot()
        test = kit.test_of(snapshot)
        if test is None and kit.tests_squares:
            continue
        said = [render(view.frame(snapshot, "off").narration[0])]
        if test is not None:  # a tick that tests a square: guess mode's question too
            said.append(render(kit.try_prompt(test, engine.n)))
        for text in said:  # where they name both, in the kit's order
            if _order(text, language) is not None:
                assert _order(text, language) == expected, text
                checked += 1
    # a method that tests squares names them; one that never does (a bit-mask kit) may
    # name none in its narration, and then has no order to keep
    assert checked or not kit.tests_squares, f"{method}: no sentence named a square"


def test_the_turin_method_names_a_square_row_first() -> None:
    """The Turin notes' order, as its narration reads: "Row 0, column 0: c[0] ..."."""
    assert {"iterative", "recursive", "general", "scan"} <= set(QUEENS), QUEENS  # all checked
    assert render(stepped("recursive").square_name((3, 1))) == "row 1, column 3"
    assert render(stepped("iterative").square_name((3, 1))) == "column 3, row 1"


def test_each_sentence_of_a_story_begins_with_a_capital_unless_it_opens_with_code() -> None:
    told = Joined(
        tuple(
            Message.of("predict.attacked", square=square, by="column 4, row 3", why="c[4]")
            for square in ("column 3, row 5", "column 4, row 5")
        )
    )
    text = render(Message.of("idle", text=told))
    assert "Column 3, row 5 is attacked" in text, text
    assert ". Column 4, row 5 is attacked" in text, text
    # code at a sentence's start stays as it is
    assert sentence("b = [1, 3] then") == "b = [1, 3] then"
    assert sentence("k does") == "k does"
    assert sentence("newStato builds") == "newStato builds"
    assert sentence("column 3, row 1 is free") == "Column 3, row 1 is free"


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
