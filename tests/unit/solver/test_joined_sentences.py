"""Sentences told one after the other (a next-choice explanation, square by square) each begin
with a capital where their first word is a plain word."""

from __future__ import annotations

import solver.kit  # noqa: F401  (registers the predict.* sentences)
from solver.messages import Joined, Message, render, sentence


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
