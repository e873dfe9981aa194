"""The search tree names a cut square's diagonal with the words
the narration uses for the same try ("kol+wiersz" / "wiersz-kol" in Polish, not "suma" /
"różnica"), in every language: one vocabulary for the two diagonals."""

from __future__ import annotations

import pytest

from lessons import i18n
from solver.events import Try
from solver.messages import Message, render
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.iterative.narration import narrate
from solver.stepping import Mode
from solver.tree.tree import NodeState, SearchTree
from solver.tree.view import tree_frame
from tui.widgets.tree_pane import UNICODE_CHARS

N = 5  # its first solution cuts squares by all three rules


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_a_cut_node_names_its_rule_as_the_narration_of_that_try_does(language: str) -> None:
    i18n.set_language(language)
    engine = IterativeEngine(N, Mode.FIRST)
    attacked = []
    while not engine.finished:
        event = engine.step()
        if isinstance(event, Try) and event.attackers:
            attacked.append(event)
    tree = SearchTree(N, Mode.FIRST)
    tree.follow(engine.snapshot())
    cut = [
        line.text for line in tree_frame(tree, UNICODE_CHARS).lines if line.state is NodeState.CUT
    ]
    assert len(cut) == len(attacked) > 0
    rules = set()
    for label, event in zip(cut, attacked, strict=True):
        rule = event.attackers[0].rule
        rules.add(str(rule))
        word = render(Message.of(f"tree.rule.{rule}"))
        told = render(narrate(event, N))
        assert word in label, (label, word)
        assert word in told, f"the tree says {label!r}, the narration {told!r}"
    assert rules == {"row", "sum", "diff"}
